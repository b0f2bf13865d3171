import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom'
import { App } from './app.tsx'
import { HomePage } from './pages/home-page.tsx'
import { NotFoundPage } from './pages/not-found-page.tsx'
import { ProjectPage } from './pages/project-page.tsx'
import { PROJECT_ROUTE_PATH } from './paths.ts'

export const routeIds = {
  home: 'home',
  project: 'project',
  notFound: 'not-found',
} as const

/** Shared by entry-server (StaticRouter) and entry-client (BrowserRouter). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <App />,
    children: [
      { id: routeIds.home, index: true, element: <HomePage /> },
      { id: routeIds.project, path: PROJECT_ROUTE_PATH, element: <ProjectPage /> },
      { id: routeIds.notFound, path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function AppRoutes() {
  return useRoutes(routes)
}

/** Which page a path shows: `{ id: 'project', projectId }` etc. `pathname` includes the basename. */
export function matchPage(pathname: string, basename: string): { id: string; projectId?: string } {
  const leaf = matchRoutes(routes, pathname, basename)?.at(-1)
  return { id: leaf?.route.id ?? routeIds.notFound, projectId: leaf?.params.id }
}
