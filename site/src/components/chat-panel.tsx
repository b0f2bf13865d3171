import { useEffect, useRef, type ComponentType } from 'react'
import { loadChatTexts } from '../chat/chat-content.ts'
import { loadChatWords } from '../chat/chat-words.ts'
import { useStrings } from '../i18n/language-context.ts'
import { useChat, type ChatLanguageProps } from '../chat/use-chat.ts'
import { ChatComposer } from './chat-composer.tsx'
import { ChatReply } from './chat-reply.tsx'
import { Icon } from './icon.tsx'

interface ChatPanelProps extends ChatLanguageProps {
  id: string
  open: boolean
  onClose: () => void
}

/**
 * The chat dialog (non-modal): the conversation, quick-question chips and the composer. The
 * conversation is a log live region, so screen readers announce each new message (and the typing
 * indicator) without moving focus; it scrolls on its own and is focusable, so keyboard users can
 * scroll it too.
 */
export function ChatPanel({ id, open, onClose, ...language }: ChatPanelProps) {
  const strings = useStrings()
  const log = useRef<HTMLDivElement>(null)
  const { messages, typing, showQuickQuestions, send, prepare } = useChat(language)
  const { texts, words } = language

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
          {texts.title}
        </h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <Icon name="close" size={18} />
          <span className="visually-hidden">{strings.chatClose}</span>
        </button>
      </div>
      <div ref={log} className="chat__log" role="log" aria-live="polite" aria-label={words.conversation} tabIndex={0}>
        <ol className="chat__messages">
          {messages.map((message) => (
            <li key={message.id} className="chat__message" data-from={message.isUser ? 'user' : 'assistant'}>
              <span className="visually-hidden">{message.isUser ? words.you : words.assistant}</span>
              {message.reply ? <ChatReply reply={message.reply} onAsk={send} words={words} /> : message.text}
            </li>
          ))}
          {typing ? (
            <li className="chat__message chat__typing" data-from="assistant">
              <span className="visually-hidden">{words.typing}</span>
              <span className="chat__dots" aria-hidden="true">
                <span />
                <span />
                <span />
              </span>
            </li>
          ) : null}
        </ol>
      </div>
      {showQuickQuestions ? (
        <ul className="chat__chips" aria-label={words.suggestedQuestions}>
          {texts.quickQuestions.map((item) => (
            <li key={item.question}>
              <button type="button" className="chip" onClick={() => send(item.question)}>
                {item.question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ChatComposer onSend={send} onType={prepare} active={open} words={words} />
    </div>
  )
}

/** What the widget gives the panel: the rest (the language's texts and words) is loaded here. */
export type PanelProps = { id: string; open: boolean; onClose: () => void }

/**
 * The panel in a language, with the chat's texts and words in it loaded first. Here, in the panel's
 * chunk, rather than in the widget: every page's entry then imports only this chunk, and the
 * languages' tables stay chunks of the panel's (an entry that loads them itself makes the bundler
 * split the modules it shares with its lazy chunks into a chunk every first visit downloads).
 */
export async function panelIn(lang: string, defaultLanguage: string): Promise<ComponentType<PanelProps>> {
  const [texts, words] = await Promise.all([loadChatTexts(lang, defaultLanguage), loadChatWords(lang)])
  return (props: PanelProps) => (
    <ChatPanel {...props} lang={lang} defaultLanguage={defaultLanguage} texts={texts} words={words} />
  )
}
