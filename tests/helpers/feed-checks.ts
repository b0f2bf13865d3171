import { readFileSync } from 'node:fs'
import path from 'node:path'
import { DomUtils, parseDocument } from 'htmlparser2'
import { RelaxNGValidator, XmlDocument, type XmlNode } from 'libxml2-wasm'

/**
 * Checks of the feed documents, each from its format's own definition: Atom against RFC 4287's
 * RELAX NG schema (appendix B, tests/fixtures/feeds/atom.rng) and the two Schematron rules the
 * schema carries as annotations; RSS 2.0's required channel and item elements; JSON Feed 1.1's
 * required fields and types; and every URL in a feed absolute, the site's own pointing at a file
 * the site has.
 */

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'feeds')

export const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  content: 'http://purl.org/rss/1.0/modules/content/',
  dc: 'http://purl.org/dc/elements/1.1/',
  media: 'http://search.yahoo.com/mrss/',
}

let atomValidator: RelaxNGValidator | undefined

/** Problems of an Atom document: RELAX NG errors, then the schema's Schematron rules; [] when valid. */
export function atomProblems(xml: string): string[] {
  atomValidator ??= RelaxNGValidator.fromDoc(
    XmlDocument.fromString(readFileSync(path.join(fixtures, 'atom.rng'), 'utf8')),
  )
  const doc = XmlDocument.fromString(xml)
  try {
    atomValidator.validate(doc)
  } catch (error) {
    return [(error as Error).message]
  }
  const problems: string[] = []
  const feedHasAuthor = doc.get('/atom:feed/atom:author', NS) !== null
  for (const entry of doc.find('//atom:entry', NS)) {
    const id = entry.get('atom:id', NS)?.content
    if (!entry.get("atom:link[@rel='alternate' or not(@rel)]", NS) && !entry.get('atom:content', NS))
      problems.push(`${id}: an entry needs a rel="alternate" link or content`)
    if (!feedHasAuthor && !entry.get('atom:author', NS)) problems.push(`${id}: no author, and the feed has none`)
  }
  return problems
}

/** Problems of an RSS 2.0 document: well-formed XML, the channel's title, link and description, an item's title or description. */
export function rssProblems(xml: string): string[] {
  let doc: XmlDocument
  try {
    doc = XmlDocument.fromString(xml)
  } catch (error) {
    return [`not well-formed: ${(error as Error).message}`]
  }
  const problems: string[] = []
  if (doc.get('/rss/@version')?.content !== '2.0') problems.push('the root is not <rss version="2.0">')
  for (const element of ['title', 'link', 'description'])
    if (!doc.get(`/rss/channel/${element}`)?.content.trim()) problems.push(`the channel has no ${element}`)
  for (const item of doc.find('/rss/channel/item'))
    if (!item.get('title') && !item.get('description')) problems.push('an item has neither title nor description')
  return problems
}

const isString = (value: unknown): value is string => typeof value === 'string'
const isArrayOf = (value: unknown, check: (item: unknown) => boolean) => Array.isArray(value) && value.every(check)
const isAuthor = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(([key, v]) => ['name', 'url', 'avatar'].includes(key) && isString(v))
/** RFC 3339 date-time (https://www.rfc-editor.org/rfc/rfc3339#section-5.6). */
const isRfc3339 = (value: unknown) =>
  isString(value) && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)

/** Problems of a JSON Feed 1.1 document, from https://www.jsonfeed.org/version/1.1/ (required fields and the types of the ones used). */
export function jsonFeedProblems(text: string): string[] {
  const problems: string[] = []
  const feed = JSON.parse(text) as Record<string, unknown>
  if (feed.version !== 'https://jsonfeed.org/version/1.1')
    problems.push('version is not https://jsonfeed.org/version/1.1')
  if (!isString(feed.title)) problems.push('title (required) is not a string')
  for (const key of ['home_page_url', 'feed_url', 'description', 'language'])
    if (key in feed && !isString(feed[key])) problems.push(`${key} is not a string`)
  if ('authors' in feed && !isArrayOf(feed.authors, isAuthor))
    problems.push('authors is not an array of author objects')
  if (!Array.isArray(feed.items)) return [...problems, 'items (required) is not an array']
  for (const [index, item] of (feed.items as Record<string, unknown>[]).entries()) {
    const at = `items[${index}]`
    if (!isString(item.id)) problems.push(`${at}.id (required) is not a string`)
    if (!isString(item.content_html) && !isString(item.content_text))
      problems.push(`${at} has neither content_html nor content_text`)
    for (const key of [
      'url',
      'external_url',
      'title',
      'content_html',
      'content_text',
      'summary',
      'image',
      'banner_image',
    ])
      if (key in item && !isString(item[key])) problems.push(`${at}.${key} is not a string`)
    for (const key of ['date_published', 'date_modified'])
      if (key in item && !isRfc3339(item[key])) problems.push(`${at}.${key} is not an RFC 3339 date`)
    if ('tags' in item && !isArrayOf(item.tags, isString)) problems.push(`${at}.tags is not an array of strings`)
    if ('authors' in item && !isArrayOf(item.authors, isAuthor))
      problems.push(`${at}.authors is not an array of author objects`)
  }
  return problems
}

/** The URLs of some HTML: links, images, srcset candidates. */
export function htmlUrls(html: string): string[] {
  const urls: string[] = []
  const elements = DomUtils.findAll(() => true, parseDocument(html).children)
  for (const element of elements) {
    for (const name of ['href', 'src', 'cite', 'poster']) {
      const value = element.attribs[name]
      if (value !== undefined) urls.push(value)
    }
    const srcset = element.attribs.srcset
    if (srcset) urls.push(...srcset.split(/,\s+/).map((candidate) => candidate.trim().split(/\s+/)[0] as string))
  }
  return urls
}

/** Every URL of an XML feed: attributes that hold one, elements whose text is one, and those in its HTML content. */
export function xmlFeedUrls(xml: string): string[] {
  const doc = XmlDocument.fromString(xml)
  const text = (nodes: XmlNode[]) => nodes.map((node) => node.content.trim())
  return [
    ...text(doc.find('//@href | //@url | //@src | //@uri')),
    ...text(doc.find('//atom:id | //atom:uri | //atom:icon | //atom:logo', NS)),
    ...text(doc.find('/rss/channel/link | //item/link | //item/guid[not(@isPermaLink="false")]')),
    ...text(doc.find('//atom:content | //content:encoded', NS)).flatMap(htmlUrls),
  ]
}

/** Every URL of a JSON Feed. */
export function jsonFeedUrls(text: string): string[] {
  const feed = JSON.parse(text) as {
    home_page_url?: string
    feed_url?: string
    authors?: { url?: string }[]
    items: Record<string, unknown>[]
  }
  return [
    feed.home_page_url,
    feed.feed_url,
    ...(feed.authors ?? []).map((author) => author.url),
    ...feed.items.flatMap((item) => [
      ...['id', 'url', 'external_url', 'image', 'banner_image'].map((key) => item[key] as string | undefined),
      ...(isString(item.content_html) ? htmlUrls(item.content_html) : []),
    ]),
  ].filter(isString)
}

/**
 * Problems of a feed's URLs: each must be absolute (https: or mailto:); one under the site's root
 * must name a file of `siteFiles` (paths from the root: `writing/a/index.html`, `media/a-800.jpg`),
 * a page being its folder's index.html, and a fragment must be an id of `anchors[page]` when given.
 */
export function urlProblems(
  urls: readonly string[],
  siteRoot: string,
  siteFiles: readonly string[],
  anchors: Readonly<Record<string, readonly string[]>> = {},
): string[] {
  const files = new Set(siteFiles)
  const problems: string[] = []
  for (const url of urls) {
    if (!URL.canParse(url)) {
      problems.push(`${url}: not absolute`)
      continue
    }
    const parsed = new URL(url)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'mailto:')
      problems.push(`${url}: neither https: nor mailto:`)
    if (!url.startsWith(siteRoot)) continue
    const file = decodeURIComponent(parsed.pathname).slice(new URL(siteRoot).pathname.length)
    const page = file === '' || file.endsWith('/') ? `${file}index.html` : file
    if (!files.has(page) && !files.has(`${page}/index.html`)) problems.push(`${url}: the site has no such file`)
    const fragment = parsed.hash.slice(1)
    const pageAnchors = anchors[parsed.origin + parsed.pathname]
    if (fragment && pageAnchors && !pageAnchors.includes(fragment))
      problems.push(`${url}: no element has id "${fragment}"`)
  }
  return problems
}
