import path from 'node:path'
import type { ErrorPayload } from 'vite'
import type { CheckResult } from '../content/check-content.ts'
import { formatDiagnostics } from '../diagnostics/format.ts'

/** Vite's error overlay for content errors: the pretty report (no colour), pointing at the first error. */
export function overlayError(
  result: Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'>,
  root: string,
): ErrorPayload['err'] {
  const first = result.diagnostics.find((d) => d.severity === 'error') ?? result.diagnostics[0]
  const message = formatDiagnostics(result.diagnostics, 'pretty', {
    color: false,
    sources: result.sources,
    fileCount: result.fileCount,
  })
  if (!first) return { message, stack: '', plugin: 'portfolio' }
  return {
    message,
    stack: '',
    plugin: 'portfolio',
    id: `${first.file}:${first.line}:${first.column}`,
    loc: { file: path.join(root, first.file), line: first.line, column: first.column },
  }
}

/** The overlay for a run that could not read the content at all (portfolio.yaml deleted while watching). */
export function failureOverlay(error: unknown): ErrorPayload['err'] {
  return { message: error instanceof Error ? error.message : String(error), stack: '', plugin: 'portfolio' }
}
