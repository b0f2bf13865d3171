import type { MouseEvent } from 'react'
import { useHref, useNavigate } from 'react-router-dom'
import type { ChatWords } from '../chat/chat-words.ts'
import type { Reply, ReplyPart } from '../chat/reply.ts'

/**
 * An assistant's answer: paragraphs of text and links, built as React elements (the content's
 * text is never read as markup), then the quick questions it offers as buttons.
 *
 * Links are plain anchors with the router's navigation rather than AppLink and ExternalLink: this
 * chunk importing those would make the bundler move them (and what they import) out of the pages'
 * bundle into a shared chunk, and change what every first visit downloads.
 */
export function ChatReply({
  reply,
  onAsk,
  words,
}: {
  reply: Reply
  onAsk: (question: string) => void
  words: ChatWords
}) {
  return (
    <>
      {reply.paragraphs.map((parts, index) => (
        <p key={index} className="chat__paragraph">
          {parts.map((part, at) => (
            <ReplyPiece key={at} part={part} newTab={words.opensInNewTab} />
          ))}
        </p>
      ))}
      {reply.suggestions.length > 0 ? (
        <ul className="chat__suggestions" aria-label={words.youCouldAsk}>
          {reply.suggestions.map((question) => (
            <li key={question}>
              <button type="button" className="chip" onClick={() => onAsk(question)}>
                {question}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

function ReplyPiece({ part, newTab }: { part: ReplyPart; newTab: string }) {
  if (part.kind === 'text') return part.text
  if (part.href.startsWith('/')) return <SectionLink href={part.href} text={part.text} />
  return (
    <a href={part.href} target="_blank" rel="noopener noreferrer">
      {part.text}
      <span className="visually-hidden">{newTab}</span>
    </a>
  )
}

/**
 * A link to a section of the site, moving there in the app on a plain click. A case study that is
 * still loading is scrolled to its section when it renders, by the site's scroll handling
 * (useScrollOnNavigate), as for every in-app link.
 */
function SectionLink({ href, text }: { href: string; text: string }) {
  const navigate = useNavigate()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    void navigate(href)
  }
  return (
    <a href={useHref(href)} onClick={onClick}>
      {text}
    </a>
  )
}
