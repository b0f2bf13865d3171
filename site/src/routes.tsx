import { useLocation } from 'react-router-dom'
import { App } from './app.tsx'
import { hasPosts } from './generated/content.ts'
import { HomePage } from './pages/home-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'
import { ProjectPage } from './pages/project-page.tsx'
import { TechPage } from './pages/tech-page.tsx'
import { matchPath, routeIds, type PageMatch } from './route-match.ts'
import { use } from 'react'
import { registerWritingPages } from './writing-preload.ts'

export { matchPage, matchPath, routeIds, type PageMatch } from './route-match.ts'

/** The page for the current location inside the shared layout. Used by entry-server (StaticRouter)
 * and entry-client (BrowserRouter). `hasPosts` is a constant of the generated content: the bundler
 * drops the writing pages from the app of a site without posts; with posts, they are a chunk of
 * their own (pages/writing-pages.tsx). */
export function AppRoutes() {
  const { pathname } = useLocation()
  const page = matchPath(pathname)
  return (
    <App>
      {page.id === routeIds.home ? (
        <HomePage />
      ) : page.id === routeIds.project ? (
        <ProjectPage id={page.projectId ?? ''} />
      ) : page.id === routeIds.tech ? (
        <TechPage slug={page.techSlug ?? ''} />
      ) : hasPosts && isWritingRoute(page) ? (
        <WritingRoute page={page} />
      ) : (
        <NotFoundPage />
      )}
    </App>
  )
}

/** /writing, a post or a tag page: pages of a chunk of their own (pages/writing-pages.tsx). */
export const isWritingRoute = (page: PageMatch): boolean =>
  page.id === routeIds.writing || page.id === routeIds.post || page.id === routeIds.tag

type WritingPages = typeof import('./pages/writing-pages.tsx')

let writingPages: WritingPages | undefined
let pendingPages: Promise<WritingPages> | undefined

/**
 * The writing pages' code (pages/writing-pages.tsx, a chunk of its own), loaded once: before the
 * server render and the hydration of a writing route, and by a link to one before navigating
 * (writing-preload.ts). A failed load is tried again next time.
 */
export function loadWritingPages(): Promise<WritingPages> {
  pendingPages ??= import('./pages/writing-pages.tsx').then(
    (module) => (writingPages = module),
    (error: unknown) => {
      pendingPages = undefined
      throw error
    },
  )
  return pendingPages
}

if (hasPosts) registerWritingPages(loadWritingPages)

/** The writing pages, suspending while their chunk loads (client navigation without a link's preload). */
function useWritingPages(): WritingPages {
  return writingPages ?? use(loadWritingPages())
}

function WritingRoute({ page }: { page: PageMatch }) {
  const { WritingPage, PostPage, TagPage } = useWritingPages()
  if (page.id === routeIds.post) return <PostPage slug={page.postSlug ?? ''} />
  if (page.id === routeIds.tag) return <TagPage slug={page.tagSlug ?? ''} />
  return <WritingPage />
}
