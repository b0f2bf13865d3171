import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { RouteErrorBoundary } from './components/route-error-boundary.tsx'
import { portfolio } from './generated/content.ts'
import { absoluteUrl, renderHead, type HeadOptions } from './head.ts'
import { homeMeta, notFoundMeta, projectMeta, techMeta, type PageMeta } from './page-meta.ts'
import { socialImage, toBasename } from './paths.ts'
import { forEachMarkup, DEFERRED_MARKUP } from './deferred-markup.ts'
import type { RenderedProject } from './generated/types.ts'
import type { PageData } from './page-data.ts'
import { CardsContext, projectCards, type Cards, type CardsSource } from './project-cards.ts'
import { ProjectViewsContext, projectViews, type ProjectSource, type ProjectViews } from './project-loader.ts'
import { AppRoutes, matchPage, routeIds } from './routes.tsx'
import { homeJsonLd, projectJsonLd, techJsonLd } from './structured-data.ts'
import { techPages } from './technologies.ts'

export interface RenderResult {
  /** Markup for `<div id="root">`. */
  html: string
  /** Tags for `<!--app-head-->`: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
  head: string
  /** The `lang` of the page (BCP 47), from the content's site.language. */
  lang: string
  /** 404 when the not-found page rendered (unknown path or unknown project id). */
  status: 200 | 404
  /** What the page carries for hydration, as JSON in its head: the home page its project cards, a
   * case study its data without the markup (which the browser takes from the rendered HTML instead
   * of downloading it twice). */
  data?: PageData
}

/**
 * Renders one route to HTML. `url` is the route path without the base (`/`, `/projects/logic-i`,
 * `/404`); `base` is the public base path (`/` or `/sub/path/`); `projects` gives a case study's
 * data by id and `cards` the project cards (the build reads compiled content, the dev server its
 * generated folder). What the page shows is loaded first, so the whole content is in the HTML. A render error
 * throws (a broken page fails the build). What a render loads is its own (given to the app through
 * context, not set on a module), so renders running at the same time in one thread cannot mix.
 */
export async function render(
  url: string,
  base: string,
  projects: ProjectSource,
  cards: CardsSource,
): Promise<RenderResult> {
  const loads: PageLoads = { views: projectViews(projects), cards: projectCards(cards) }
  const basename = toBasename(base)
  const location = basename + url.replace(/^\/+/, '')
  const { meta, status, extras, data } = await preparePage(location, basename, base, loads)
  const html = renderToString(
    <StrictMode>
      <ProjectViewsContext value={loads.views}>
        <CardsContext value={loads.cards}>
          <StaticRouter location={location} basename={basename}>
            <RouteErrorBoundary>
              <AppRoutes />
            </RouteErrorBoundary>
          </StaticRouter>
        </CardsContext>
      </ProjectViewsContext>
    </StrictMode>,
  )
  const head = renderHead(meta, {
    siteUrl: portfolio.site.url,
    siteName: portfolio.site.title,
    base,
    theme: portfolio.theme,
    ...extras,
  })
  return { html, head, lang: portfolio.site.language ?? 'en', status, ...(data ? { data } : {}) }
}

/** A copy of the project with its markup replaced by DEFERRED_MARKUP (see deferred-markup.ts). */
function withoutMarkup(project: RenderedProject): RenderedProject {
  const copy = structuredClone(project)
  forEachMarkup(copy, (_key, holder, field) => (holder[field] = DEFERRED_MARKUP))
  return copy
}

type PageExtras = Pick<HeadOptions, 'image' | 'jsonLd'>

/** What one render loads: its case studies and its cards. */
interface PageLoads {
  views: ProjectViews
  cards: Cards
}

async function preparePage(
  location: string,
  basename: string,
  base: string,
  { views, cards }: PageLoads,
): Promise<{ meta: PageMeta; status: 200 | 404; extras: PageExtras; data?: PageData }> {
  const page = matchPage(location, basename)
  const url = (path: string) => absoluteUrl(portfolio.site.url, base, path)
  const { owner } = portfolio
  if (page.id === routeIds.home) {
    // Only the home page and the tech pages show the cards: other pages never ask for them (so a
    // prerendered case study does not depend on them, and the browser does not load them there either).
    const list = await cards.load()
    const image = { path: socialImage.path(), alt: `${owner.name}, ${owner.role}: ${portfolio.hero.headline}` }
    return {
      meta: homeMeta(),
      status: 200,
      extras: { image, jsonLd: homeJsonLd(url, url(image.path), list) },
      data: { cards: list },
    }
  }
  if (page.id === routeIds.tech) {
    // Loaded for an unknown technology too: the page renders the not-found page from the cards.
    const list = await cards.load()
    const tech = techPages(list).find((t) => t.slug === page.techSlug)
    if (tech) {
      const meta = techMeta(tech, list)
      // The home page's card: a tech page is the home page's list, narrowed.
      const image = { path: socialImage.path(), alt: `${owner.name}, ${owner.role}: ${meta.description}` }
      // No data block: it would be every project's card, once more for each technology (at a
      // thousand projects, megabytes per page). The browser fetches data/cards.json before hydrating
      // instead (entry-client), the file client navigation to / reads: one request, then cached.
      return { meta, status: 200, extras: { image, jsonLd: techJsonLd(tech, list, url, meta) } }
    }
    return { meta: notFoundMeta(), status: 404, extras: {} }
  }
  if (page.id === routeIds.project) {
    const view = await views.load(page.projectId ?? '')
    if (view) {
      const { project } = view
      const image = {
        path: socialImage.path(project.id),
        alt: `${project.title}, a case study by ${owner.name}: ${project.description}`,
      }
      return {
        meta: projectMeta(project),
        status: 200,
        extras: { image, jsonLd: projectJsonLd(project, url, url(image.path)) },
        data: { project: withoutMarkup(project) },
      }
    }
  }
  return { meta: notFoundMeta(), status: 404, extras: {} }
}
