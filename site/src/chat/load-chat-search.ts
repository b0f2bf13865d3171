import type { ChatLibrary } from './chat-search.ts'
import { chatDataFor } from './index-path.ts'
import { loadTextAnalysis } from './load-text-analysis.ts'
import type { ChatOverviewFile, PassageFile } from './search-config.ts'

/** The library of each language the visitor has opened the chat in (one, unless they switch). */
const pending = new Map<string, Promise<ChatLibrary>>()

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`The chat data could not be loaded (HTTP ${response.status}).`)
  return response.json() as Promise<T>
}

/**
 * The chat's library of a language (its data/…chat.json, its stemmer and the code that reads
 * them), fetched once, when the chat is first opened: no page requests either before. It fetches a
 * project's passages when a question needs them. A failed load is tried again on the next question.
 * `lang`: the page's language; `defaultLanguage`: site.language, whose data is at data/chat….
 */
export function loadChatLibrary(lang = 'en', defaultLanguage = lang): Promise<ChatLibrary> {
  const key = `${lang} ${defaultLanguage}`
  const loading = pending.get(key)
  if (loading !== undefined) return loading
  const base = import.meta.env.BASE_URL
  const paths = chatDataFor(lang, defaultLanguage)
  const library = Promise.all([
    import('./chat-search.ts'),
    fetchJson<ChatOverviewFile>(paths.overview.url(base)),
    loadTextAnalysis(lang),
  ]).then(
    ([module, overview, analysis]) =>
      module.openChatLibrary(overview, (id) => fetchJson<PassageFile>(paths.project.url(base, id)), analysis),
    (error: unknown) => {
      pending.delete(key)
      throw error
    },
  )
  pending.set(key, library)
  return library
}
