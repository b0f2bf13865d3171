/**
 * The programmatic API (the package's main export): the same work as `portfolio validate` and
 * `portfolio build`, returning data instead of printing. Diagnostics are the ones the CLI prints;
 * `formatDiagnostics` prints them the same way.
 */
import path from 'node:path'
import { runBuild } from './pipeline/run-build.ts'
import { checkContent } from './content/check-content.ts'
import { hasErrors, type Diagnostic } from './diagnostics/diagnostic.ts'
import { normalizeBase } from './options.ts'

export type { Diagnostic, Position, Severity } from './diagnostics/diagnostic.ts'
export type { DiagnosticCode } from './diagnostics/codes.ts'
export { formatDiagnostics, type FormatOptions, type OutputFormat } from './diagnostics/format.ts'

export interface ValidateOptions {
  /** The content folder holding portfolio.yaml and projects/ (relative to the working directory). @default '.' */
  root?: string
}

export interface ValidateResult {
  /** True when there is no error (warnings allowed): what exit code 0 means for the CLI. */
  ok: boolean
  diagnostics: Diagnostic[]
  /** Source text by path relative to root, for formatDiagnostics' code frames. */
  sources: Map<string, string>
  /** How many content files were read. */
  fileCount: number
}

/** Checks the content and returns every problem, located to file, line and column. Never throws for bad content. */
export async function validate(options: ValidateOptions = {}): Promise<ValidateResult> {
  const result = await checkContent(path.resolve(options.root ?? '.'))
  return {
    ok: !hasErrors(result.diagnostics),
    diagnostics: result.diagnostics,
    sources: result.sources,
    fileCount: result.fileCount,
  }
}

export interface BuildOptions extends ValidateOptions {
  /** Where the site goes; replaced only when every step succeeded. @default '<root>/dist' */
  outDir?: string
  /** The public base path the site is served under, e.g. '/my-portfolio/'. @default '/' */
  base?: string
  /** Called after each step with its duration in milliseconds. */
  onStep?: (step: string, milliseconds: number, detail?: string) => void
}

export interface BuildResult extends ValidateResult {
  /** Every route written (e.g. '/', '/projects/shop'); empty when the content had errors. */
  pages: string[]
  /** The absolute folder the site was written to. */
  outDir: string
}

/**
 * Validates, generates and prerenders the site into outDir. Content errors come back as diagnostics
 * (ok false, nothing written); a failing build step (Vite, a broken link) rejects. Pages render
 * with the React build NODE_ENV selects, as the process first loads React: run with
 * NODE_ENV=production, as the `portfolio` command does (the development build renders slower).
 */
export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const root = path.resolve(options.root ?? '.')
  const outDir = path.resolve(options.outDir ?? path.join(root, 'dist'))
  const result = await runBuild({
    root,
    outDir,
    base: normalizeBase(options.base ?? '/'),
    ...(options.onStep ? { onStep: options.onStep } : {}),
  })
  const ok = result.compiled && !hasErrors(result.diagnostics)
  return {
    ok,
    diagnostics: result.diagnostics,
    sources: result.sources,
    fileCount: result.fileCount,
    pages: ok ? result.pages : [],
    outDir,
  }
}
