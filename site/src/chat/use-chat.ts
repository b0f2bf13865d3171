import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatTexts } from './chat-content.ts'
import type { ChatWords } from './chat-words.ts'
import { siteKnowledge } from './knowledge.ts'
import { loadChatLibrary } from './load-chat-search.ts'
import { createMessage, type ChatMessage } from './message.ts'
import { replyText, replyTo, replyWithoutSearch } from './reply.ts'

/** The assistant answers after this delay, showing a typing indicator meanwhile (SPEC section 9). */
export const CHAT_REPLY_DELAY_MS = 1000

/** The chat's language: the page's, its texts and words in it, and the site's default language (whose data is at data/chat…). */
export interface ChatLanguageProps {
  lang: string
  defaultLanguage: string
  texts: ChatTexts
  words: ChatWords
}

/** The conversation, starting with the greeting. The panel that calls this mounts only on the client,
 * when the visitor first opens the chat, so creating the greeting here is not part of any server
 * render or hydration; and the search over the content starts loading then, not before. */
export function useChat({ lang, defaultLanguage, texts, words }: ChatLanguageProps) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [createMessage(texts.greeting, false)])
  const [pendingReplies, setPendingReplies] = useState(0)
  const timers = useRef(new Set<number>())
  const library = useCallback(() => loadChatLibrary(lang, defaultLanguage), [lang, defaultLanguage])

  // The overview (the owner's passages, each project's summary) and the search's code load as the chat
  // opens, so the first question waits for a project's passages at most.
  useEffect(() => {
    library().catch(() => undefined) // a failure is tried again with the first question
    const active = timers.current
    return () => active.forEach((timer) => window.clearTimeout(timer))
  }, [library])

  /** Sends a visitor message; ignored when empty or whitespace-only. */
  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim()
      if (!trimmed) return
      const question = createMessage(trimmed, true)
      setMessages((current) => [...current, question])
      setPendingReplies((count) => count + 1)
      // The passages this question needs load during the delay (none for a quick question or small
      // talk). When they cannot be loaded, the quick questions and small talk still answer.
      const search = replyWithoutSearch(trimmed, siteKnowledge(null, lang, texts, words))
        ? Promise.resolve(null)
        : library()
            .then((loaded) => loaded.searchFor(trimmed))
            .catch(() => null)
      const timer = window.setTimeout(() => {
        timers.current.delete(timer)
        void search.then((loaded) => {
          const reply = replyTo(trimmed, siteKnowledge(loaded, lang, texts, words))
          setMessages((current) => [...current, { ...createMessage(replyText(reply), false), reply }])
          setPendingReplies((count) => count - 1)
        })
      }, CHAT_REPLY_DELAY_MS)
      timers.current.add(timer)
    },
    [library, lang, texts, words],
  )

  /**
   * The visitor has started typing a question: the passages it will need load while they type, not
   * after they send it (the reply still comes after the delay, never sooner).
   */
  const prepared = useRef(false)
  const typing = useCallback(() => {
    if (prepared.current) return
    prepared.current = true
    library()
      .then((loaded) => loaded.prepare())
      .catch(() => {
        prepared.current = false // tried again with the next keystroke
      })
  }, [library])

  /** Quick-question chips show only while the conversation holds just the greeting. */
  const showQuickQuestions = messages.length === 1

  return { messages, typing: pendingReplies > 0, showQuickQuestions, send, prepare: typing }
}
