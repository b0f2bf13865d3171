import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import {
  formatDiagnostics,
  githubAnnotation,
  isMachineFormat,
  summary,
  type FormatOptions,
} from '../diagnostics/format.ts'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { checkContent, type CheckResult } from '../content/check-content.ts'
import { openStore } from '../cache/store.ts'

/** `portfolio validate`: exit 0 when clean, 1 when any error. */
export async function validateCommand(options: ResolvedOptions, logger: Logger): Promise<number> {
  // Valid files checked before (by a build, or the last validate) come from the store: only edited files are parsed.
  const result = await checkContent(options.root, { store: openStore() })
  reportDiagnostics(result, options, logger)
  return result.content ? 0 : 1
}

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
