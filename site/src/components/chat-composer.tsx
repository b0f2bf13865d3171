import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import type { ChatWords } from '../chat/chat-words.ts'
import { Icon } from './icon.tsx'

interface ChatComposerProps {
  onSend: (text: string) => void
  /** Called as the visitor types (the chat loads what the question will need meanwhile). */
  onType?: () => void
  active: boolean
  words: ChatWords
}

/** The message box: Enter sends, Shift+Enter adds a line; blank messages cannot be sent. */
export function ChatComposer({ onSend, onType, active, words }: ChatComposerProps) {
  const [draft, setDraft] = useState('')
  const input = useRef<HTMLTextAreaElement>(null)
  const canSend = draft.trim().length > 0

  // Focus the box whenever the panel opens.
  useEffect(() => {
    if (active) input.current?.focus()
  }, [active])

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    onSend(draft)
    setDraft('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <form className="chat__composer" onSubmit={submit}>
      <label htmlFor="chat-input" className="visually-hidden">
        {words.yourMessage}
      </label>
      <textarea
        ref={input}
        id="chat-input"
        className="chat__input"
        rows={1}
        placeholder={words.placeholder}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value)
          if (event.target.value.trim()) onType?.()
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="chat__send" disabled={!canSend}>
        <Icon name="send" size={18} />
        <span className="visually-hidden">{words.send}</span>
      </button>
    </form>
  )
}
