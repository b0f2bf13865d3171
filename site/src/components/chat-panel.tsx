import { useEffect, useRef } from 'react'
import type { ChatMessage } from '../chat/message.ts'
import { useChat } from '../chat/use-chat.ts'
import { portfolio } from '../generated/content.ts'
import { ChatComposer } from './chat-composer.tsx'
import { Icon } from './icon.tsx'

interface ChatPanelProps {
  id: string
  greeting: ChatMessage
  open: boolean
  onClose: () => void
}

/** The chat dialog: message log (a polite live region), quick-question chips and the composer. */
export function ChatPanel({ id, greeting, open, onClose }: ChatPanelProps) {
  const log = useRef<HTMLOListElement>(null)
  const { messages, typing, showQuickQuestions, send } = useChat(greeting)

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight })
  }, [messages.length, typing, open])

  return (
    <div id={id} className="chat__panel" role="dialog" aria-labelledby={`${id}-title`} hidden={!open}>
      <div className="chat__header">
        <span className="chat__avatar" aria-hidden="true">
          <Icon name="chat" size={18} />
        </span>
        <h2 id={`${id}-title`} className="chat__title">
          {portfolio.chat.title}
        </h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <Icon name="close" size={18} />
          <span className="visually-hidden">Close chat</span>
        </button>
      </div>
      <ol ref={log} className="chat__log" aria-live="polite" aria-label="Conversation">
        {messages.map((message) => (
          <li key={message.id} className="chat__message" data-from={message.isUser ? 'user' : 'assistant'}>
            <span className="visually-hidden">{message.isUser ? 'You: ' : 'Assistant: '}</span>
            {message.text}
          </li>
        ))}
        {typing ? (
          <li className="chat__message chat__typing" data-from="assistant">
            <span className="visually-hidden">Assistant is typing</span>
            <span className="chat__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          </li>
        ) : null}
      </ol>
      {showQuickQuestions ? (
        <ul className="chat__chips" aria-label="Suggested questions">
          {portfolio.chat.quickQuestions.map((item) => (
            <li key={item.question}>
              <button type="button" className="chip" onClick={() => send(item.question)}>
                {item.question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ChatComposer onSend={send} active={open} />
    </div>
  )
}
