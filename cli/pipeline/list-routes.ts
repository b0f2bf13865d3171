import { InternalError } from '../errors.ts'

export interface Route {
  /** URL path without the base, e.g. /projects/logic-i. */
  url: string
  /** Output file relative to the site folder, e.g. projects/logic-i/index.html. */
  file: string
  /** The status the page must render with. */
  status: 200 | 404
  /** The case study a project page shows. */
  projectId?: string
  /**
   * The projects whose cards a technology page shows: it depends on theirs and on every project's
   * technologies (its links to the other pages), not on every card as the home page does.
   */
  cards?: readonly string[]
}

/**
 * Every page to prerender, from the content (never by crawling): /, one per project, one per
 * technology that has a page (`techPages`, from site/src/technologies.ts), and the 404 page.
 */
export function listRoutes(
  projectIds: readonly string[],
  techPages: readonly { slug: string; projectIds: readonly string[] }[] = [],
): Route[] {
  const routes: Route[] = [{ url: '/', file: 'index.html', status: 200 }]
  for (const id of projectIds) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new InternalError(`project id "${id}" reached routing unvalidated`)
    routes.push({ url: `/projects/${id}`, file: `projects/${id}/index.html`, status: 200, projectId: id })
  }
  for (const { slug, projectIds: cards } of techPages) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new InternalError(`tech slug "${slug}" is not a slug`)
    routes.push({ url: `/projects/tech/${slug}`, file: `projects/tech/${slug}/index.html`, status: 200, cards })
  }
  routes.push({ url: '/404', file: '404.html', status: 404 })
  const seen = new Set<string>()
  for (const route of routes) {
    if (seen.has(route.file)) throw new InternalError(`two routes write ${route.file}`)
    seen.add(route.file)
  }
  return routes
}
