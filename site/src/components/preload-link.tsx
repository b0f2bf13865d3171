import type { MouseEvent, ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { useNavigate } from 'react-router-dom'
import { AppLink } from './app-link.tsx'

/**
 * A router link to a page whose data is fetched (a post, the posts index): the data starts loading
 * on hover or focus, and a click waits for it, then navigates and renders in one step, so the URL
 * and the page change together (as ProjectLink does for a case study). A failed load navigates
 * anyway; the page then shows the route error.
 */
export function PreloadLink({
  to,
  load,
  className,
  children,
  onClick: onClickFirst,
  ...rest
}: {
  to: string
  load: () => Promise<unknown>
  className?: string
  /** Called first on any click (the menu closes itself). */
  onClick?: () => void
  children: ReactNode
  'aria-current'?: 'page' | undefined
}) {
  const navigate = useNavigate()
  const prefetch = () => void load().catch(() => undefined)
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClickFirst?.()
    const plainClick = event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    if (!plainClick) return // let the browser open a new tab or window
    event.preventDefault()
    const go = () => flushSync(() => void navigate(to))
    load().then(go, go)
  }
  return (
    <AppLink {...rest} to={to} className={className} onMouseEnter={prefetch} onFocus={prefetch} onClick={onClick}>
      {children}
    </AppLink>
  )
}
