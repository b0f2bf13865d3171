import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import { runDoctor } from '../doctor/run-doctor.ts'
import { reportDiagnostics } from './report-diagnostics.ts'

/** `portfolio doctor`: exit 0 when nothing would break the deployment (warnings allowed), 1 on any error; same formats as validate. */
export async function doctorCommand(options: ResolvedOptions, baseGiven: boolean, logger: Logger): Promise<number> {
  const result = await runDoctor({ root: options.root, ...(baseGiven ? { base: options.base } : {}) })
  reportDiagnostics(
    { diagnostics: result.diagnostics, sources: new Map(), fileCount: 0 },
    options,
    logger,
    undefined,
    `${result.checks} checks passed, no problems`,
  )
  return hasErrors(result.diagnostics) ? 1 : 0
}
