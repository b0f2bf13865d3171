import type { MouseEvent, ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { useNavigate } from 'react-router-dom'
import { AppLink } from './app-link.tsx'
import { hasPosts } from '../generated/content.ts'
import { paths } from '../paths.ts'
import { loadProjectView, prefetchProject } from '../project-loader.ts'
import { loadPostsIndex } from '../posts-loader.ts'

/** A case study and the posts index (it lists the posts about its project). */
const loadCaseStudy = (id: string) =>
  Promise.all([loadProjectView(id), hasPosts ? loadPostsIndex() : undefined]).then(([view]) => view)

/**
 * Router link to a case study. Its chunks start loading on hover or focus; a click waits for them,
 * then navigates and renders in one synchronous step, so the URL and the page change together (as
 * with a route loader). A load error is then shown by the route error page.
 */
export function ProjectLink({ id, className, children }: { id: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate()
  const to = paths.project(id)
  const prefetch = () => {
    prefetchProject(id)
    if (hasPosts) loadPostsIndex().catch(() => undefined)
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const plainClick = event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    if (!plainClick) return // let the browser open a new tab or window
    event.preventDefault()
    const go = () => flushSync(() => void navigate(to))
    loadCaseStudy(id).then(go, go)
  }
  return (
    <AppLink to={to} className={className} onMouseEnter={prefetch} onFocus={prefetch} onClick={onClick}>
      {children}
    </AppLink>
  )
}
