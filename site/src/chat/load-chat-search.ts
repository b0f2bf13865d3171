import type { ChatLibrary } from './chat-search.ts'
import { chatData } from './index-path.ts'
import type { ChatOverviewFile, PassageFile } from './search-config.ts'

let pending: Promise<ChatLibrary> | undefined

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`The chat data could not be loaded (HTTP ${response.status}).`)
  return response.json() as Promise<T>
}

/**
 * The chat's library (data/chat.json and the code that reads it), fetched once, when the chat is
 * first opened: no page requests either before. It fetches a project's passages when a question
 * needs them. A failed load is tried again on the next question.
 */
export function loadChatLibrary(): Promise<ChatLibrary> {
  const base = import.meta.env.BASE_URL
  pending ??= Promise.all([import('./chat-search.ts'), fetchJson<ChatOverviewFile>(chatData.overview.url(base))]).then(
    ([module, overview]) =>
      module.openChatLibrary(overview, (id) => fetchJson<PassageFile>(chatData.project.url(base, id))),
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}
