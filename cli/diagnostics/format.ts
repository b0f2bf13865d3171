import { codeFrame } from './code-frame.ts'
import type { Diagnostic } from './diagnostic.ts'
import { sarifLog } from './sarif.ts'

export type OutputFormat = 'pretty' | 'json' | 'github' | 'sarif'
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['pretty', 'json', 'github', 'sarif']

/** The formats other programs read: printed on stdout alone, the summary for people going to stderr. */
export function isMachineFormat(format: OutputFormat): boolean {
  return format !== 'pretty'
}

export interface FormatOptions {
  /** ANSI colours; decided by the caller from TTY and NO_COLOR. */
  color: boolean
  /** Source text by file, for code frames. */
  sources: ReadonlyMap<string, string>
  /** How many content files were read (for the summary). */
  fileCount: number
  /** Appended to the summary when the command would have written something, e.g. "nothing was written". */
  outcome?: string
  /** At most this many diagnostics are printed in full. @default 100 */
  limit?: number
  /** The summary when there is nothing to report. @default "N files checked, no problems" */
  clean?: string
  /** Absolute content root, which SARIF names as the base of every file's path. */
  root?: string
}

const ansi = (code: string, on: boolean) => (text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text)

/**
 * The one printer. Returns the text to print: for the machine formats (json, github, sarif) the whole
 * of stdout, nothing else (the caller prints `summary` to stderr); for pretty, the report for stderr.
 * GitHub reads workflow commands from stdout (docs.github.com/actions/reference/workflow-commands-for-github-actions).
 */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  format: OutputFormat,
  options: FormatOptions,
): string {
  if (format === 'json') return JSON.stringify(diagnostics.map(toJson), null, 2) + '\n'
  if (format === 'github') return diagnostics.map(githubAnnotation).join('\n') + (diagnostics.length ? '\n' : '')
  if (format === 'sarif') return JSON.stringify(sarifLog(diagnostics, options.root), null, 2) + '\n'
  return pretty(diagnostics, options)
}

function pretty(diagnostics: readonly Diagnostic[], options: FormatOptions): string {
  const red = ansi('31', options.color)
  const yellow = ansi('33', options.color)
  const bold = ansi('1', options.color)
  const dim = ansi('2', options.color)
  const cyan = ansi('36', options.color)
  const limit = options.limit ?? 100
  const blocks: string[] = []
  for (const d of diagnostics.slice(0, limit)) {
    const severity = d.severity === 'error' ? red('error') : yellow('warning')
    // A finding about the environment (doctor: the Node version, the repository) has no file.
    const where = d.file ? `${bold(`${d.file}:${d.line}:${d.column}`)}  ` : ''
    const lines = [`${where}${severity}  ${dim(d.code)}  ${d.message}`]
    const text = options.sources.get(d.file)
    if (text !== undefined) {
      const frame = codeFrame(text, { line: d.line, column: d.column }, d.end, {
        highlight: d.severity === 'error' ? red : yellow,
        dim,
      })
      if (frame) lines.push(frame)
    }
    if (d.hint) lines.push(`  ${cyan('Hint:')} ${d.hint}`)
    blocks.push(lines.join('\n'))
  }
  if (diagnostics.length > limit) blocks.push(`… ${diagnostics.length - limit} more`)
  const text = blocks.join('\n\n')
  return (text ? text + '\n\n' : '') + summary(diagnostics, options, red, yellow) + '\n'
}

export function summary(
  diagnostics: readonly Diagnostic[],
  options: FormatOptions,
  red = (t: string) => t,
  green = (t: string) => t,
): string {
  const errors = diagnostics.filter((d) => d.severity === 'error').length
  const warnings = diagnostics.length - errors
  const files = new Set(diagnostics.filter((d) => d.file).map((d) => d.file)).size
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  if (diagnostics.length === 0)
    return green(`✔ ${options.clean ?? `${plural(options.fileCount, 'file')} checked, no problems`}`)
  const head = `${errors ? '✖' : '⚠'} ${plural(errors, 'error')}, ${plural(warnings, 'warning')}${files ? ` in ${plural(files, 'file')}` : ''}`
  return (errors ? red : green)(errors && options.outcome ? `${head} — ${options.outcome}` : head)
}

function toJson(d: Diagnostic) {
  return {
    code: d.code,
    severity: d.severity,
    file: d.file,
    line: d.line,
    column: d.column,
    ...(d.end ? { endLine: d.end.line, endColumn: d.end.column } : {}),
    pointer: d.pointer,
    message: d.message,
    ...(d.hint ? { hint: d.hint } : {}),
  }
}

// GitHub workflow commands: https://docs.github.com/actions/reference/workflow-commands-for-github-actions
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C')

export function githubAnnotation(d: Diagnostic): string {
  const props = d.file ? [`file=${escapeProperty(d.file)}`, `line=${d.line}`, `col=${d.column}`] : []
  if (d.file && d.end) props.push(`endLine=${d.end.line}`, `endColumn=${d.end.column}`)
  props.push(`title=${escapeProperty(d.code)}`)
  const body = d.hint ? `${d.message}\n${d.hint}` : d.message
  return `::${d.severity === 'error' ? 'error' : 'warning'} ${props.join(',')}::${escapeData(body)}`
}
