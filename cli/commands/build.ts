import path from 'node:path'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { runBuild } from '../pipeline/run-build.ts'
import { isMachineFormat } from '../diagnostics/format.ts'
import { reportDiagnostics } from './report-diagnostics.ts'
import { formatMs, stepPrinter } from './build-progress.ts'

/** `portfolio build`: exit 0 with the site in --out; 1 on content errors; 2 when a build step fails. The old site stays on any failure. */
export async function buildCommand(
  options: ResolvedOptions,
  logger: Logger,
  { strictI18n = false }: { strictI18n?: boolean } = {},
): Promise<number> {
  const started = performance.now()
  const steps = stepPrinter(logger)
  const result = await runBuild({
    root: options.root,
    outDir: options.outDir,
    base: options.base,
    ...(strictI18n ? { strictI18n } : {}),
    onStepStart: (step) => steps.start(step),
    onProgress: (step, done, total) => steps.progress(step, done, total),
    onStep: (step, ms, detail) => steps.end(step, ms, detail),
  }).finally(() => steps.close())
  if (!result.compiled) {
    reportDiagnostics(
      result,
      options,
      logger,
      `nothing was written; ${path.relative(process.cwd(), options.outDir) || '.'} is unchanged.`,
    )
    return 1
  }
  // A machine format prints its (possibly empty) report even on success: CI parses stdout.
  if (result.diagnostics.length > 0 || isMachineFormat(options.format)) reportDiagnostics(result, options, logger)
  const where = `${path.relative(process.cwd(), options.outDir) || '.'}/`
  logger.info(
    result.upToDate
      ? `✔ up to date: nothing changed since the build of the ${result.pages.length} pages in ${where} (checked in ${formatMs(performance.now() - started)})`
      : `✔ built ${result.pages.length} pages into ${where} in ${formatMs(performance.now() - started)}`,
  )
  return 0
}
