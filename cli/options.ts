import path from 'node:path'
import { OUTPUT_FORMATS, type OutputFormat } from './diagnostics/format.ts'
import { CliError } from './errors.ts'

/** Options as the command line gives them. */
export interface CliOptions {
  /** Content root holding portfolio.yaml and projects/. @default current directory */
  root?: string
  /** Diagnostic output format. @default 'pretty' */
  format?: string
  /** Site output folder. @default '<root>/dist' */
  out?: string
  /** Public base path the site is served under. @default '/' */
  base?: string
  /** Port for preview. @default 4173 */
  port?: string
}

export interface ResolvedOptions {
  root: string
  format: OutputFormat
  /** Whether --format was given (GitHub Actions then gets only what was asked for). */
  formatExplicit: boolean
  outDir: string
  base: string
  port: number
}

const defaults = Object.freeze({ format: 'pretty', base: '/', port: 4173 } as const satisfies Partial<
  Record<keyof ResolvedOptions, unknown>
>)

export function resolveOptions(options: CliOptions, cwd = process.cwd()): ResolvedOptions {
  const format = options.format ?? defaults.format
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
    throw new CliError(`unknown --format "${format}"`, `Use one of: ${OUTPUT_FORMATS.join(', ')}.`)
  }
  const root = path.resolve(cwd, options.root ?? '.')
  const port = options.port === undefined ? defaults.port : Number(options.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`invalid --port "${options.port}"`, 'Use a whole number from 0 to 65535.')
  return {
    root,
    format: format as OutputFormat,
    formatExplicit: options.format !== undefined,
    outDir: path.resolve(cwd, options.out ?? path.join(root, 'dist')),
    base: normalizeBase(options.base ?? defaults.base),
    port,
  }
}

/** "/sub/path" → "/sub/path/"; only path characters, so it is safe in HTML and URLs. */
export function normalizeBase(base: string): string {
  if (!/^\/[A-Za-z0-9._~\/-]*$/.test(base) || base.includes('//') || base.split('/').includes('..')) {
    throw new CliError(`invalid --base "${base}"`, 'Use an absolute path such as / or /my-portfolio/.')
  }
  return base.endsWith('/') ? base : base + '/'
}
