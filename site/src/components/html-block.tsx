import { resolveMarkup } from '../deferred-markup.ts'

interface HtmlBlockProps {
  html: string
  className?: string
  /** Names the block in the page, for a case study's markup the build defers (deferred-markup.ts). */
  markupKey?: string
}

/** Markdown compiled and sanitised at build time by the CLI; only ever generated content. */
export function HtmlBlock({ html, className = 'prose', markupKey }: HtmlBlockProps) {
  return <div className={className} data-markup={markupKey} dangerouslySetInnerHTML={{ __html: focusableCodeBlocks(resolveMarkup(html, markupKey)) }} />
}

/** Code blocks scroll sideways when their lines are long (on phones especially); a scrolling box
 * must be focusable so keyboard users can scroll it too. Same output on server and client. */
function focusableCodeBlocks(html: string): string {
  return html.replace(/<pre(?![^>]*\stabindex=)(?=[\s>])/g, '<pre tabindex="0"')
}
