import { createHash } from 'node:crypto'
import { type AnyFeed, DetectError, MalformedError, parseFeed } from 'feedsmith'
import type { PostSummary } from '../content/content-types.ts'
import { collapseSpace, countWords, htmlText, truncateText } from './html-text.ts'

/** One item of another site's feed, whatever its format, before it becomes a PostSummary. */
interface FeedItem {
  link?: string
  /** Plain text. */
  title?: string
  /** HTML of the item's synopsis, when the feed gives one apart from its text. */
  summaryHtml?: string
  /** HTML (or plain text, which reads the same) of the item's whole text, when the feed carries it. */
  contentHtml?: string
  published?: string
  updated?: string
  tags: string[]
}

/** A feed read: its own title and its items. */
export interface ParsedFeed {
  title?: string
  items: FeedItem[]
}

/** The outcome of reading a document as a feed: what it holds, or why it is not one. */
export type FeedParse = { ok: true; feed: ParsedFeed } | { ok: false; problem: string }

/** Reads RSS (0.9x, 2.0), RSS 1.0 (RDF), Atom or JSON Feed with feedsmith; malformed XML and a document that is not a feed are told apart. */
export function parseExternalFeed(text: string): FeedParse {
  let parsed: AnyFeed
  try {
    parsed = parseFeed(text)
  } catch (error) {
    if (error instanceof MalformedError) return { ok: false, problem: 'it is not well-formed XML' }
    if (error instanceof DetectError) return { ok: false, problem: 'it is not an RSS, Atom or JSON feed' }
    return { ok: false, problem: `it could not be read (${error instanceof Error ? error.message : String(error)})` }
  }
  return { ok: true, feed: readFeed(parsed) }
}

function readFeed(parsed: AnyFeed): ParsedFeed {
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const { feed } = parsed
      return {
        ...titled(feed.title),
        items: (feed.items ?? []).map((item) => {
          const encoded = item.content?.encoded
          return {
            ...defined('link', item.link),
            // Plain text (RSS 2.0): a title about `<details>` keeps its tag name as text.
            ...defined('title', item.title),
            // RSS 2.0: "An item may also be complete in itself, if so, the description contains the
            // text": with no content:encoded beside it, the description is the item's text (dev.to).
            ...(encoded ? { contentHtml: encoded, ...defined('summaryHtml', item.description) } : {}),
            ...(!encoded && item.description ? { contentHtml: item.description } : {}),
            ...defined('published', 'pubDate' in item ? item.pubDate : undefined, item.dc?.dates?.[0]),
            ...defined('updated', item.atom?.updated),
            tags: strings([
              ...('categories' in item ? (item.categories ?? []).map((c) => c.name) : []),
              ...(item.dc?.subjects ?? []),
            ]),
          }
        }),
      }
    }
    case 'atom': {
      const { feed } = parsed
      return {
        ...titled(feed.title?.value),
        items: (feed.entries ?? []).map((entry) => {
          const links = entry.links ?? []
          const link = links.find((l) => l.rel === undefined || l.rel === 'alternate') ?? links[0]
          return {
            ...defined('link', link?.href),
            ...defined('title', entry.title?.value === undefined ? undefined : textOf(entry.title)),
            ...defined('summaryHtml', entry.summary?.value === undefined ? undefined : htmlOf(entry.summary)),
            ...defined('contentHtml', entry.content?.value === undefined ? undefined : htmlOf(entry.content)),
            ...defined('published', entry.published, entry.updated),
            ...defined('updated', entry.updated),
            tags: strings((entry.categories ?? []).map((c) => c.label ?? c.term)),
          }
        }),
      }
    }
    case 'json': {
      const { feed } = parsed
      return {
        ...titled(feed.title),
        items: (feed.items ?? []).map((item) => ({
          ...defined('link', item.url, item.external_url),
          ...defined('title', item.title),
          ...defined('summaryHtml', item.summary === undefined ? undefined : escapeText(item.summary)),
          ...defined('contentHtml', item.content_html, item.content_text && escapeText(item.content_text)),
          ...defined('published', item.date_published, item.date_modified),
          ...defined('updated', item.date_modified),
          tags: item.tags ?? [],
        })),
      }
    }
  }
}

function strings(values: readonly (string | undefined)[]): string[] {
  return values.filter((value): value is string => value !== undefined)
}

/** `{ [key]: the first defined, non-empty value }`, or nothing. */
function defined<K extends string>(key: K, ...values: (string | undefined)[]): Partial<Record<K, string>> {
  const value = values.find((v) => v !== undefined && v.trim() !== '')
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>)
}

function titled(title: string | undefined): { title?: string } {
  const text = title === undefined ? '' : collapseSpace(title)
  return text ? { title: text } : {}
}

/** An Atom text construct as plain text: `text` as it is, `html` and `xhtml` read as HTML. */
function textOf(construct: { value?: string; type?: string }): string {
  const value = construct.value ?? ''
  return construct.type === 'html' || construct.type === 'xhtml' ? htmlText(value) : collapseSpace(value)
}

/** An Atom text construct as HTML. */
function htmlOf(construct: { value?: string; type?: string }): string {
  const value = construct.value ?? ''
  return construct.type === 'html' || construct.type === 'xhtml' ? value : escapeText(value)
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** At most this many characters of summary, as a post's own summary (schema/post.schema.json). */
const SUMMARY_LENGTH = 300
/** At most this many tags, as a post's own (schema/post.schema.json). */
const MAX_TAGS = 10

/**
 * Another site's items as the posts /writing lists beside ours. An item is kept when it has a
 * title, an http(s) link (resolved against the feed's URL: no `javascript:` reaches the site) and
 * a date; the others are left out.
 * - `slug`: the link's last path segment, made kebab-case, and 8 hex digits of the sha256 of its
 *   origin and path, so it is the same on every build, differs between any two items, and never
 *   meets a local post's file name (the query, often a tracking `?source=rss`, is left out).
 * - `published` / `updated`: UTC days; `updated` only when it is a later day.
 * - `summary`: the item's synopsis, else the start of its text, as plain text of at most 300 characters.
 * - `tags`: its categories, at most 10.
 * - `words` / `readingMinutes`: counted from the item's text when the feed carries it
 *   (content:encoded, an RSS description standing alone, Atom content, JSON content_html or
 *   content_text); 0 and 0 when it carries only a synopsis or nothing, which the site can read as
 *   "unknown".
 */
export function externalPosts(
  feed: ParsedFeed,
  source: { url: string; name: string },
  readingMinutes: (words: number) => number,
): PostSummary[] {
  const posts: PostSummary[] = []
  for (const item of feed.items) {
    const url = httpUrl(item.link, source.url)
    const title = item.title === undefined ? '' : collapseSpace(item.title)
    const published = utcDay(item.published)
    if (!url || !title || !published) continue
    const text = item.contentHtml === undefined ? '' : htmlText(item.contentHtml)
    const synopsis = item.summaryHtml === undefined ? '' : htmlText(item.summaryHtml)
    const words = countWords(text)
    const updated = utcDay(item.updated)
    const post: PostSummary = {
      slug: externalSlug(url),
      title,
      summary: truncateText(synopsis || text, SUMMARY_LENGTH),
      published,
      tags: [...new Set(item.tags.map(collapseSpace).filter(Boolean))].slice(0, MAX_TAGS),
      projects: [],
      words,
      readingMinutes: words === 0 ? 0 : readingMinutes(words),
      external: { url, feed: source.name },
    }
    if (updated && updated > published) post.updated = updated
    posts.push(post)
  }
  return posts
}

function httpUrl(link: string | undefined, base: string): string | undefined {
  if (link === undefined || !URL.canParse(link.trim(), base)) return undefined
  const url = new URL(link.trim(), base)
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined
}

/** A feed date (RFC 822 in RSS, RFC 3339 in Atom and JSON Feed) as its UTC day, "YYYY-MM-DD". */
function utcDay(date: string | undefined): string | undefined {
  if (date === undefined) return undefined
  const time = Date.parse(date.trim())
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10)
}

export function externalSlug(url: string): string {
  const { origin, pathname } = new URL(url)
  const segment = pathname.split('/').filter(Boolean).at(-1) ?? ''
  let readable = ''
  try {
    readable = decodeURIComponent(segment)
  } catch {
    readable = segment
  }
  readable = readable
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  const hash = createHash('sha256').update(`${origin}${pathname}`).digest('hex').slice(0, 8)
  return readable ? `${readable}-${hash}` : hash
}
