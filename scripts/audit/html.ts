/**
 * A small static reading of a built page's markup: which scripts, module preloads and stylesheets the
 * HTML itself asks for, what blocks rendering, and which images lack intrinsic dimensions. The HTML is
 * Vite's template plus prerendered React output, so a tag scanner is enough; script and style bodies
 * and comments are skipped so code inside them is never read as markup.
 */

export interface Tag {
  name: string
  attributes: ReadonlyMap<string, string>
  /** True when the tag sits before </head>. */
  inHead: boolean
  /** The text between <script> and </script> (inline scripts only). */
  body?: string
}

export interface HeadScript {
  src?: string
  type?: string
  async: boolean
  defer: boolean
  /** Bytes of an inline script's text. */
  inlineBytes: number
}

export interface StaticPage {
  /** src of every external <script> (any position). */
  scripts: string[]
  /** href of every <link rel="modulepreload">. */
  modulePreloads: string[]
  /** href of every <link rel="stylesheet">. */
  stylesheets: string[]
  /** Classic scripts in <head> that block parsing while they are fetched (no type=module, defer or async). */
  blockingScripts: string[]
  /** Inline classic scripts in <head>: parser-blocking only for their own (tiny) run time. */
  inlineHeadScripts: { bytes: number; preview: string }[]
  /** Every <img>, with whether it declares both width and height. */
  images: { src: string; hasWidth: boolean; hasHeight: boolean }[]
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title'])

/** Every start tag in document order, with attributes (lower-cased names, entity-decoded values). */
export function scanTags(html: string): Tag[] {
  const tags: Tag[] = []
  const headEnd = html.search(/<\/head\s*>/i)
  const tagPattern =
    /<!--[\s\S]*?-->|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g
  let match: RegExpExecArray | null
  while ((match = tagPattern.exec(html)) !== null) {
    const name = match[1]?.toLowerCase()
    if (!name) continue // a comment
    const tag: Tag = {
      name,
      attributes: parseAttributes(match[2] ?? ''),
      inHead: headEnd === -1 || match.index < headEnd,
    }
    if (RAW_TEXT.has(name)) {
      const close = new RegExp(`</${name}\\s*>`, 'ig')
      close.lastIndex = tagPattern.lastIndex
      const end = close.exec(html)
      const stop = end ? end.index : html.length
      if (name === 'script') tag.body = html.slice(tagPattern.lastIndex, stop)
      tagPattern.lastIndex = end ? close.lastIndex : html.length
    }
    tags.push(tag)
  }
  return tags
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>()
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
  let match: RegExpExecArray | null
  while ((match = pattern.exec(source)) !== null) {
    const name = match[1]?.toLowerCase()
    if (!name || attributes.has(name)) continue
    attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''))
  }
  return attributes
}

function decodeEntities(value: string): string {
  return value.replace(
    /&(amp|quot|#39|apos|lt|gt);/g,
    (_, entity: string) => ({ amp: '&', quot: '"', '#39': "'", apos: "'", lt: '<', gt: '>' })[entity] ?? _,
  )
}

function relList(tag: Tag): string[] {
  return (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean)
}

/** What a page's HTML asks the browser to fetch before or while rendering, and its <img> tags. */
export function readStaticPage(html: string): StaticPage {
  const page: StaticPage = {
    scripts: [],
    modulePreloads: [],
    stylesheets: [],
    blockingScripts: [],
    inlineHeadScripts: [],
    images: [],
  }
  for (const tag of scanTags(html)) {
    const attr = (name: string) => tag.attributes.get(name)
    if (tag.name === 'script') {
      const src = attr('src')
      const type = (attr('type') ?? '').trim().toLowerCase()
      const classic = type === '' || type === 'text/javascript' || type === 'application/javascript'
      if (!classic && type !== 'module') continue // JSON, templates: not executed
      if (src) page.scripts.push(src)
      if (!tag.inHead || !classic) continue
      if (src && !tag.attributes.has('async') && !tag.attributes.has('defer')) page.blockingScripts.push(src)
      if (!src) {
        const body = tag.body ?? ''
        page.inlineHeadScripts.push({ bytes: Buffer.byteLength(body), preview: body.trim().slice(0, 60) })
      }
    } else if (tag.name === 'link') {
      const rel = relList(tag)
      const href = attr('href')
      if (!href) continue
      if (rel.includes('modulepreload')) page.modulePreloads.push(href)
      if (rel.includes('stylesheet') && !rel.includes('alternate')) page.stylesheets.push(href)
    } else if (tag.name === 'img') {
      page.images.push({
        src: attr('src') ?? '',
        hasWidth: tag.attributes.has('width'),
        hasHeight: tag.attributes.has('height'),
      })
    }
  }
  return page
}
