/** Which page a path shows: kept apart from routes.tsx (which imports every page) so components
 * inside pages can match paths too. */

export const routeIds = {
  home: 'home',
  project: 'project',
  tech: 'tech',
  writing: 'writing',
  post: 'post',
  tag: 'tag',
  notFound: 'not-found',
} as const

export interface PageMatch {
  id: (typeof routeIds)[keyof typeof routeIds]
  projectId?: string
  /** The technology of a tech page (its slug). */
  techSlug?: string
  /** The post of a post page (its slug). */
  postSlug?: string
  /** The tag of a tag page (its slug). */
  tagSlug?: string
}

/** `/projects/<id>`, with or without a trailing slash; the id is one path segment. */
const projectPattern = /^\/projects\/([^/]+)\/?$/i
/** `/projects/tech/<slug>`: two segments, so no project id can match it. */
const techPattern = /^\/projects\/tech\/([^/]+)\/?$/i
/** `/writing`, the list of posts. */
const writingPattern = /^\/writing\/?$/i
/** `/writing/<slug>`: one segment. */
const postPattern = /^\/writing\/([^/]+)\/?$/i
/** `/writing/tags/<slug>`: two segments, so no post's slug can match it. */
const tagPattern = /^\/writing\/tags\/([^/]+)\/?$/i

/**
 * Which page a router path (basename already removed: `/`, `/projects/logic-i`) shows. The site has
 * seven kinds of page, so they are matched here directly rather than with a route table: that keeps
 * react-router's route-matching and data-router code out of the bundle every visitor downloads.
 */
export function matchPath(path: string): PageMatch {
  if (path === '/' || path === '') return { id: routeIds.home }
  const project = projectPattern.exec(path)
  if (project?.[1]) return { id: routeIds.project, projectId: safeDecode(project[1]) }
  const tech = techPattern.exec(path)
  if (tech?.[1]) return { id: routeIds.tech, techSlug: safeDecode(tech[1]) }
  if (writingPattern.test(path)) return { id: routeIds.writing }
  const tag = tagPattern.exec(path)
  if (tag?.[1]) return { id: routeIds.tag, tagSlug: safeDecode(tag[1]) }
  const post = postPattern.exec(path)
  if (post?.[1]) return { id: routeIds.post, postSlug: safeDecode(post[1]) }
  return { id: routeIds.notFound }
}

/** Which page a full URL path shows (`pathname` includes the basename, `/` or `/sub/path/`). */
export function matchPage(pathname: string, basename: string): PageMatch {
  const prefix = basename.replace(/\/$/, '')
  if (
    prefix &&
    pathname.toLowerCase() !== prefix.toLowerCase() &&
    !pathname.toLowerCase().startsWith(`${prefix.toLowerCase()}/`)
  ) {
    return { id: routeIds.notFound }
  }
  return matchPath(pathname.slice(prefix.length) || '/')
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
