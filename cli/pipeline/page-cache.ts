import { entryKind, type Store } from '../cache/store.ts'
import { sha256Hex } from '../sha256.ts'
import { openSiteInPlace, type Outputs, type SiteInPlace } from '../cache/site-in-place.ts'
import type { PageScan } from './scan-page.ts'
import type { Route } from './list-routes.ts'

/**
 * What a prerendered page is made from, so a rebuild renders only the pages an edit changed and
 * hard-links the others from the site in place (cache/site-in-place.ts). A page's key is a store key
 * of its inputs: the app that renders it (the app build's key: bundle, HTML shell, base path), its
 * route, and its data (a case study's JSON as the site holds it); the store adds the tool's version.
 * The project cards enter a page only if its render asked for them (the home page), and then its
 * record says which cards it saw; so does the posts index (the home page, case studies, the writing
 * pages), and a post page's key holds its post's data (data/posts/<slug>.json as the site holds it).
 */

/** The manifest of a site's pages; a page's own key (pageKey) is made under the same kind. */
const PAGES = entryKind<Outputs<PageData>>('pages')

export interface PageCache {
  /** Where the manifest of the pages is kept. */
  store: Store
  /** The folder the pages are built into: it holds the previous build's pages until this one replaces them. */
  site: string
  /** The app build's key (site-cache.ts): differs for any other bundle, shell or base path. */
  siteKey: string
  /** A hash of each case study's data as the site holds it (data/projects/<id>.json), by id. */
  projectHashes: ReadonlyMap<string, string>
  /** A hash of the project cards as the site holds them. */
  cardsHash: string
  /** A hash of each project's card, by id. */
  cardHashes: ReadonlyMap<string, string>
  /** A hash of every project's technologies (which technology pages exist, with how many projects). */
  techHash: string
  /** A hash of each post's data as the site holds it (data/posts/<slug>.json), by slug (WrittenData.postHashes). */
  postHashes: ReadonlyMap<string, string>
  /** A hash of the posts index as the site holds it (data/posts.json; WrittenData.postsHash). */
  postsHash: string
  /**
   * For a language other than the default: a hash of its own files every one of its pages reads
   * (its data/portfolio.json and data/chat-texts.json), which the app build's key does not cover.
   */
  languageHash?: string
}

/** What the build needs of a page besides its bytes: its output check, and the cards and the posts index it saw if it asked for them. */
export interface PageData {
  scan: PageScan
  cards?: string
  posts?: string
}

export function pageKey(cache: PageCache, route: Route): string {
  const data =
    route.projectId !== undefined
      ? (cache.projectHashes.get(route.projectId) ?? 'missing')
      : route.postSlug !== undefined
        ? `post\0${cache.postHashes.get(route.postSlug) ?? 'missing'}`
        : ''
  // A page's language names its hreflang set and canonical, which change with other languages' translations.
  const language = route.language ? `${JSON.stringify(route.language)}\0${cache.languageHash ?? ''}` : ''
  return PAGES.key(cache.store, cache.siteKey, route.url, route.file, String(route.status), data, language)
}

/** What a rendered page is recorded with: its output check, and what it saw of the cards and of the posts index if it read them. */
export function pageRecord(
  cache: PageCache,
  route: Route,
  page: { scan: PageScan; usedCards: boolean; usedPosts: boolean },
): PageData {
  return {
    scan: page.scan,
    ...(page.usedCards ? { cards: cardsSeen(cache, route) } : {}),
    ...(page.usedPosts ? { posts: postsSeen(cache) } : {}),
  }
}

/** What a page that read the posts index is recorded to have seen of it: the whole index. */
export const postsSeen = (cache: PageCache): string => cache.postsHash

/** The pages of the site in place, to take into the build's folder `into` (see SiteInPlace). */
export function pagesInPlace(cache: PageCache, into: string): SiteInPlace<PageData> {
  return openSiteInPlace({ store: cache.store, site: cache.site, into, kind: PAGES })
}

/** A page taken from the site in place is the one this build would render: same route, and the same cards and posts index if it used them. */
export function samePageInputs(cache: PageCache, route: Route): (data: PageData) => boolean {
  const cards = cardsSeen(cache, route)
  const posts = postsSeen(cache)
  return (data) =>
    data.scan.page === route.file &&
    (data.cards === undefined || data.cards === cards) &&
    (data.posts === undefined || data.posts === posts)
}

/**
 * What a page that asked for the cards is recorded to have seen of them: a technology page, the
 * cards of its own projects and every project's technologies (so an edit to another project's title
 * leaves it as it was); any other page, every card.
 */
export function cardsSeen(cache: PageCache, route: Route): string {
  if (!route.cards) return cache.cardsHash
  return sha256Hex([cache.techHash, ...route.cards.map((id) => cache.cardHashes.get(id) ?? 'missing')].join('\0'))
}
