import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { checkContent } from '../content/check-content.ts'
import { openStore } from '../cache/store.ts'
import { reportDiagnostics } from './report-diagnostics.ts'

/** `portfolio validate`: exit 0 when clean, 1 when any error. */
export async function validateCommand(options: ResolvedOptions, logger: Logger): Promise<number> {
  // Valid files checked before (by a build, or the last validate) come from the store: only edited files are parsed.
  const result = await checkContent(options.root, { store: openStore() })
  reportDiagnostics(result, options, logger)
  return result.content ? 0 : 1
}
