import { decodeHTML, decodeHTMLAttribute, escapeAttribute, escapeText } from 'entities'
import type { RendererObject, Tokens } from 'marked'

/**
 * The second wall against script in compiled markdown (the first: check-markdown refuses raw HTML as
 * a located error). The renderer below cannot write anything this policy does not list: marked's
 * own renderer escapes all text and writes only these elements; raw HTML renders to nothing; a link
 * or image whose address a browser would not read as https, mailto (links only) or a path of the site
 * keeps its text and loses its element. tests/integration/markdown-policy.test.ts parses random
 * markdown's output as a browser does and checks it against this list, so nothing sanitises the
 * HTML afterwards.
 */

/** Each element compiled markdown may contain, with the attributes it may carry. */
export const MARKDOWN_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  p: [],
  a: ['href', 'title', 'target', 'rel'],
  strong: [],
  em: [],
  del: [],
  code: ['class'],
  pre: [],
  span: ['class'],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  br: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  img: ['src', 'alt', 'title'],
  input: ['type', 'checked', 'disabled'],
}

/** A post's page: its h1 is the title, so its headings start at h2, and each heading has its id (the outline's anchors). */
export const POST_ELEMENTS: Readonly<Record<string, readonly string[]>> = {
  ...MARKDOWN_ELEMENTS,
  ...Object.fromEntries(['h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, ['id']])),
}

/** The classes on code and its spans: highlight.js's own (`hljs`, `hljs-<scope>`, a sub-scope's `<name>_`, an embedded `language-<name>`). */
export const CODE_CLASS = /^(hljs|hljs-[\w-]+|[a-z]+_|language-[\w-]+)$/

/** An address checked is resolved against this base: a path of the site keeps its host. */
const SITE = 'https://site.invalid/'
const SITE_ORIGIN = new URL(SITE).origin

/**
 * The href or src to write for a markdown address, escaped for a double-quoted attribute, or
 * undefined when a browser would read it as anything but https, mailto (when `mailto`) or a path of
 * the site. The address is taken as CommonMark defines it (character references decoded), which is
 * the string a browser reads back from the attribute; the URL parser that decides is the WHATWG one
 * browsers use, so tabs, case, entities and backslashes cannot hide a scheme from it.
 */
export function safeAddress(raw: string, mailto: boolean): string | undefined {
  const address = decodeHTMLAttribute(raw)
  let url: URL
  try {
    url = new URL(address, SITE)
  } catch {
    return undefined
  }
  const absolute = /^(https|mailto):/i.test(address)
  const allowed =
    (url.protocol === 'mailto:' && mailto && absolute) ||
    (url.protocol === 'https:' && (absolute || url.origin === SITE_ORIGIN))
  return allowed ? escapeAttribute(address) : undefined
}

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeAttribute(decodeHTML(title))}"` : ''
}

/**
 * The renderer methods both markdown compilers share: the ones through which an author's text
 * could become markup (links, images, raw HTML). Every other element is marked's own, which escapes.
 */
export const POLICY_RENDERER: RendererObject = {
  link({ href, title, tokens }: Tokens.Link) {
    const text = this.parser.parseInline(tokens)
    const address = safeAddress(href, true)
    if (address === undefined) return text
    const titled = titleAttribute(title)
    // A link to another site opens in a new tab and gets no handle on this one.
    const external = /^https:\/\//i.test(address) ? ' target="_blank" rel="noopener noreferrer"' : ''
    return `<a href="${address}"${titled}${external}>${text}</a>`
  },
  image({ href, title, text, tokens }: Tokens.Image) {
    // The alt text as plain text: marked's text renderer leaves character references as written.
    const alt = decodeHTML(tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text)
    const address = safeAddress(href, false)
    if (address === undefined) return escapeText(alt)
    return `<img src="${address}" alt="${escapeAttribute(alt)}"${titleAttribute(title)}>`
  },
  // Text as a browser reads it, written back with only what must be escaped: the same HTML for the
  // same text however the author spelled it (`&eacute;` or `é`), which the chat's index and the
  // in-site link rewriting then read.
  text(token: Tokens.Text | Tokens.Escape) {
    if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens)
    return escapeText(decodeHTML(token.text))
  },
  codespan({ text }: Tokens.Codespan) {
    return `<code>${escapeText(text)}</code>`
  },
  html() {
    // Raw HTML is refused by validation; never pass it through if it gets here.
    return ''
  },
}
