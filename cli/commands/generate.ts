import path from 'node:path'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { runGenerate } from '../pipeline/run.ts'
import { generatedDirectory } from '../paths.ts'
import { isMachineFormat } from '../diagnostics/format.ts'
import { reportDiagnostics } from './report-diagnostics.ts'

/** `portfolio generate`: exit 0 after writing the content modules, 1 (and nothing written) on content errors. */
export async function generateCommand(options: ResolvedOptions, logger: Logger): Promise<number> {
  const result = await runGenerate(options.root)
  if (!result.compiled) {
    reportDiagnostics(result, options, logger, 'nothing was written.')
    return 1
  }
  // A machine format prints its (possibly empty) report even on success: CI parses stdout.
  if (result.diagnostics.length > 0 || isMachineFormat(options.format)) reportDiagnostics(result, options, logger)
  const where = path.relative(process.cwd(), generatedDirectory) || '.'
  logger.info(
    result.written.length
      ? `✔ generated ${where}/ (${result.written.length} file${result.written.length === 1 ? '' : 's'} changed)`
      : `✔ ${where}/ is up to date`,
  )
  return 0
}
