import { diagnosticCodes, type DiagnosticCode } from './codes.ts'

export type Severity = 'error' | 'warning'

/** A position in a source file. Both fields are 1-based, as `yaml`'s LineCounter reports them. */
export interface Position {
  /** 1-based */
  line: number
  /** 1-based */
  column: number
}

/** One problem found in the content: data, never thrown, printed only by format.ts. */
export interface Diagnostic {
  code: DiagnosticCode
  severity: Severity
  /** Path relative to the content root, posix separators. */
  file: string
  /** JSON Pointer into the file's data ('' = root); '' for problems before parsing. */
  pointer: string
  /** 1-based */
  line: number
  /** 1-based */
  column: number
  /** Where the offending span ends (exclusive column), when known. */
  end?: Position
  /** What is wrong, quoting the value. No "Error:" prefix. */
  message: string
  /** How to fix it. */
  hint?: string
}

export interface Located {
  file: string
  pointer?: string
  start: Position
  end?: Position
}

export function createDiagnostic(
  code: DiagnosticCode,
  at: Located,
  message: string,
  hint?: string,
  severity: Severity = 'error',
): Diagnostic {
  const diagnostic: Diagnostic = {
    code,
    severity,
    file: at.file,
    pointer: at.pointer ?? '',
    line: at.start.line,
    column: at.start.column,
    message,
  }
  if (at.end) diagnostic.end = at.end
  const fixedHint = hint ?? defaultHints[code]
  if (fixedHint) diagnostic.hint = fixedHint
  return diagnostic
}

const defaultHints: Partial<Record<DiagnosticCode, string>> = Object.fromEntries(
  Object.entries(diagnosticCodes).flatMap(([code, entry]) => ('hint' in entry ? [[code, entry.hint]] : [])),
)

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error')
}

/** Sorted by file, line, column, code; exact duplicates removed. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>()
  const unique: Diagnostic[] = []
  for (const d of diagnostics) {
    const key = `${d.file}\0${d.line}\0${d.column}\0${d.code}\0${d.message}`
    if (seen.has(key)) continue
    seen.add(key)
    unique.push(d)
  }
  return unique.sort(
    (a, b) =>
      (a.file === 'portfolio.yaml' ? -1 : 0) - (b.file === 'portfolio.yaml' ? -1 : 0) ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.code.localeCompare(b.code),
  )
}
