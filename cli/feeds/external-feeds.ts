import { entryKind, type Store } from '../cache/store.ts'
import type { Portfolio, PostSummary } from '../content/content-types.ts'
import { createDiagnostic, type Diagnostic, type Located } from '../diagnostics/diagnostic.ts'
import { encodePointer } from '../diagnostics/json-pointer.ts'
import { type Locatable, locatePointer } from '../diagnostics/locate.ts'
import { externalPosts, type FeedParse, type ParsedFeed, parseExternalFeed } from './external-items.ts'
import { fetchFeed } from './fetch-feed.ts'

/** One entry of writing.external in portfolio.yaml. */
export type ExternalFeed = NonNullable<Portfolio['writing']>['external'][number]

export interface ExternalFeedOptions {
  /** Where each fetched feed is kept, for the builds that cannot fetch it. */
  store: Store
  /** A post's reading time from its word count (the rate the local posts use). */
  readingMinutes: (words: number) => number
  /** portfolio.yaml as parsed, to locate the warnings (`(file) => checked.parsed.get(file)`); undefined places them at 1:1. */
  locate: (file: string) => Locatable | undefined
  /** Each feed's whole request, body included. @default 10_000 */
  timeoutMs?: number
  /** @default 5 MiB */
  maxBytes?: number
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /** The clock: when a copy is stored, and how old a stored copy is. @default () => new Date() */
  now?: () => Date
}

export interface ExternalPosts {
  /** Every kept item of every feed that could be read (fetched, or its stored copy), newest first, then by slug. */
  posts: PostSummary[]
  /** Warnings, located at writing.external[i].url in portfolio.yaml. */
  diagnostics: Diagnostic[]
}

export const DEFAULT_TIMEOUT_MS = 10_000
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024

/** A feed as last fetched: its text, when, and the validators for a conditional request. */
interface StoredFeed {
  url: string
  /** ISO 8601. */
  fetchedAt: string
  text: string
  etag?: string
  lastModified?: string
}

/**
 * Kept under the feed's URL. Like every entry its key names the tool's version, so a copy is read
 * back by the tool that wrote it (an upgraded tool fetches again before it has one).
 */
const storedFeeds = entryKind<StoredFeed>('external-feed')

/**
 * The posts of writing.external's feeds, fetched at build time (all at once, each with a timeout).
 * A feed that is fetched and reads as a feed is stored with the time it was fetched. One that
 * cannot be fetched (offline, a network error, a timeout, an HTTP error), or is malformed, gives
 * a warning naming it, and its posts come from the last stored copy (the warning says how old it
 * is) or, with none, are left out: the build goes on either way.
 */
export async function loadExternalPosts(
  feeds: readonly ExternalFeed[],
  options: ExternalFeedOptions,
): Promise<ExternalPosts> {
  const results = await Promise.all(feeds.map((feed, index) => loadFeed(feed, index, options)))
  const seen = new Set<string>()
  const posts = results
    .flatMap((result) => result.posts)
    .filter((post) => !seen.has(post.slug) && seen.add(post.slug))
    .sort((a, b) => (a.published === b.published ? (a.slug < b.slug ? -1 : 1) : a.published < b.published ? 1 : -1))
  return { posts, diagnostics: results.flatMap((result) => result.diagnostics) }
}

async function loadFeed(feed: ExternalFeed, index: number, options: ExternalFeedOptions): Promise<ExternalPosts> {
  const now = options.now ?? (() => new Date())
  const key = storedFeeds.key(options.store, feed.url)
  const stored = storedFeeds.get(options.store, key)
  const outcome = await fetchFeed(feed.url, {
    fetch: options.fetch ?? globalThis.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    ...(stored?.etag ? { etag: stored.etag } : {}),
    ...(stored?.lastModified ? { lastModified: stored.lastModified } : {}),
  })
  const postsOf = (parsed: ParsedFeed) =>
    externalPosts(
      parsed,
      { url: feed.url, name: feed.name ?? parsed.title ?? hostOf(feed.url) },
      options.readingMinutes,
    )

  if (outcome.kind === 'fetched') {
    const read = parseExternalFeed(outcome.text)
    if (read.ok) {
      const copy: StoredFeed = { url: feed.url, fetchedAt: now().toISOString(), text: outcome.text }
      if (outcome.etag) copy.etag = outcome.etag
      if (outcome.lastModified) copy.lastModified = outcome.lastModified
      storedFeeds.set(options.store, key, copy)
      return { posts: postsOf(read.feed), diagnostics: [] }
    }
    return fallBack('EXTERNAL_FEED_MALFORMED', `is malformed: ${read.problem}`)
  }
  if (outcome.kind === 'not-modified' && stored) {
    const read = parseExternalFeed(stored.text)
    if (read.ok) {
      storedFeeds.set(options.store, key, { ...stored, fetchedAt: now().toISOString() })
      return { posts: postsOf(read.feed), diagnostics: [] }
    }
  }
  const problem =
    outcome.kind === 'failed' ? outcome.problem : 'the server answered 304 Not Modified, but no copy is stored'
  return fallBack('EXTERNAL_FEED_UNREACHABLE', `could not be fetched: ${problem}`)

  /** The warning, with the stored copy's posts when there is a copy (only a copy that read as a feed is ever stored). */
  function fallBack(code: 'EXTERNAL_FEED_UNREACHABLE' | 'EXTERNAL_FEED_MALFORMED', what: string): ExternalPosts {
    const read: FeedParse | undefined = stored ? parseExternalFeed(stored.text) : undefined
    const name = feed.name ?? (read?.ok ? read.feed.title : undefined) ?? hostOf(feed.url)
    const copy =
      stored && read?.ok
        ? `Its posts come from the last copy stored, ${ageOf(now().getTime() - Date.parse(stored.fetchedAt))} old (fetched ${stored.fetchedAt.slice(0, 16).replace('T', ' ')} UTC).`
        : 'No copy of it is stored yet, so its posts are left out.'
    const message = `the feed "${name}" (${feed.url}) ${what}. ${copy}`
    return {
      posts: stored && read?.ok ? postsOf(read.feed) : [],
      diagnostics: [createDiagnostic(code, urlLocation(options.locate, index), message, undefined, 'warning')],
    }
  }
}

/** writing.external[index].url in portfolio.yaml. */
function urlLocation(locate: ExternalFeedOptions['locate'], index: number): Located {
  const pointer = encodePointer(['writing', 'external', index, 'url'])
  const source = locate('portfolio.yaml')
  return source ? locatePointer(source, pointer) : { file: 'portfolio.yaml', pointer, start: { line: 1, column: 1 } }
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url
}

/** "3 days", "1 hour", "less than a minute": how long ago, in the largest whole unit. */
export function ageOf(milliseconds: number): string {
  const minutes = Math.floor(Math.max(0, milliseconds) / 60_000)
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`
  if (minutes < 1) return 'less than a minute'
  if (minutes < 60) return count(minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return count(hours, 'hour')
  return count(Math.floor(hours / 24), 'day')
}
