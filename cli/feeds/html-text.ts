import { parseDocument } from 'htmlparser2'
import { type HtmlNode, isElement } from './absolute-urls.ts'

/** Elements whose text is not read: code run by a browser, styles, and what only shows without script. */
const UNREAD = new Set(['script', 'style', 'template', 'noscript'])

/** Block elements, whose text does not run into its neighbours' ("<p>a</p><p>b</p>" is "a b", not "ab"). */
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'blockquote',
  'figure',
  'figcaption',
  'table',
  'tr',
  'td',
  'th',
  'section',
  'article',
  'hr',
])

/**
 * The text a reader reads in some HTML (another site's feed: parsed by htmlparser2, never by
 * patterns), its white space collapsed.
 */
export function htmlText(html: string): string {
  const parts: string[] = []
  const visit = (nodes: readonly HtmlNode[]): void => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.data)
      else if (isElement(node) && !UNREAD.has(node.name)) {
        const block = BLOCKS.has(node.name)
        if (block) parts.push(' ')
        visit(node.children)
        if (block) parts.push(' ')
      }
    }
  }
  visit(parseDocument(html).children)
  return collapseSpace(parts.join(''))
}

export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Words, as runs of non-space characters: what a reading time counts. */
export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

/** At most `max` characters, cut at a word boundary with an ellipsis when the text is longer. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`
}
