import { isScalar, LineCounter, parseDocument, type Node } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { positionAt, type Locatable } from '../diagnostics/locate.ts'
import { checkNodes } from './check-nodes.ts'
import { findExcessiveNesting, MAX_DEPTH } from './find-deep-nesting.ts'
import type { SourceFile } from './load-sources.ts'
import { fromYamlError } from './yaml-errors.ts'

export interface ParsedDocument extends Locatable {
  /** The plain data, present only when the file parsed without YAML-level errors. */
  data?: unknown
}

/**
 * yaml's document of one file, every node with its place in the text, its YAML-level problems
 * (syntax, directives, aliases, tags, duplicate keys, control characters, nesting), and its plain
 * data when there are none.
 */
export function parseYaml(source: SourceFile): { parsed: ParsedDocument; diagnostics: Diagnostic[] } {
  const parsed = unparsedDocument(source)
  const deep = findExcessiveNesting(source.text)
  if (deep) {
    const start = positionAt(parsed, deep.offset)
    return {
      parsed,
      diagnostics: [
        createDiagnostic(
          'YAML_TOO_DEEP',
          { file: source.path, start },
          `nesting is deeper than ${MAX_DEPTH} levels (${deep.what})`,
        ),
      ],
    }
  }
  const directives = findDirectives(parsed)
  // A directive changes how the rest is read; what the parser says after it is noise.
  if (directives.length > 0) return { parsed, diagnostics: directives }

  const doc = parseDocument(source.text, {
    uniqueKeys: false,
    strict: true,
    prettyErrors: false,
    merge: false,
    version: '1.2',
  })
  parsed.contents = (doc.contents as Node | null) ?? null
  const errors = doc.errors.map((e) => fromYamlError(parsed, e, false))
  // After the first syntax error the parser's picture of the file is guesswork: report that one only.
  const firstSyntax = errors.find((d) => d.code === 'YAML_SYNTAX')
  const diagnostics = [
    ...errors.filter((d) => d.code !== 'YAML_SYNTAX'),
    ...(firstSyntax ? [firstSyntax] : []),
    ...doc.warnings.map((w) => fromYamlError(parsed, w, true)),
  ]
  if (diagnostics.length > 0) return { parsed, diagnostics }

  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null && doc.contents.source === '')) {
    return {
      parsed,
      diagnostics: [
        createDiagnostic(
          'EMPTY_DOCUMENT',
          { file: source.path, start: { line: 1, column: 1 } },
          `${source.path} is empty`,
        ),
      ],
    }
  }
  diagnostics.push(...checkNodes(parsed))
  if (diagnostics.length === 0) parsed.data = doc.toJS({ maxAliasCount: 0 })
  return { parsed, diagnostics }
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

export function indexLines(text: string): LineCounter {
  const lineCounter = new LineCounter()
  lineCounter.addNewLine(0)
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1)
  return lineCounter
}

/** `%YAML 1.1` is valid YAML, and it silently changes what `no` and `<<` mean, so any directive is refused. */
function findDirectives(parsed: ParsedDocument): Diagnostic[] {
  const out: Diagnostic[] = []
  const re = /^%[^\n]*/gm
  for (let m = re.exec(parsed.text); m; m = re.exec(parsed.text)) {
    const docStart = parsed.text.search(/^---/m)
    if (docStart >= 0 && m.index > docStart) break
    const start = positionAt(parsed, m.index)
    out.push(
      createDiagnostic(
        'YAML_DIRECTIVE',
        { file: parsed.path, start, end: { line: start.line, column: start.column + m[0].trimEnd().length } },
        `directives are not allowed (found "${m[0].trim()}")`,
      ),
    )
  }
  return out
}
