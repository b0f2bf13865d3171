import { DomUtils, parseDocument } from 'htmlparser2'
import { toBasename } from '../../site/src/paths.ts'

/**
 * Where the site is published: its root (`https://jane.dev/`, `https://jane.dev/sub/path/` under a
 * base) and the absolute URL of a route-style path (`/writing/a` → `https://jane.dev/sub/path/writing/a`).
 */
export interface SiteLocation {
  /** Always ends with `/`. */
  root: string
  /**
   * Where a language's pages are (`https://jane.dev/fr/`), when it is not the default's: route-style
   * paths (`/writing/a`) resolve under it, the files every language shares (`media/…`) under `root`.
   */
  pages?: string
}

export function siteLocation(siteUrl: string, base: string, prefix = ''): SiteLocation {
  const root = `${siteUrl.replace(/\/+$/, '')}${toBasename(base)}`
  return prefix === '' ? { root } : { root, pages: new URL(prefix.replace(/^\/+/, ''), root).href }
}

/** A route-style path (`/writing/a`) as the absolute URL of the page, in the location's language. */
export function absolutePageUrl(site: SiteLocation, path: string): string {
  return new URL(path.replace(/^\/+/, ''), site.pages ?? site.root).href
}

/** A route-style path (`/writing/a`) or a file named from the base (`media/a-800.avif`) as an absolute URL. */
export function absoluteSiteUrl(site: SiteLocation, path: string): string {
  return new URL(path.replace(/^\/+/, ''), site.root).href
}

/**
 * The attributes that hold a URL, on the elements a post's HTML can carry (links, images and
 * their <picture> sources). An SVG diagram's own references (`<use href="#marker">`) are left
 * alone: they point inside the diagram, wherever it is shown.
 */
const URL_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  area: ['href'],
  img: ['src', 'srcset'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  blockquote: ['cite'],
  q: ['cite'],
  ins: ['cite'],
  del: ['cite'],
}

/** A node of htmlparser2's document (its types are domhandler's, which the package does not re-export). */
export type HtmlNode = ReturnType<typeof parseDocument>['children'][number]
export type HtmlElement = Extract<HtmlNode, { attribs: Record<string, string> }>

export function isElement(node: HtmlNode): node is HtmlElement {
  return 'attribs' in node
}

/** Elements whose insides are another vocabulary (diagrams, formulas): their URLs stay as they are. */
const FOREIGN = new Set(['svg', 'math'])

/**
 * A post's HTML with every URL absolute, for the feeds, where readers show it away from the site:
 * - `#anchor` (in-page) → the post's own URL with that fragment;
 * - `/path` (written from the site's root, as compiled markdown writes in-site links) → the page, under
 *   the site's root or, in a language's feed, under the language's (`pages`);
 * - `media/…` (files the build names relative to the public base, as ResponsiveImage does) → under
 *   the site's root, which every language shares;
 * - `https:`, `mailto:` and other absolute URLs stay as they are.
 * The HTML is parsed and serialised again by htmlparser2 (no pattern matching over markup). It is
 * our own compiler's sanitised output, so nothing else in it needs changing.
 */
export function absolutizeHtml(html: string, site: SiteLocation, pageUrl: string): string {
  const document = parseDocument(html)
  const visit = (nodes: readonly HtmlNode[]): void => {
    for (const node of nodes) {
      if (!isElement(node)) continue
      const name = node.name.toLowerCase()
      if (FOREIGN.has(name)) continue
      for (const attribute of URL_ATTRIBUTES[name] ?? []) {
        const value = node.attribs[attribute]
        if (value === undefined) continue
        node.attribs[attribute] =
          attribute === 'srcset' ? absoluteSrcset(value, site, pageUrl) : absoluteUrl(value, site, pageUrl)
      }
      visit(node.children)
    }
  }
  visit(document.children)
  // UTF-8 out, escaping only what HTML needs: the feeds are UTF-8 documents.
  return DomUtils.getOuterHTML(document.children, { encodeEntities: 'utf8' })
}

/** One URL of a post's HTML made absolute (see absolutizeHtml). */
export function absoluteUrl(value: string, site: SiteLocation, pageUrl: string): string {
  const url = value.trim()
  if (url === '') return value
  if (url.startsWith('#')) return `${pageUrl.replace(/#.*$/, '')}${url}`
  if (URL.canParse(url)) return url // has a scheme: https:, mailto:
  if (url.startsWith('//')) return new URL(url, site.root).href
  return url.startsWith('/') ? absolutePageUrl(site, url) : absoluteSiteUrl(site, url)
}

/**
 * A srcset's candidates (`media/a-480.avif 480w, media/a-800.avif 800w`), each URL made absolute
 * and its descriptors kept. Split as HTML's srcset parsing does: a URL runs to the next white space
 * (a comma ending it separates candidates), its descriptors to the next comma.
 */
export function absoluteSrcset(srcset: string, site: SiteLocation, pageUrl: string): string {
  const candidates: string[] = []
  let position = 0
  const isSpace = (char: string | undefined) =>
    char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f'
  while (position < srcset.length) {
    while (position < srcset.length && (isSpace(srcset[position]) || srcset[position] === ',')) position++
    if (position >= srcset.length) break
    let end = position
    while (end < srcset.length && !isSpace(srcset[end])) end++
    let url = srcset.slice(position, end)
    position = end
    let descriptors = ''
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '')
    } else {
      const comma = srcset.indexOf(',', position)
      const stop = comma === -1 ? srcset.length : comma
      descriptors = srcset.slice(position, stop).trim()
      position = stop + 1
    }
    candidates.push(descriptors ? `${absoluteUrl(url, site, pageUrl)} ${descriptors}` : absoluteUrl(url, site, pageUrl))
  }
  return candidates.join(', ')
}
