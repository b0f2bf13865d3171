import { useEffect, useRef, type MouseEvent } from 'react'
import { useHref, useLocation, useNavigate } from 'react-router-dom'
import type { Reply, ReplyPart } from '../chat/reply.ts'

/**
 * An assistant's answer: paragraphs of text and links, built as React elements (the content's
 * text is never read as markup), then the quick questions it offers as buttons.
 *
 * Links are plain anchors with the router's navigation rather than AppLink and ExternalLink: this
 * chunk importing those would make the bundler move them (and what they import) out of the pages'
 * bundle into a shared chunk, and change what every first visit downloads.
 */
export function ChatReply({ reply, onAsk }: { reply: Reply; onAsk: (question: string) => void }) {
  return (
    <>
      {reply.paragraphs.map((parts, index) => (
        <p key={index} className="chat__paragraph">
          {parts.map((part, at) => (
            <ReplyPiece key={at} part={part} />
          ))}
        </p>
      ))}
      {reply.suggestions.length > 0 ? (
        <ul className="chat__suggestions" aria-label="You could ask">
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

function ReplyPiece({ part }: { part: ReplyPart }) {
  if (part.kind === 'text') return part.text
  if (part.href.startsWith('/')) return <SectionLink href={part.href} text={part.text} />
  return (
    <a href={part.href} target="_blank" rel="noopener noreferrer">
      {part.text}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  )
}

/** How long a section link waits for its page to render the section (a case study loads its data first). */
const SECTION_WAIT_MS = 5000

/**
 * A link to a section of the site, moving there in the app on a plain click. A case study reached
 * this way renders once its data has loaded, after the router's own scroll has looked for the
 * anchor: so the link scrolls to the section itself when it appears.
 */
function SectionLink({ href, text }: { href: string; text: string }) {
  const navigate = useNavigate()
  const location = useLocation()
  const target = useRef<{ id: string; until: number } | null>(null)
  const id = decodeURIComponent(href.split('#')[1] ?? '')

  useEffect(() => {
    const wanted = target.current
    if (!wanted) return
    let frame = 0
    const look = () => {
      const section = document.getElementById(wanted.id)
      // As scroll.ts's scrollToId does, without importing it (see ChatReply): jump there, focus the section.
      section?.scrollIntoView({ block: 'start' })
      section?.focus({ preventScroll: true })
      if (section || performance.now() > wanted.until) target.current = null
      else frame = requestAnimationFrame(look)
    }
    frame = requestAnimationFrame(look)
    return () => cancelAnimationFrame(frame)
  }, [location])

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    target.current = id ? { id, until: performance.now() + SECTION_WAIT_MS } : null
    void navigate(href)
  }
  return (
    <a href={useHref(href)} onClick={onClick}>
      {text}
    </a>
  )
}
