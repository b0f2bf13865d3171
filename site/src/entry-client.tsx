import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { RouteErrorBoundary } from './components/route-error-boundary.tsx'
import { captureServerMarkup } from './deferred-markup.ts'
import type { RenderedProject } from './generated/types.ts'
import { PAGE_DATA_ID, toBasename } from './paths.ts'
import { loadProjectCards } from './project-cards.ts'
import { loadProjectView, provideProject } from './project-loader.ts'
import { AppRoutes, matchPage, routeIds } from './routes.tsx'

const basename = toBasename(import.meta.env.BASE_URL)

// The home page under a base path is served at `/sub/` but may be reached as `/sub`; give the
// router the URL its basename expects (a same-document replace, before anything renders).
if (`${window.location.pathname}/` === basename) {
  window.history.replaceState(window.history.state, '', basename + window.location.search + window.location.hash)
}

/** On a case-study page, have its data BEFORE hydrating, so the first client render is synchronous
 * and matches the server HTML exactly. The page carries the data as JSON, without the markup
 * (prose, diagrams), which is taken from the rendered page rather than downloaded twice. */
async function preparePage(root: HTMLElement): Promise<void> {
  const page = matchPage(window.location.pathname, basename)
  if (page.id === routeIds.home) {
    await loadProjectCards().catch(() => undefined)
    return
  }
  if (page.id !== routeIds.project) return
  captureServerMarkup(root)
  const inline = readPageData()
  if (inline && inline.id === page.projectId) return provideProject(inline)
  // No data in the page (an older build, a hand-made page): fetch it. A failed load is shown by the
  // route error boundary when the page renders.
  await loadProjectView(page.projectId ?? '').catch(() => undefined)
}

function readPageData(): RenderedProject | undefined {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return undefined
  try {
    return JSON.parse(text) as RenderedProject
  } catch {
    return undefined
  }
}

const container = document.getElementById('root')
if (container) {
  await preparePage(container)
  // Hydrating in a transition lets React yield to the browser between chunks of work, so no single
  // long task blocks input while the page becomes interactive; a click on a part not hydrated yet
  // hydrates that part first and is then handled.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        {/* Plain (non-transition) updates: project links load before they navigate, and flushSync
            then commits the new page in the same task as the URL change. */}
        <BrowserRouter basename={basename} useTransitions={false}>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
      </StrictMode>,
    )
  })
}
