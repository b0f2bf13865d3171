import { techSlug } from '../../site/src/technologies.ts'
import type { PostSummary } from '../content/content-types.ts'
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
  /** The post a post page shows (posts/<slug>.md): it reads data/posts/<slug>.json. */
  postSlug?: string
  /** The tag a tag page lists the posts of: the tag's slug (techSlug of site/src/technologies.ts). */
  tag?: string
  /** The page's language and its siblings in the others, on a site with several (see withLanguages). */
  language?: PageLanguage
}

/**
 * A page's language on a site with several: each language's pages are the same routes under
 * `/<tag>/` (site/src/i18n/languages.ts languagePrefix), with their files under `<tag>/`.
 */
export interface PageLanguage {
  lang: string
  /** Where its pages are under the base: '' for the default language, `<tag>/` for the others. */
  prefix: string
  /** The hreflang set (this page and its translated siblings, then x-default), paths from the base; empty for a page left out of it. */
  alternates: { hreflang: string; path: string }[]
  /** A page whose main content is not translated: the source page (path from the base), its canonical. */
  sourcePath?: string
  /** Whether its language has feeds of its own (language-sites.ts): its head names them, else the default's. */
  ownFeeds?: boolean
}

/**
 * Every page to prerender, from the content (never by crawling): /, one per project, one per
 * technology that has a page (`techPages`, from site/src/technologies.ts), the writing pages when
 * any post is listed (`posts`: data/posts.json's, see writingRoutes), and the 404 page.
 */
export function listRoutes(
  projectIds: readonly string[],
  techPages: readonly { slug: string; projectIds: readonly string[] }[] = [],
  posts: readonly Pick<PostSummary, 'slug' | 'tags' | 'external'>[] = [],
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
  routes.push(...writingRoutes(posts))
  routes.push({ url: '/404', file: '404.html', status: 404 })
  const seen = new Set<string>()
  for (const route of routes) {
    if (seen.has(route.file)) throw new InternalError(`two routes write ${route.file}`)
    seen.add(route.file)
  }
  return routes
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

/**
 * /writing, one page per post of posts/*.md (a post of writing.external has no page here: it links
 * out), and one per tag of any listed post, by its slug; nothing when no post is listed.
 */
export function writingRoutes(posts: readonly Pick<PostSummary, 'slug' | 'tags' | 'external'>[]): Route[] {
  if (posts.length === 0) return []
  const routes: Route[] = [{ url: '/writing', file: 'writing/index.html', status: 200 }]
  for (const { slug, external } of posts) {
    if (external) continue
    if (!SLUG.test(slug)) throw new InternalError(`post slug "${slug}" reached routing unvalidated`)
    routes.push({ url: `/writing/${slug}`, file: `writing/${slug}/index.html`, status: 200, postSlug: slug })
  }
  const tags = [...new Set(posts.flatMap((post) => post.tags.map(techSlug)))].sort()
  for (const tag of tags) {
    if (!SLUG.test(tag)) throw new InternalError(`tag slug "${tag}" is not a slug`)
    routes.push({ url: `/writing/tags/${tag}`, file: `writing/tags/${tag}/index.html`, status: 200, tag })
  }
  return routes
}

/**
 * Each language's routes, the default's first: the same pages under its prefix (files under
 * `<tag>/`, which a language's pages and data share), each with its hreflang set. A page is in the
 * set only where `translated(route, lang)` (the default language's always is); an untranslated page
 * is still built, with a canonical link to its source page and no set, since search engines treat
 * it as a duplicate. The 404 pages have no set.
 */
export function withLanguages(
  routes: readonly Route[],
  languages: readonly string[],
  defaultLanguage: string,
  translated: (route: Route, lang: string) => boolean,
): Map<string, Route[]> {
  const prefix = (lang: string, url: string) => (lang === defaultLanguage ? '' : `${lang}/`) + url.replace(/^\//, '')
  const byLanguage = new Map<string, Route[]>()
  for (const lang of languages) {
    byLanguage.set(
      lang,
      routes.map((route) => {
        const inSet = route.status === 200 && (lang === defaultLanguage || translated(route, lang))
        const siblings = inSet ? languages.filter((other) => other === defaultLanguage || translated(route, other)) : []
        const alternates =
          siblings.length > 1
            ? [
                ...siblings.map((other) => ({ hreflang: other, path: prefix(other, route.url) })),
                { hreflang: 'x-default', path: prefix(defaultLanguage, route.url) },
              ]
            : []
        const language: PageLanguage = {
          lang,
          prefix: prefix(lang, ''),
          alternates,
          ...(route.status === 200 && !inSet ? { sourcePath: prefix(defaultLanguage, route.url) } : {}),
        }
        return { ...route, language }
      }),
    )
  }
  return byLanguage
}
