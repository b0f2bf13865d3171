import type { MouseEvent } from 'react'
import { useHref, useNavigate } from 'react-router-dom'
import { DEFERRED_MARKUP, resolveMarkup } from '../deferred-markup.ts'
import { rebaseInSiteUrls, toRouterPath } from '../in-site-links.ts'
import { toBasename } from '../paths.ts'
import { matchPath, routeIds } from '../route-match.ts'

interface HtmlBlockProps {
  html: string
  className?: string
  /** Names the block in the page, for a case study's markup the build defers (deferred-markup.ts). */
  markupKey?: string
  /** The block's language when it is not the page's (a fallback). */
  lang?: string | undefined
}

/** Markdown compiled and sanitised at build time by the CLI; only ever generated content. Its
 * in-site links get the base path, and a plain click on one moves in the app, as router links do. */
export function HtmlBlock({ html, className = 'prose', markupKey, lang }: HtmlBlockProps) {
  const basename = toBasename(useHref('/'))
  const navigate = useNavigate()
  // Deferred markup is taken from the prerendered page, whose links already carry the base.
  const markup = html === DEFERRED_MARKUP ? resolveMarkup(html, markupKey) : rebaseInSiteUrls(html, basename)
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return
    const link = event.target instanceof Element ? event.target.closest('a') : null
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return
    const to = toRouterPath(new URL(link.href), window.location.origin, basename)
    // Files of the site (the resume PDF, images) are not pages of the app: the browser opens them.
    if (to === undefined || matchPath(to.replace(/[?#].*$/, '')).id === routeIds.notFound) return
    event.preventDefault()
    void navigate(to)
  }
  return (
    // Only the links inside are handled (keyboard activation of a link is a click too).
    <div
      className={className}
      lang={lang}
      data-markup={markupKey}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: focusableCodeBlocks(markup) }}
    />
  )
}

/** Code blocks scroll sideways when their lines are long (on phones especially); a scrolling box
 * must be focusable so keyboard users can scroll it too. Same output on server and client. */
function focusableCodeBlocks(html: string): string {
  return html.replace(/<pre(?![^>]*\stabindex=)(?=[\s>])/g, '<pre tabindex="0"')
}
