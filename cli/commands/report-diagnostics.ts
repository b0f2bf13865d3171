import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import {
  formatDiagnostics,
  githubAnnotation,
  isMachineFormat,
  summary,
  type FormatOptions,
} from '../diagnostics/format.ts'
import type { CheckResult } from '../content/check-content.ts'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'

/** Prints diagnostics in the chosen format; shared by every command that checks content. */
export function reportDiagnostics(
  result: Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'>,
  options: ResolvedOptions,
  logger: Logger,
  outcome?: string,
  clean?: string,
): void {
  const formatOptions: FormatOptions = {
    color: logger.color,
    sources: result.sources,
    fileCount: result.fileCount,
    root: options.root,
    ...(outcome ? { outcome } : {}),
    ...(clean ? { clean } : {}),
  }
  const text = formatDiagnostics(result.diagnostics, options.format, formatOptions)
  // Machine formats own stdout (a program parses all of it); the one-line summary is for people.
  if (isMachineFormat(options.format)) {
    if (text) logger.result(text)
    logger.info(summary(result.diagnostics, formatOptions))
  } else logger.info(text)
  // On GitHub Actions the pretty report also annotates the pull request (first 10, as GitHub shows at most 10 per step).
  if (options.format === 'pretty' && !options.formatExplicit && process.env.GITHUB_ACTIONS === 'true') {
    const annotations = result.diagnostics.slice(0, 10).map((d: Diagnostic) => githubAnnotation(d))
    if (annotations.length) logger.result(annotations.join('\n'))
  }
}
