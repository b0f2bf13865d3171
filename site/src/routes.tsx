import { useLocation } from 'react-router-dom'
import { App } from './app.tsx'
import { hasPosts } from './generated/content.ts'
import { HomePage } from './pages/home-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'
import { PostPage } from './pages/post-page.tsx'
import { ProjectPage } from './pages/project-page.tsx'
import { TagPage } from './pages/tag-page.tsx'
import { TechPage } from './pages/tech-page.tsx'
import { WritingPage } from './pages/writing-page.tsx'
import { matchPath, routeIds } from './route-match.ts'

export { matchPage, matchPath, routeIds, type PageMatch } from './route-match.ts'

/** The page for the current location inside the shared layout. Used by entry-server (StaticRouter)
 * and entry-client (BrowserRouter). `hasPosts` is a constant of the generated content: the bundler
 * drops the writing pages from the app of a site without posts. */
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
      ) : hasPosts && page.id === routeIds.writing ? (
        <WritingPage />
      ) : hasPosts && page.id === routeIds.post ? (
        <PostPage slug={page.postSlug ?? ''} />
      ) : hasPosts && page.id === routeIds.tag ? (
        <TagPage slug={page.tagSlug ?? ''} />
      ) : (
        <NotFoundPage />
      )}
    </App>
  )
}
