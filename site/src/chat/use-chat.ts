import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { portfolio } from '../generated/content.ts'
import { useAssetUrl } from '../hooks/use-asset-url.ts'
import { paths } from '../paths.ts'
import { chatContent } from './chat-content.ts'
import { siteKnowledge } from './knowledge.ts'
import { createMessage, type ChatMessage } from './message.ts'
import { replyTo } from './reply.ts'

/** The assistant answers after this delay, showing a typing indicator meanwhile (SPEC section 9). */
export const CHAT_REPLY_DELAY_MS = 1000

/** The conversation, starting with the greeting. The panel that calls this mounts only on the client,
 * when the visitor first opens the chat, so creating the greeting here is not part of any server
 * render or hydration. */
export function useChat() {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [createMessage(chatContent.greeting, false)])
  const [pendingReplies, setPendingReplies] = useState(0)
  const timers = useRef(new Set<number>())
  const resumeUrl = useAssetUrl(portfolio.resume.file ?? paths.generatedResume)
  const knowledge = useMemo(() => siteKnowledge(resumeUrl), [resumeUrl])

  useEffect(() => {
    const active = timers.current
    return () => active.forEach((timer) => window.clearTimeout(timer))
  }, [])

  /** Sends a visitor message; ignored when empty or whitespace-only. */
  const send = useCallback(
    (text: string) => {
      const trimmed = text.trim()
      if (!trimmed) return
      const question = createMessage(trimmed, true)
      setMessages((current) => [...current, question])
      setPendingReplies((count) => count + 1)
      const timer = window.setTimeout(() => {
        timers.current.delete(timer)
        const answer = createMessage(replyTo(trimmed, knowledge), false)
        setMessages((current) => [...current, answer])
        setPendingReplies((count) => count - 1)
      }, CHAT_REPLY_DELAY_MS)
      timers.current.add(timer)
    },
    [knowledge],
  )

  /** Quick-question chips show only while the conversation holds just the greeting. */
  const showQuickQuestions = messages.length === 1

  return { messages, typing: pendingReplies > 0, showQuickQuestions, send }
}
