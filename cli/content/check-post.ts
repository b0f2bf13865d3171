import type { Token, Tokens } from 'marked'
import { createDiagnostic, type Diagnostic, type Located } from '../diagnostics/diagnostic.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import { locatePointer, positionAt } from '../diagnostics/locate.ts'
import { didYouMean } from '../diagnostics/suggest.ts'
import type { FileCheck } from './check-file.ts'
import { splitFrontMatter } from './front-matter.ts'
import type { SourceFile } from './load-sources.ts'
import { indexLines, parseYaml, type ParsedDocument } from './parse-yaml.ts'
import { isMermaid, lexPost, postHeadings } from './post-text.ts'
import { checkDiagramSource } from './rules/diagrams.ts'
import { scanMarkdown, walkTokens, type InternalLink } from './rules/markdown.ts'
import { checkMediaFields } from './rules/media.ts'
import { checkAbsoluteUrl } from './rules/urls.ts'
import { validateSchema } from './validate-schema.ts'

/** The longest Mermaid block a post may hold, as a case study's diagram (project.schema.json). */
const MAX_DIAGRAM_CHARS = 10_000

/**
 * A post file's own checks: front matter split off → YAML → schema (post.schema.json) → the rules
 * of one file (canonical URL, cover alt, dates) → the markdown rules of case-study prose on its
 * text (raw HTML, links, in-page anchors, diagrams). A pure function of the text, like checkFile.
 * Every position is the .md file's: the YAML is parsed where it stands in the file.
 */
export function checkPost(source: SourceFile): FileCheck {
  const split = splitFrontMatter(source.path, source.text)
  if ('diagnostic' in split) return { parsed: postDocument(source), diagnostics: [split.diagnostic], links: [] }
  const { parsed: yaml, diagnostics } = parseYaml({ path: source.path, text: split.yaml })
  const parsed = postDocument(source, yaml)
  const links: InternalLink[] = []
  if (parsed.data !== undefined) {
    diagnostics.push(...validateSchema(parsed, 'post'))
    if (isRecord(parsed.data)) diagnostics.push(...checkFields(parsed, parsed.data))
  }
  // The text is checked whatever the front matter has: its problems are its own.
  diagnostics.push(...checkPostBody(parsed, split.body, split.bodyOffset, links))
  return { parsed, diagnostics, links }
}

/** The post's document over its whole text (the body's places too), with the front matter's YAML nodes and data. */
export function postDocument(source: SourceFile, yaml?: ParsedDocument): ParsedDocument {
  let lineCounter: ParsedDocument['lineCounter'] | undefined
  return {
    path: source.path,
    text: source.text,
    contents: yaml?.contents ?? null,
    ...(yaml?.data !== undefined ? { data: yaml.data } : {}),
    get lineCounter() {
      lineCounter ??= indexLines(source.text)
      return lineCounter
    },
  }
}

/** A post's document parsed again (for a post checked elsewhere, when a rule across files must place something in it). */
export function parsePost(source: SourceFile): ParsedDocument {
  return checkPost(source).parsed
}

/** The rules of the front matter's fields that need no other file. */
function checkFields(parsed: ParsedDocument, data: Record<string, unknown>): Diagnostic[] {
  const out: Diagnostic[] = []
  if (typeof data.canonical === 'string') {
    const problem = checkAbsoluteUrl(data.canonical, 'canonical')
    if (problem)
      out.push(
        createDiagnostic(
          problem.code,
          locatePointer(parsed, '/canonical'),
          problem.message,
          problem.hint,
          problem.severity,
        ),
      )
  }
  out.push(...checkMediaFields(parsed, 'post'))
  for (const field of ['published', 'updated'] as const) {
    const date = data[field]
    if (typeof date === 'string' && DATE.test(date) && !isCalendarDate(date))
      out.push(
        createDiagnostic('POST_DATE', locatePointer(parsed, `/${field}`), `${field} "${date}" is not a calendar date`),
      )
  }
  const { published, updated } = data
  if (typeof published === 'string' && typeof updated === 'string' && DATE.test(updated) && updated < published)
    out.push(
      createDiagnostic(
        'POST_DATE_ORDER',
        locatePointer(parsed, '/updated'),
        `updated "${updated}" is before published "${published}"`,
      ),
    )
  return out
}

/** post.schema.json's date pattern: a date it refuses is its error, not this rule's. */
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/** The schema's pattern allows a 31st of every month: this is the check that the day exists. */
function isCalendarDate(date: string): boolean {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const at = new Date(Date.UTC(year, month - 1, day))
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day
}

/**
 * The markdown rules on the post's text, placed in the file: raw HTML and unsafe links (as in
 * case-study prose), `#anchor` links against the post's own heading ids, Mermaid blocks against the
 * diagram rules. Other in-site links go to `links` (their file offset as `index`) for the rules across files.
 * A translated post's text (posts/<slug>.<tag>.md) gets the same (i18n/check-post-overlays.ts).
 */
export function checkPostBody(
  parsed: ParsedDocument,
  body: string,
  bodyOffset: number,
  links: InternalLink[],
): Diagnostic[] {
  const tokens = lexPost(body)
  const at = (index: number, length: number): Located => {
    const start = positionAt(parsed, bodyOffset + index)
    const end = positionAt(parsed, bodyOffset + index + length)
    return end.line === start.line && length > 0 ? { file: parsed.path, start, end } : { file: parsed.path, start }
  }
  const ids = postHeadings(tokens).map((heading) => heading.id)
  const anchors: Diagnostic[] = []
  const diagnostics = scanMarkdown(tokens, body, at, (href, index) => {
    if (!href.startsWith('#'))
      return void links.push({ file: parsed.path, pointer: '', index: bodyOffset + index, href })
    const fragment = decodeFragment(href.slice(1))
    if (fragment === '' || ids.includes(fragment)) return
    anchors.push(
      createDiagnostic(
        'BROKEN_ANCHOR',
        at(index, href.length + 4),
        `"${href}" does not match any heading of this post (${ids.length ? `headings: ${ids.map((id) => `#${id}`).join(', ')}` : 'it has no heading'})`,
        didYouMean(fragment, ids) ?? 'Link to a heading of the post by its id: its words in lowercase, joined by "-".',
      ),
    )
  })
  return [...diagnostics, ...anchors, ...checkDiagramBlocks(tokens, body, at)]
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

/** Each ```mermaid block against the rules of a case study's diagrams, placed at its line in the file. */
function checkDiagramBlocks(
  tokens: readonly Token[],
  body: string,
  at: (index: number, length: number) => Located,
): Diagnostic[] {
  const out: Diagnostic[] = []
  walkTokens(tokens, body, 0, (token, index) => {
    if (token.type !== 'code' || !isMermaid(token as Tokens.Code)) return
    const code = token as Tokens.Code
    // The text starts on the line after the opening fence (an indented block has no fence, and no language).
    const textStart = index + token.raw.indexOf('\n') + 1
    if (code.text.length > MAX_DIAGRAM_CHARS) {
      out.push(
        createDiagnostic(
          'LIMIT',
          at(index, 3),
          `diagram has ${code.text.length} characters > ${MAX_DIAGRAM_CHARS}`,
          'Split it into smaller diagrams.',
        ),
      )
      return
    }
    const problem = checkDiagramSource(code.text)
    if (problem)
      out.push(
        createDiagnostic(problem.code, at(textStart + problem.index, problem.length), problem.message, problem.hint),
      )
  })
  return out
}
