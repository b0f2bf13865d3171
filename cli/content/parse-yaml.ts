import type { LineCounter, Node, YAMLError } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { positionAt, yamlLibrary, type Locatable } from '../diagnostics/locate.ts'
import { CONTROL_CHARACTER, type SourceFile } from './load-sources.ts'
import { readPlainYaml } from './read-plain-yaml.ts'

export interface ParsedDocument extends Locatable {
  /** The plain data, present only when the file parsed without YAML-level errors. */
  data?: unknown
}

/** Deeper than any real content; low enough that no recursive walker here can overflow. */
export const MAX_DEPTH = 32

const SYNTAX_HINTS: Record<string, string> = {
  MISSING_CHAR: 'Close the quote or bracket, or use a block scalar (|) for long text.',
  BAD_INDENT: 'Items of the same list or mapping must all start at the same column.',
  TAB_AS_INDENT: 'Only spaces are allowed as indentation; replace the tab with spaces.',
  BLOCK_AS_IMPLICIT_KEY: 'Quote values that contain ": " (e.g. summary: "Fast: cached"), and put a space after every key\'s colon.',
  MULTILINE_IMPLICIT_KEY: 'Put a space after the colon ("key: value"), or quote the value.',
  BAD_SCALAR_START: 'Quote the value: it starts with a character YAML reserves (@, `, %, |, >).',
  KEY_OVER_1024_CHARS: 'Keys must be short; put long text in the value.',
  UNEXPECTED_TOKEN: 'Check the brackets, quotes and indentation around this place.',
  BLOCK_IN_FLOW: 'Inside [ ] or { } write everything on the line, or switch to a block list with "- " items.',
}

export interface ParseOptions {
  /** False: always build yaml's document, never the fast reading (tests compare the two). @default true */
  plain?: boolean
}

export function parseYaml(source: SourceFile, options: ParseOptions = {}): { parsed: ParsedDocument; diagnostics: Diagnostic[] } {
  const unparsed = unparsedDocument(source)
  const deep = findExcessiveNesting(source.text)
  if (deep) {
    const start = positionAt(unparsed, deep.offset)
    return { parsed: unparsed, diagnostics: [createDiagnostic('YAML_TOO_DEEP', { file: source.path, start }, `nesting is deeper than ${MAX_DEPTH} levels (${deep.what})`)] }
  }
  const directives = findDirectives(unparsed)
  // A directive changes how the rest is read; what the parser says after it is noise.
  if (directives.length > 0) return { parsed: unparsed, diagnostics: directives }
  // Most files are plain, valid YAML: read them the fast way, and build yaml's document (the
  // positions) only if something later has a problem to point at.
  const plain = options.plain === false ? undefined : readPlainYaml(source.text, MAX_DEPTH)
  if (plain) return { parsed: deferredDocument(unparsed, plain.data), diagnostics: [] }
  return parseFully(unparsed)
}

/** The file before parsing: its text, and its lines indexed when a position is first asked for. */
function unparsedDocument(source: SourceFile): ParsedDocument {
  let lineCounter: LineCounter | undefined
  return {
    path: source.path,
    text: source.text,
    contents: null,
    // Lines come from the text itself: the parser's own counter misses newlines inside tokens it could not parse.
    get lineCounter(): LineCounter {
      lineCounter ??= indexLines(source.text)
      return lineCounter
    },
  }
}

/** A file read by readPlainYaml: its data now, yaml's document (for locating) when first asked for. */
function deferredDocument(unparsed: ParsedDocument, data: Record<string, unknown>): ParsedDocument {
  let contents: Node | null | undefined
  return {
    path: unparsed.path,
    text: unparsed.text,
    get lineCounter(): LineCounter {
      return unparsed.lineCounter
    },
    data,
    get contents(): Node | null {
      if (contents === undefined) contents = parseFully(unparsed).parsed.contents
      return contents
    },
  }
}

/** yaml's document, every error and warning it reports, and the rules checkNodes adds. */
function parseFully(unparsed: ParsedDocument): { parsed: ParsedDocument; diagnostics: Diagnostic[] } {
  const doc = withPlainEnv(() => yamlLibrary().parseDocument(unparsed.text, { uniqueKeys: false, strict: true, prettyErrors: false, merge: false, version: '1.2' }))
  const parsed: ParsedDocument = { ...unparsed, contents: (doc.contents as Node | null) ?? null }
  const errors = doc.errors.map((e) => fromYamlError(parsed, e, false))
  // After the first syntax error the parser's picture of the file is guesswork: report that one only.
  const firstSyntax = errors.find((d) => d.code === 'YAML_SYNTAX')
  const diagnostics = [...errors.filter((d) => d.code !== 'YAML_SYNTAX'), ...(firstSyntax ? [firstSyntax] : []), ...doc.warnings.map((w) => fromYamlError(parsed, w, true))]
  if (diagnostics.length > 0) return { parsed, diagnostics }

  if (doc.contents === null || (yamlLibrary().isScalar(doc.contents) && doc.contents.value === null && doc.contents.source === '')) {
    return { parsed, diagnostics: [createDiagnostic('EMPTY_DOCUMENT', { file: unparsed.path, start: { line: 1, column: 1 } }, `${unparsed.path} is empty`)] }
  }
  diagnostics.push(...checkNodes(parsed))
  if (diagnostics.length === 0) parsed.data = doc.toJS({ maxAliasCount: 0 })
  return { parsed, diagnostics }
}

/**
 * yaml reads process.env.LOG_TOKENS for every token it lexes (and LOG_STREAM per document). process.env
 * is a native interceptor, slow enough that these reads are a quarter of the parse. For the duration
 * of the (synchronous) parse, process.env is a plain object holding the same two values, so nothing
 * else can observe the swap and yaml behaves exactly as it would.
 */
function withPlainEnv<T>(parse: () => T): T {
  const env = process.env
  process.env = { LOG_TOKENS: env.LOG_TOKENS, LOG_STREAM: env.LOG_STREAM }
  try {
    return parse()
  } finally {
    process.env = env
  }
}

function indexLines(text: string): LineCounter {
  const lineCounter = new (yamlLibrary().LineCounter)()
  lineCounter.addNewLine(0)
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1)
  return lineCounter
}

/**
 * The parser reports some mistakes where it gave up, not where they are: an unclosed quote at the end
 * of the file, an unclosed bracket on the next line, an over-indented key on the line above. Point at the cause.
 */
function relocate(text: string, error: YAMLError): { offset: number; length: number; hint?: string } | undefined {
  const at = error.pos[0]
  if (error.code === 'MISSING_CHAR' && /quote/.test(error.message)) {
    const quote = /single/.test(error.message) ? "'" : '"'
    const lines = text.slice(0, at).split('\n')
    let offset = 0
    for (const line of lines) {
      const open = line.search(new RegExp(`:\\s+${quote}`))
      if (open >= 0) {
        const q = line.indexOf(quote, open)
        if (line.indexOf(quote, q + 1) < 0) return { offset: offset + q, length: 1 }
      }
      offset += line.length + 1
    }
  }
  if (error.code === 'BAD_INDENT' && /Flow (sequence|map)/.test(error.message)) {
    const [openChar, closeChar] = /Flow map/.test(error.message) ? ['{', '}'] : ['[', ']']
    let depth = 0
    for (let i = at - 1; i >= 0; i--) {
      if (text[i] === closeChar) depth++
      else if (text[i] === openChar && depth-- === 0) return { offset: i, length: 1, hint: `This "${openChar}" is never closed: add "${closeChar}" at the end of the value.` }
    }
  }
  if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY') {
    const lineEnd = text.indexOf('\n', at)
    const lineStart = text.lastIndexOf('\n', at - 1) + 1
    const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd)
    const next = lineEnd < 0 ? '' : text.slice(lineEnd + 1, text.indexOf('\n', lineEnd + 1) >>> 0 || undefined)
    const indent = (l: string) => /^ */.exec(l)?.[0].length ?? 0
    const valueHasColon = /:\s.*:\s/.test(line)
    if (!valueHasColon && /^\s*[\w"'-][^:]*:(\s|$)/.test(next) && indent(next) > indent(line) && /:\s*\S/.test(line)) {
      return { offset: lineEnd + 1 + indent(next), length: next.trim().split(':')[0]!.length, hint: `This line is indented more than the key above it; items of the same mapping must start at the same column.` }
    }
  }
  return undefined
}

function fromYamlError(parsed: ParsedDocument, error: YAMLError, isWarning: boolean): Diagnostic {
  const moved = isWarning ? undefined : relocate(parsed.text, error)
  const startOffset = moved?.offset ?? error.pos[0]
  const endOffset = moved ? moved.offset + moved.length : error.pos[1]
  const start = positionAt(parsed, startOffset)
  const end = endOffset > startOffset ? positionAt(parsed, endOffset) : undefined
  const at = { file: parsed.path, start, ...(end && end.line === start.line ? { end } : {}) }
  const message = error.message.split('\n')[0] ?? error.message
  switch (error.code) {
    case 'MULTIPLE_DOCS':
      return createDiagnostic('YAML_MULTIPLE_DOCS', at, 'one document per file: a second document starts here')
    case 'RESOURCE_EXHAUSTION':
      return createDiagnostic('YAML_TOO_DEEP', at, `the YAML is nested too deeply to parse (${message})`)
    case 'TAG_RESOLVE_FAILED':
      return createDiagnostic('YAML_TAG', at, `tags are not allowed (${message})`)
    case 'DUPLICATE_KEY':
      return createDiagnostic('YAML_DUPLICATE_KEY', at, message)
    default:
      if (isWarning) return createDiagnostic('YAML_WARNING', at, `${message} (${error.code})`, 'Warnings are errors in content files: rewrite this place in plain YAML.')
      return createDiagnostic('YAML_SYNTAX', at, `${message} (${error.code})`, moved?.hint ?? SYNTAX_HINTS[error.code] ?? 'Check the YAML syntax around this place; the docs/content guide shows every field.')
  }
}

/** `%YAML 1.1` is valid YAML, and it silently changes what `no` and `<<` mean, so any directive is refused. */
function findDirectives(parsed: ParsedDocument): Diagnostic[] {
  const out: Diagnostic[] = []
  const re = /^%[^\n]*/gm
  for (let m = re.exec(parsed.text); m; m = re.exec(parsed.text)) {
    const docStart = parsed.text.search(/^---/m)
    if (docStart >= 0 && m.index > docStart) break
    const start = positionAt(parsed, m.index)
    out.push(createDiagnostic('YAML_DIRECTIVE', { file: parsed.path, start, end: { line: start.line, column: start.column + m[0].trimEnd().length } }, `directives are not allowed (found "${m[0].trim()}")`))
  }
  return out
}

/** Walks the syntax tree for what valid YAML still must not contain: aliases, tags, complex or duplicate keys, deep nesting. */
function checkNodes(parsed: ParsedDocument): Diagnostic[] {
  const { isAlias, isMap, isNode, isScalar, isSeq } = yamlLibrary()
  const out: Diagnostic[] = []
  const span = (node: Node) => {
    const [s, e] = node.range ?? [0, 0]
    const start = positionAt(parsed, s)
    const end = positionAt(parsed, e)
    return { file: parsed.path, start, ...(e > s && end.line === start.line ? { end } : {}) }
  }
  // The node's range starts after its tag: find the "!…" token that only white space separates from the node.
  const tagDiagnostic = (node: Node) => {
    const start = node.range?.[0] ?? 0
    const before = parsed.text.slice(Math.max(0, start - 300), start)
    const match = /(!\S*)\s*$/.exec(before)
    const at = match ? start - before.length + match.index : start
    const tagText = match?.[1] ?? String(node.tag).replace('tag:yaml.org,2002:', '!!')
    const begin = positionAt(parsed, at)
    const end = match ? { end: { line: begin.line, column: begin.column + tagText.length } } : {}
    return createDiagnostic('YAML_TAG', { file: parsed.path, start: begin, ...end }, `tags are not allowed (found ${tagText})`)
  }
  // Where a double-quoted escape (\0, \e, \x01, \u0007…) produced a control character.
  const escapeSpan = (node: Node) => {
    const [start, end] = node.range ?? [0, 0]
    const raw = parsed.text.slice(start, end)
    for (const m of raw.matchAll(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0abvfeN_LP])/g)) {
      const code = m[1]!.length > 1 ? parseInt(m[1]!.slice(1), 16) : { '0': 0, a: 7, b: 8, v: 11, f: 12, e: 27, N: 0x85, _: 0xa0, L: 0x2028, P: 0x2029 }[m[1]!] ?? 0
      if (!CONTROL_CHARACTER.test(String.fromCodePoint(code))) continue
      const begin = positionAt(parsed, start + (m.index ?? 0))
      return { file: parsed.path, start: begin, end: { line: begin.line, column: begin.column + m[0].length } }
    }
    return undefined
  }
  // Raw control characters never reach here (load-sources refuses them), so only a "\" escape can make one.
  const controlPossible = parsed.text.includes('\\') || CONTROL_CHARACTER.test(parsed.text)
  const visit = (node: unknown, depth: number): void => {
    if (!isNode(node)) return
    if (depth > MAX_DEPTH) {
      out.push(createDiagnostic('YAML_TOO_DEEP', span(node), `nesting depth exceeds ${MAX_DEPTH}`))
      return
    }
    if (isAlias(node)) {
      out.push(createDiagnostic('YAML_ALIAS', span(node), `aliases are not allowed in content files (found *${node.source})`))
      return
    }
    if (node.tag) out.push(tagDiagnostic(node))
    if (controlPossible && isScalar(node) && typeof node.value === 'string' && CONTROL_CHARACTER.test(node.value)) {
      const char = CONTROL_CHARACTER.exec(node.value)?.[0] ?? ''
      out.push(createDiagnostic('CONTROL_CHAR', escapeSpan(node) ?? span(node), `control character U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} in a value (written as an escape)`, 'Remove the escape sequence; content text cannot hold control characters.'))
    }
    if (isMap(node)) {
      const seen = new Map<string, Node>()
      for (const pair of node.items) {
        const key = pair.key
        if (!isScalar(key)) {
          if (isNode(key)) out.push(createDiagnostic('YAML_SYNTAX', span(key), 'keys must be plain text, not lists, mappings or aliases', 'Write the key as a simple word followed by ": ".'))
          visit(key, depth + 1)
        } else {
          if (key.tag) out.push(tagDiagnostic(key))
          const name = String(key.value)
          const first = seen.get(name)
          if (first) {
            const firstPos = span(first).start
            out.push(createDiagnostic('YAML_DUPLICATE_KEY', span(key), `"${name}" is already defined at ${firstPos.line}:${firstPos.column}`))
          } else seen.set(name, key)
        }
        visit(pair.value, depth + 1)
      }
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item, depth + 1)
    }
  }
  visit(parsed.contents, 0)
  return out
}

/** Where the pre-scan below has something to do: line breaks, quotes and brackets. */
const NESTING_MARKS = /[\n"'[\]{}]/g

/**
 * A linear pre-scan, before the parser sees the text: thousands of levels of `[[[[`, `- - - -` or
 * indentation make recursive parsers overflow the stack (CVE-2026-33532) or exhaust memory.
 * It jumps from mark to mark (a regex scan) instead of visiting every character.
 */
function findExcessiveNesting(text: string): { offset: number; what: string } | undefined {
  let depth = 0
  let quote = 0
  // Each line that has a first character (an empty line has none) is measured before that character is read.
  if (text.length > 0 && text.charCodeAt(0) !== LF) {
    const deep = lineTooDeep(text, 0)
    if (deep) return deep
  }
  NESTING_MARKS.lastIndex = 0
  for (let m = NESTING_MARKS.exec(text); m; m = NESTING_MARKS.exec(text)) {
    const i = m.index
    const c = text.charCodeAt(i)
    if (c === LF) {
      if (i + 1 < text.length && text.charCodeAt(i + 1) !== LF) {
        const deep = lineTooDeep(text, i + 1)
        if (deep) return deep
      }
      continue
    }
    if (quote) {
      if (c === quote) quote = 0
      continue
    }
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      if (/[\s\[{,:]/.test(text[i - 1] ?? ' ')) quote = c
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > MAX_DEPTH * 2) return { offset: i, what: 'brackets [ or { opened inside each other' }
    } else depth = Math.max(0, depth - 1)
  }
  return undefined
}

const LF = 10
const SPACE = 32
const DOUBLE_QUOTE = 34
const SINGLE_QUOTE = 39
const DASH = 45
const QUESTION = 63
const OPEN_BRACKET = 91
const OPEN_BRACE = 123

/** Leading indentation and compact "- - -" / "? ? ?" indicators each open a level. */
function lineTooDeep(text: string, lineOffset: number): { offset: number; what: string } | undefined {
  let levels = 0
  for (let j = lineOffset; ; j++) {
    while (text.charCodeAt(j) === SPACE) j++
    const here = text.charCodeAt(j)
    const next = text.charCodeAt(j + 1)
    if (!((here === DASH || here === QUESTION) && (next === SPACE || next === LF || j + 1 >= text.length))) break
    if (++levels > MAX_DEPTH) return { offset: j, what: `more than ${MAX_DEPTH} nested "- " items on one line` }
  }
  let indent = 0
  while (indent <= 4 * MAX_DEPTH && text.charCodeAt(lineOffset + indent) === SPACE) indent++
  if (indent > 4 * MAX_DEPTH) return { offset: lineOffset, what: `indented by more than ${4 * MAX_DEPTH} spaces` }
  return undefined
}
