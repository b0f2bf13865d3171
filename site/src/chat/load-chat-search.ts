import type { ChatSearch } from './chat-search.ts'
import type { ChatIndexFile } from './search-config.ts'
import { chatIndexData } from './index-path.ts'

let pending: Promise<ChatSearch> | undefined

/**
 * The search over the content (data/chat-index.json and the code that reads it), fetched once, when
 * the chat is first opened: no page requests either before. A failed load is tried again on the
 * next question.
 */
export function loadChatSearch(): Promise<ChatSearch> {
  pending ??= Promise.all([
    import('./chat-search.ts'),
    fetch(chatIndexData.url(import.meta.env.BASE_URL)).then((response) => {
      if (!response.ok) throw new Error(`The chat index could not be loaded (HTTP ${response.status}).`)
      return response.json() as Promise<ChatIndexFile>
    }),
  ]).then(
    ([module, file]) => module.loadChatSearch(file),
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}
