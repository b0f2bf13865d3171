import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { RouteErrorBoundary } from './components/route-error-boundary.tsx'
import { portfolio } from './generated/content.ts'
import { renderHead } from './head.ts'
import { homeMeta, notFoundMeta, projectMeta, type PageMeta } from './page-meta.ts'
import { toBasename } from './paths.ts'
import { loadProjectView } from './project-loader.ts'
import { AppRoutes, matchPage, routeIds } from './routes.tsx'

export interface RenderResult {
  /** Markup for `<div id="root">`. */
  html: string
  /** Tags for `<!--app-head-->`: title, description, canonical, Open Graph, Twitter card. */
  head: string
  /** 404 when the not-found page rendered (unknown path or unknown project id). */
  status: 200 | 404
}

/**
 * Renders one route to HTML. `url` is the route path without the base (`/`, `/projects/logic-i`,
 * `/404`); `base` is the public base path (`/` or `/sub/path/`). A case study's chunks are awaited
 * first, so its whole content is in the HTML. A render error throws (a broken page fails the build).
 */
export async function render(url: string, base: string): Promise<RenderResult> {
  const basename = toBasename(base)
  const location = basename + url.replace(/^\/+/, '')
  const { meta, status } = await preparePage(location, basename)
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={location} basename={basename}>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </StaticRouter>
    </StrictMode>,
  )
  return { html, head: renderHead(meta, portfolio.site.url, portfolio.site.title, base), status }
}

async function preparePage(location: string, basename: string): Promise<{ meta: PageMeta; status: 200 | 404 }> {
  const page = matchPage(location, basename)
  if (page.id === routeIds.home) return { meta: homeMeta(), status: 200 }
  if (page.id === routeIds.project) {
    const view = await loadProjectView(page.projectId ?? '')
    if (view) return { meta: projectMeta(view.project), status: 200 }
  }
  return { meta: notFoundMeta(), status: 404 }
}
