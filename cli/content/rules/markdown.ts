import { Lexer, type Token, type Tokens } from 'marked'
import { createDiagnostic, type Diagnostic, type Located } from '../../diagnostics/diagnostic.ts'
import { decodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locateInString } from '../../diagnostics/locate.ts'
import { checkMarkdownHref, decodeEntities, type LinkKind, type UrlProblem } from './urls.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { childTokens } from '../post-text.ts'
import { sectionsOf } from './unchecked-data.ts'

/** A link to somewhere in the site, kept for the cross-file anchor check. */
export interface InternalLink {
  file: string
  /** The markdown field it is in ('' in a post, whose text is not a field). */
  pointer: string
  /** Where it starts in the field's string; in a post, in the file's text. */
  index: number
  href: string
}

/** JSON pointers of every markdown field in a file's data (schema `$defs/markdown`). */
export function markdownPointers(data: unknown, file: 'portfolio' | 'project'): string[] {
  if (file === 'portfolio') return ['/about/body', '/contact/body']
  return sectionsOf(data).flatMap(([section, i]) =>
    ['body', 'intro', 'summary'].filter((k) => typeof section[k] === 'string').map((k) => `/sections/${i}/${k}`),
  )
}

/**
 * Only html, link and image tokens matter here, and marked makes none without one of these: "<"
 * (html, autolinks), "[" (links, images, references), "@" (bare emails, mailto:/xmpp:), "://" or
 * "www." (bare URLs). Most prose has none, and lexing it is the costliest part of validating it.
 */
const MAY_LINK_OR_HTML = /[<[@]|:\/\/|www\./i

/** Raw HTML and unsafe links are refused at their exact place; in-site links are returned for the anchor check. */
export function checkMarkdown(
  parsed: ParsedDocument,
  pointers: readonly string[],
): { diagnostics: Diagnostic[]; links: InternalLink[] } {
  const diagnostics: Diagnostic[] = []
  const links: InternalLink[] = []
  for (const pointer of pointers) {
    const markdown = valueAt(parsed.data, decodePointer(pointer))
    if (typeof markdown !== 'string' || !MAY_LINK_OR_HTML.test(markdown)) continue
    diagnostics.push(
      ...scanMarkdown(
        new Lexer({ gfm: true }).lex(markdown),
        markdown,
        (index, length) => locateInString(parsed, pointer, index, length),
        (href, index) => links.push({ file: parsed.path, pointer, index, href }),
      ),
    )
  }
  return { diagnostics, links }
}

/**
 * The rules of one markdown text, given its tokens: raw HTML and unsafe links refused where
 * `locate` places an index of `markdown`; each in-site link (`#x`, `/x`) handed to `internal`.
 */
export function scanMarkdown(
  tokens: readonly Token[],
  markdown: string,
  locate: (index: number, length: number) => Located,
  internal: (href: string, index: number) => void,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  walkTokens(tokens, markdown, 0, (token, index) => {
    if (token.type === 'html') {
      const tag = /<\/?([a-zA-Z][\w-]*|!--)/.exec(token.raw)?.[1] ?? token.raw.trim().slice(0, 20)
      const attribute = (/\s(on[a-z]+)\s*=/i.exec(token.raw) ??
        /\s(srcdoc|formaction|action|href|src|style|http-equiv)\s*=/i.exec(token.raw))?.[1]
      const found = tag === '!--' ? 'an HTML comment' : `<${tag}>${attribute ? ` with ${attribute}=` : ''}`
      diagnostics.push(
        createDiagnostic(
          'MD_RAW_HTML',
          locate(index, Math.min(token.raw.trimEnd().length, 40)),
          `raw HTML is not allowed in markdown (found ${found})`,
        ),
      )
      return
    }
    if (token.type === 'link' || token.type === 'image') {
      const href = decodeEntities(token.href)
      const problem =
        checkLinkText(token as Tokens.Link | Tokens.Image) ?? checkMarkdownHref(href, token.type as LinkKind)
      if (problem)
        diagnostics.push(
          createDiagnostic(
            problem.code,
            locate(index, token.raw.length),
            problem.message,
            problem.hint,
            problem.severity,
          ),
        )
      else if (href.startsWith('#') || (href.startsWith('/') && !href.startsWith('//'))) internal(href, index)
    }
  })
  return diagnostics
}

/**
 * CommonMark lets a destination hold spaces inside <…> and quotes anywhere: it parses, but no real
 * address needs them unencoded, and a quote is how an attacker closes the href attribute.
 */
const UNENCODED_IN_DESTINATION = /[\s"<>`\u0000-\u001f\u007f]/
/** A quote followed by name= or >, or a tag: text trying to end its attribute and start markup. */
const ATTRIBUTE_BREAKOUT = /["'`]\s*(?:[\w:-]+\s*=|\/?>)|<[a-z!/?][\w-]*/i

/** The parts of a link or image that become HTML attributes: destination, title and (for images) alt text. */
function checkLinkText(token: Tokens.Link | Tokens.Image): UrlProblem | undefined {
  const href = decodeEntities(token.href)
  const bad = UNENCODED_IN_DESTINATION.exec(href)
  if (bad) {
    const [what, encoded] =
      bad[0] === '"'
        ? ['a double quote', '%22']
        : bad[0] === '<'
          ? ['"<"', '%3C']
          : bad[0] === '>'
            ? ['">"', '%3E']
            : bad[0] === '`'
              ? ['a backtick', '%60']
              : bad[0] === ' '
                ? ['a space', '%20']
                : [
                    'whitespace or a control character',
                    `%${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
                  ]
    const shown = href.length > 60 ? href.slice(0, 60) + '…' : href
    return {
      code: 'MD_LINK_DESTINATION',
      message: `${token.type} destination ${JSON.stringify(shown)} contains ${what}; it parses only because markdown allows it there`,
      hint: `Percent-encode it as ${encoded}, or remove it.`,
    }
  }
  for (const [part, text] of [
    ['title', token.title],
    ['alt text', token.type === 'image' ? token.text : undefined],
  ] as const) {
    const decoded = typeof text === 'string' ? decodeEntities(text) : ''
    const breakout = ATTRIBUTE_BREAKOUT.exec(decoded)
    if (breakout)
      return {
        code: 'MD_ATTRIBUTE_BREAKOUT',
        message: `${token.type} ${part} ${JSON.stringify(decoded)} contains ${JSON.stringify(breakout[0])}, which would close its HTML attribute`,
      }
  }
  return undefined
}

/** Visits every token with its offset in the markdown string (marked keeps `raw`, not positions). */
export function walkTokens(
  tokens: readonly Token[],
  text: string,
  base: number,
  visit: (token: Token, index: number) => void,
): void {
  let cursor = base
  for (const token of tokens) {
    const found = token.raw ? text.indexOf(token.raw, cursor) : -1
    const index = found >= 0 ? found : cursor
    visit(token, index)
    const children = childTokens(token)
    if (children.length > 0) walkTokens(children, text, index, visit)
    if (found >= 0) cursor = found + token.raw.length
  }
}
