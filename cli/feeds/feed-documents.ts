import {
  type AtomFeed,
  generateAtomFeed,
  generateJsonFeed,
  generateRssFeed,
  type JsonFeed,
  type RssFeed,
} from 'feedsmith'
import { escapeUTF8 } from 'entities'
import { feedFiles, paths } from '../../site/src/paths.ts'
import type { Portfolio, RenderedPost, ResponsiveImage } from '../content/content-types.ts'
import { absolutePageUrl, absoluteSiteUrl, absolutizeHtml, type SiteLocation, siteLocation } from './absolute-urls.ts'

/** The three feeds of the posts, as the files feedFiles names (feed.xml, rss.xml, feed.json). */
export interface FeedDocuments {
  /** Atom 1.0 (RFC 4287), the default feed: feed.xml. */
  atom: string
  /** RSS 2.0: rss.xml. */
  rss: string
  /** JSON Feed 1.1: feed.json. */
  json: string
}

/** What the feeds say about the site: portfolio.yaml's site and the owner, who writes the posts. */
export type FeedPortfolio = Pick<Portfolio, 'site' | 'owner'>

/** One post as every format gets it: URLs absolute, dates as instants. */
interface FeedEntry {
  /** The post's page, also its id: stable as long as the site's URL, base and the post's slug are. */
  url: string
  title: string
  summary: string
  /** Its HTML with every URL absolute. */
  html: string
  published: Date
  /** updated, or published when it was never updated. */
  updated: Date
  tags: string[]
  /** Where it was first published, when that is elsewhere (front matter `canonical`). */
  original?: string
  cover?: { url: string; type: string; width: number; height: number; alt: string }
}

/**
 * How many posts a feed carries, newest first. Readers poll feeds and keep what they saw, so a feed
 * lists what is new (Jekyll's jekyll-feed and Eleventy's base blog keep 10; JSON Feed 1.1 asks
 * publishers to keep a feed small, "under 100K is ideal"); the site's /writing lists them all.
 * It also bounds the work: only these posts' HTML is read and rewritten.
 */
export const FEED_ENTRIES = 20

export interface RenderFeedsOptions {
  /** At most this many posts, the first of the list. @default FEED_ENTRIES (20) */
  limit?: number
  /**
   * The folder of a language's site under the base (`fr/`, languages.ts's languagePrefix): the
   * feeds are that language's, their pages' URLs under it, the files every language shares (covers,
   * images) still under the base. @default '' (the default language's feeds)
   */
  prefix?: string
}

/**
 * The feeds of the local posts (newest first, as listed), with their full text; undefined when
 * there is no post to list, so no feed is written. Drafts and the posts of writing.external (they
 * have no page here) are never in them. Deterministic: no date in them but the posts' own, so
 * the same posts give the same bytes (the feed's updated is the latest of its posts' updated).
 */
export function renderFeeds(
  posts: readonly RenderedPost[],
  portfolio: FeedPortfolio,
  base: string,
  options: RenderFeedsOptions = {},
): FeedDocuments | undefined {
  const site = siteLocation(portfolio.site.url, base, options.prefix)
  const entries = posts
    .filter((post) => post.draft !== true && post.external === undefined)
    .slice(0, options.limit ?? FEED_ENTRIES)
    .map((p) => entryOf(p, site))
  if (entries.length === 0) return undefined
  const feed = {
    title: portfolio.site.title,
    description: portfolio.site.description,
    language: portfolio.site.language ?? 'en',
    author: { name: portfolio.owner.name, url: site.pages ?? site.root },
    home: absolutePageUrl(site, paths.writing),
    updated: new Date(Math.max(...entries.map((entry) => entry.updated.getTime()))),
    self: {
      atom: absolutePageUrl(site, feedFiles.atom),
      rss: absolutePageUrl(site, feedFiles.rss),
      json: absolutePageUrl(site, feedFiles.json),
    },
  }
  return { atom: atomFeed(feed, entries), rss: rssFeed(feed, entries), json: jsonFeed(feed, entries) }
}

type FeedHead = {
  title: string
  description: string
  language: string
  author: { name: string; url: string }
  home: string
  updated: Date
  self: Record<keyof FeedDocuments, string>
}

/**
 * A post's text as one HTML document, for a feed entry: its parts in order, each diagram as a figure
 * with its SVG (what the page shows) and its title as the caption, for readers that drop inline SVG.
 */
function postHtml(post: RenderedPost): string {
  return post.parts
    .map((part) =>
      'html' in part
        ? part.html
        : `<figure>${part.diagram.svg}<figcaption>${escapeUTF8(part.diagram.title)}</figcaption></figure>`,
    )
    .join('\n')
}

function entryOf(post: RenderedPost, site: SiteLocation): FeedEntry {
  const url = absolutePageUrl(site, paths.post(post.slug))
  const published = utcDate(post.published)
  const entry: FeedEntry = {
    url,
    title: post.title,
    summary: post.summary,
    html: absolutizeHtml(postHtml(post), site, url),
    published,
    updated: post.updated ? utcDate(post.updated) : published,
    tags: post.tags,
  }
  if (post.canonical) entry.original = post.canonical
  if (post.cover) entry.cover = coverOf(post.cover, site)
  return entry
}

/** A front matter date ("YYYY-MM-DD", validated) as that day's UTC midnight. */
export function utcDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}

/** The cover as feed readers take an image: one file of a widely read format (the JPEG or PNG fallback, at its largest width). */
function coverOf(cover: ResponsiveImage, site: SiteLocation): NonNullable<FeedEntry['cover']> {
  return {
    url: absoluteSiteUrl(site, cover.fallback.src),
    type: cover.fallback.type,
    width: cover.width,
    height: cover.height,
    alt: cover.alt,
  }
}

/**
 * The cover as Media RSS's media:content, which feed readers (in Atom and RSS alike) show as an
 * entry's image. Not an RSS <enclosure>: that needs the file's length in bytes, which the build's
 * image data does not carry, and readers treat enclosures as downloads (podcasts).
 */
function mediaOf(cover: FeedEntry['cover']) {
  if (!cover) return undefined
  return {
    contents: [
      {
        url: cover.url,
        medium: 'image',
        type: cover.type,
        width: cover.width,
        height: cover.height,
        description: { value: cover.alt, type: 'plain' },
      },
    ],
  }
}

/**
 * Atom. A post first published elsewhere links there with rel="via", which RFC 4287 §4.2.7.2
 * defines as "the source of the information provided in the containing element"; rel="alternate"
 * stays the post's page here (the entry's id).
 *
 * feedsmith indents its output, a CDATA section too: a title holding `&`, `<` or `>` is written as
 * a CDATA section on a line of its own, so its text gains white space around it. RFC 4287 §3.1.1.1
 * lets Atom processors collapse white space in text constructs, and readers trim titles (in RSS
 * too), so it reads the same; a `<pre>` inside content keeps its own lines.
 */
function atomFeed(feed: FeedHead, entries: readonly FeedEntry[]): string {
  const value: AtomFeed.Feed<Date, true> = {
    id: feed.home,
    title: { value: feed.title, type: 'text' },
    subtitle: { value: feed.description, type: 'text' },
    updated: feed.updated,
    authors: [{ name: feed.author.name, uri: feed.author.url }],
    links: [
      { href: feed.self.atom, rel: 'self', type: 'application/atom+xml' },
      { href: feed.home, rel: 'alternate', type: 'text/html' },
    ],
    xml: { lang: feed.language },
    entries: entries.map((entry) => {
      const atom: AtomFeed.Entry<Date, true> = {
        id: entry.url,
        title: { value: entry.title, type: 'text' },
        summary: { value: entry.summary, type: 'text' },
        content: { value: entry.html, type: 'html' },
        published: entry.published,
        updated: entry.updated,
        links: [
          { href: entry.url, rel: 'alternate', type: 'text/html' },
          ...(entry.original ? [{ href: entry.original, rel: 'via', type: 'text/html' }] : []),
        ],
        categories: entry.tags.map((tag) => ({ term: tag })),
      }
      const media = mediaOf(entry.cover)
      if (media) atom.media = media
      return atom
    }),
  }
  return generateAtomFeed(value, { strict: true })
}

/**
 * RSS 2.0. The author is Dublin Core's dc:creator (RSS's <author> must be an e-mail address, which
 * the content does not hold); the full text is content:encoded, the summary the description; the
 * original of a post first published elsewhere is an atom:link rel="via", as in the Atom feed.
 */
function rssFeed(feed: FeedHead, entries: readonly FeedEntry[]): string {
  const value: RssFeed.Feed<Date, true> = {
    title: feed.title,
    link: feed.home,
    description: feed.description,
    language: feed.language,
    lastBuildDate: feed.updated,
    atom: { links: [{ href: feed.self.rss, rel: 'self', type: 'application/rss+xml' }] },
    items: entries.map((entry) => {
      const item: RssFeed.Item<Date, true> = {
        title: entry.title,
        link: entry.url,
        guid: { value: entry.url, isPermaLink: true },
        pubDate: entry.published,
        description: entry.summary,
        content: { encoded: entry.html },
        dc: { creators: [feed.author.name] },
        categories: entry.tags.map((tag) => ({ name: tag })),
      }
      if (entry.original) item.atom = { links: [{ href: entry.original, rel: 'via', type: 'text/html' }] }
      const media = mediaOf(entry.cover)
      if (media) item.media = media
      return item
    }),
  }
  return generateRssFeed(value, { strict: true })
}

/**
 * JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/): `version`, `title` and `items` are
 * required, each item needs `id` and `content_html` or `content_text`; `external_url` is "the URL
 * of a page elsewhere", here where a post was first published; `image` is the item's main image.
 */
function jsonFeed(feed: FeedHead, entries: readonly FeedEntry[]): string {
  const value: JsonFeed.Feed<Date, true> = {
    title: feed.title,
    home_page_url: feed.home,
    feed_url: feed.self.json,
    description: feed.description,
    language: feed.language,
    authors: [{ name: feed.author.name, url: feed.author.url }],
    items: entries.map((entry) => {
      const item: JsonFeed.Item<Date, true> = {
        id: entry.url,
        url: entry.url,
        title: entry.title,
        content_html: entry.html,
        summary: entry.summary,
        date_published: entry.published,
        date_modified: entry.updated,
        tags: entry.tags,
      }
      if (entry.original) item.external_url = entry.original
      if (entry.cover) item.image = entry.cover.url
      return item
    }),
  }
  return `${JSON.stringify(generateJsonFeed(value, { strict: true }), null, 2)}\n`
}
