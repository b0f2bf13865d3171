import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node, type YAMLError } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { positionAt, type Locatable } from '../diagnostics/locate.ts'
import type { SourceFile } from './load-sources.ts'

export interface ParsedDocument extends Locatable {
  doc: Document
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

export function parseYaml(source: SourceFile): { parsed: ParsedDocument; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter()
  const deep = findExcessiveFlowNesting(source.text)
  if (deep !== undefined) {
    lineCounter.addNewLine(0)
    const parsed: ParsedDocument = { path: source.path, text: source.text, lineCounter, contents: null, doc: parseDocument('') }
    indexLines(lineCounter, source.text)
    const start = positionAt(parsed, deep)
    return { parsed, diagnostics: [createDiagnostic('YAML_TOO_DEEP', { file: source.path, start }, `nesting depth exceeds ${MAX_DEPTH} at ${start.line}:${start.column}`)] }
  }
  const doc = parseDocument(source.text, { lineCounter, uniqueKeys: false, strict: true, prettyErrors: false, merge: false, version: '1.2' })
  const parsed: ParsedDocument = { path: source.path, text: source.text, lineCounter, contents: (doc.contents as Node | null) ?? null, doc }
  const diagnostics: Diagnostic[] = [...doc.errors.map((e) => fromYamlError(parsed, e, false)), ...doc.warnings.map((w) => fromYamlError(parsed, w, true))]
  diagnostics.push(...findDirectives(parsed))
  if (diagnostics.length > 0) return { parsed, diagnostics }

  if (doc.contents === null) {
    return { parsed, diagnostics: [createDiagnostic('EMPTY_DOCUMENT', { file: source.path, start: { line: 1, column: 1 } }, `${source.path} is empty`)] }
  }
  diagnostics.push(...checkNodes(parsed))
  if (diagnostics.length === 0) parsed.data = doc.toJS({ maxAliasCount: 0 })
  return { parsed, diagnostics }
}

function indexLines(lineCounter: LineCounter, text: string): void {
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1)
}

function fromYamlError(parsed: ParsedDocument, error: YAMLError, isWarning: boolean): Diagnostic {
  const start = positionAt(parsed, error.pos[0])
  const end = error.pos[1] > error.pos[0] ? positionAt(parsed, error.pos[1]) : undefined
  const at = { file: parsed.path, start, ...(end && end.line === start.line ? { end } : {}) }
  const message = error.message.split('\n')[0] ?? error.message
  switch (error.code) {
    case 'MULTIPLE_DOCS':
      return createDiagnostic('YAML_MULTIPLE_DOCS', at, 'one document per file: a second document starts here')
    case 'RESOURCE_EXHAUSTION':
      return createDiagnostic('YAML_TOO_DEEP', at, `the YAML is nested too deeply to parse (${message})`)
    case 'TAG_RESOLVE_FAILED':
      return createDiagnostic('YAML_TAG', at, `tags are not allowed (${message})`)
    case 'BAD_DIRECTIVE':
      return createDiagnostic('YAML_DIRECTIVE', at, `directives are not allowed (${message})`)
    case 'DUPLICATE_KEY':
      return createDiagnostic('YAML_DUPLICATE_KEY', at, message)
    default:
      if (isWarning) return createDiagnostic('YAML_WARNING', at, `${message} (${error.code})`, 'Warnings are errors in content files: rewrite this place in plain YAML.')
      return createDiagnostic('YAML_SYNTAX', at, `${message} (${error.code})`, SYNTAX_HINTS[error.code] ?? 'Check the YAML syntax around this place; the docs/content guide shows every field.')
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
  const out: Diagnostic[] = []
  const span = (node: Node) => {
    const [s, e] = node.range ?? [0, 0]
    const start = positionAt(parsed, s)
    const end = positionAt(parsed, e)
    return { file: parsed.path, start, ...(e > s && end.line === start.line ? { end } : {}) }
  }
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
    if (node.tag) out.push(createDiagnostic('YAML_TAG', span(node), `tags are not allowed (found ${node.tag.replace('tag:yaml.org,2002:', '!!')})`))
    if (isMap(node)) {
      const seen = new Map<string, Node>()
      for (const pair of node.items) {
        const key = pair.key
        if (!isScalar(key)) {
          if (isNode(key)) out.push(createDiagnostic('YAML_SYNTAX', span(key), 'keys must be plain text, not lists, mappings or aliases', 'Write the key as a simple word followed by ": ".'))
          visit(key, depth + 1)
        } else {
          if (key.tag) out.push(createDiagnostic('YAML_TAG', span(key), `tags are not allowed (found ${key.tag})`))
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

/** A linear pre-scan: `[[[[…` thousands deep makes parsers recurse until they crash (CVE-2026-33532), so refuse before parsing. */
function findExcessiveFlowNesting(text: string): number | undefined {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_DEPTH * 2) return i
    } else if (c === 0x5d || c === 0x7d) {
      depth = Math.max(0, depth - 1)
    } else if (c === 0x0a && depth > 0 && /^\S/.test(text.slice(i + 1, i + 2)) && text[i + 1] !== ']' && text[i + 1] !== '}') {
      // A new top-level line ends any unclosed flow collection as far as nesting is concerned.
      depth = 0
    }
  }
  return undefined
}
