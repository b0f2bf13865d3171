import type { MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Reply, ReplyPart } from '../chat/reply.ts'
import { loadProjectView } from '../project-loader.ts'
import { AppLink } from './app-link.tsx'
import { ExternalLink } from './external-link.tsx'

/**
 * An assistant's answer: paragraphs of text and links, built as React elements (the content's
 * text is never read as markup), then the quick questions it offers as buttons.
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
  // Passages link to the site's own pages (router links); anything else opens in a new tab.
  if (part.href.startsWith('/')) return <SectionLink href={part.href} text={part.text} />
  return <ExternalLink href={part.href}>{part.text}</ExternalLink>
}

/**
 * A link to a section of the site. A case study is loaded before the page changes, so it renders
 * whole at once and the scroll finds its section's anchor (a page still loading has none yet).
 */
function SectionLink({ href, text }: { href: string; text: string }) {
  const navigate = useNavigate()
  const projectId = /^\/projects\/([^/?#]+)/.exec(href)?.[1]
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!projectId || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    const go = () => void navigate(href)
    loadProjectView(decodeURIComponent(projectId)).then(go, go)
  }
  return (
    <AppLink to={href} onClick={onClick}>
      {text}
    </AppLink>
  )
}
