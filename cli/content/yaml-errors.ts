import type { YAMLError } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { positionAt, type Locatable } from '../diagnostics/locate.ts'

const SYNTAX_HINTS: Record<string, string> = {
  MISSING_CHAR: 'Close the quote or bracket, or use a block scalar (|) for long text.',
  BAD_INDENT: 'Items of the same list or mapping must all start at the same column.',
  TAB_AS_INDENT: 'Only spaces are allowed as indentation; replace the tab with spaces.',
  BLOCK_AS_IMPLICIT_KEY:
    'Quote values that contain ": " (e.g. summary: "Fast: cached"), and put a space after every key\'s colon.',
  MULTILINE_IMPLICIT_KEY: 'Put a space after the colon ("key: value"), or quote the value.',
  BAD_SCALAR_START: 'Quote the value: it starts with a character YAML reserves (@, `, %, |, >).',
  KEY_OVER_1024_CHARS: 'Keys must be short; put long text in the value.',
  UNEXPECTED_TOKEN: 'Check the brackets, quotes and indentation around this place.',
  BLOCK_IN_FLOW: 'Inside [ ] or { } write everything on the line, or switch to a block list with "- " items.',
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
      else if (text[i] === openChar && depth-- === 0)
        return {
          offset: i,
          length: 1,
          hint: `This "${openChar}" is never closed: add "${closeChar}" at the end of the value.`,
        }
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
      return {
        offset: lineEnd + 1 + indent(next),
        length: next.trim().split(':')[0]!.length,
        hint: `This line is indented more than the key above it; items of the same mapping must start at the same column.`,
      }
    }
  }
  return undefined
}

export function fromYamlError(parsed: Locatable, error: YAMLError, isWarning: boolean): Diagnostic {
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
      if (isWarning)
        return createDiagnostic(
          'YAML_WARNING',
          at,
          `${message} (${error.code})`,
          'Warnings are errors in content files: rewrite this place in plain YAML.',
        )
      return createDiagnostic(
        'YAML_SYNTAX',
        at,
        `${message} (${error.code})`,
        moved?.hint ??
          SYNTAX_HINTS[error.code] ??
          'Check the YAML syntax around this place; the docs/content guide shows every field.',
      )
  }
}
