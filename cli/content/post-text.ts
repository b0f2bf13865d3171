import { Lexer, type Token, type Tokens } from 'marked'

/**
 * What a post's markdown tokens say about it, from the tokens the checks and the compile lex once:
 * its headings' ids (the in-page anchors, checked by the rules and written by the compiler), its
 * outline (the table of contents) and its length in words (the reading time).
 */

/** Reading speed for the reading time: 230 words a minute, the middle of adult silent reading of non-fiction (Brysbaert 2019: 238). */
export const WORDS_PER_MINUTE = 230

/** A post's markdown as marked reads it, GitHub-flavoured like case-study prose. */
export function lexPost(body: string): Token[] {
  return new Lexer({ gfm: true }).lex(body)
}

/** Markdown `#` and `##` are the page's h2 (the title is its h1), `###` its h3, and so on. */
export function headingLevel(depth: number): number {
  return Math.min(6, Math.max(2, depth))
}

export interface Heading {
  token: Tokens.Heading
  /** Its id on the page: unique in the post. */
  id: string
  text: string
  level: number
}

/**
 * Every heading of the post, in order, with its id: the GitHub way (lowercase, punctuation dropped,
 * spaces to dashes), then "-1", "-2" for a repeat, so the links readers copy from other sites work.
 * A heading with no letter or digit is "section". Only top-level headings: markdown inside a list or
 * a quote has none the outline could show.
 */
export function postHeadings(tokens: readonly Token[]): Heading[] {
  const used = new Set<string>()
  const out: Heading[] = []
  for (const token of tokens) {
    if (token.type !== 'heading') continue
    const heading = token as Tokens.Heading
    const text = plainText(heading.tokens).trim()
    const base =
      text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .trim()
        .replace(/\s+/g, '-') || 'section'
    let id = base
    for (let n = 1; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    out.push({ token: heading, id, text, level: headingLevel(heading.depth) })
  }
  return out
}

/** The text a reader sees of inline tokens: markup and link targets dropped. */
export function plainText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return ''
  return tokens
    .map((token) => {
      if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0)
        return plainText(token.tokens as Token[])
      if (token.type === 'br') return ' '
      if (token.type === 'image') return (token as Tokens.Image).text
      return 'text' in token && typeof token.text === 'string' ? decodeBasicEntities(token.text) : ''
    })
    .join('')
}

/** marked escapes text tokens' `&`, `<`, `>`, quotes: back to what they say. */
function decodeBasicEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_.-]*/gu

/**
 * The words a reader reads: prose, headings, lists, quotes, tables and code (read more slowly, but
 * read); a diagram is looked at, so a Mermaid block counts none.
 */
export function countWords(tokens: readonly Token[]): number {
  let words = 0
  const visit = (list: readonly Token[]) => {
    for (const token of list) {
      if (token.type === 'code') {
        if (!isMermaid(token as Tokens.Code)) words += count((token as Tokens.Code).text)
        continue
      }
      if (token.type === 'html') continue
      const children = childTokens(token)
      if (children.length > 0) visit(children)
      else if ('text' in token && typeof token.text === 'string') words += count(token.text)
    }
  }
  visit(tokens)
  return words
}

/** Minutes to read `words` at WORDS_PER_MINUTE, at least 1. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}

const count = (text: string) => text.match(WORD)?.length ?? 0

/** A fenced code block whose language is mermaid: a diagram, drawn at build time. */
export function isMermaid(token: Tokens.Code): boolean {
  return (token.lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() === 'mermaid'
}

/** What follows "mermaid" in the info string: the diagram's title (its accessible name), or undefined. */
export function mermaidTitle(token: Tokens.Code): string | undefined {
  const title = (token.lang ?? '').trim().replace(/^\S+\s*/, '')
  return title === '' ? undefined : title
}

/** A token's children as marked nests them: inline tokens, list items, table cells. */
export function childTokens(token: Token): Token[] {
  const children: Token[] = []
  if ('tokens' in token && Array.isArray(token.tokens)) children.push(...(token.tokens as Token[]))
  if (token.type === 'list') for (const item of (token as Tokens.List).items) children.push(item)
  if (token.type === 'table') {
    const table = token as Tokens.Table
    for (const cell of table.header) children.push(...cell.tokens)
    for (const row of table.rows) for (const cell of row) children.push(...cell.tokens)
  }
  return children
}
