import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { openStore } from '../cache/store.ts'
import { checkContent } from '../content/check-content.ts'
import { CliError } from '../errors.ts'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { makeResume } from '../resume/make-resume.ts'
import { reportDiagnostics } from './report-diagnostics.ts'

export type ResumeFormat = 'pdf' | 'json'

/** `portfolio resume`: the resume alone, as PDF or JSON Resume, into --out (default <root>/dist/resume.<format>). */
export async function resumeCommand(
  options: ResolvedOptions,
  format: ResumeFormat,
  out: string | undefined,
  logger: Logger,
): Promise<number> {
  const checked = await checkContent(options.root)
  if (!checked.content) {
    reportDiagnostics(checked, options, logger, 'no resume was written.')
    return 1
  }
  const resume = await makeResume(checked, options.root, openStore())
  if (resume.diagnostics.length > 0) {
    reportDiagnostics({ ...checked, diagnostics: resume.diagnostics }, options, logger, 'no resume was written.')
    return 1
  }
  if (!resume.files) {
    throw new CliError(
      'resume.file names a hand-made PDF, so no resume is generated',
      'Remove resume.file from portfolio.yaml to have the resume made from the content.',
    )
  }
  const file = path.resolve(out ?? path.join(options.root, 'dist', `resume.${format}`))
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, format === 'pdf' ? resume.files.pdf : resume.files.json)
  const shown = path.relative(process.cwd(), file) || file
  logger.info(
    `✔ wrote ${shown}${format === 'pdf' ? ` (${resume.files.pages} page${resume.files.pages === 1 ? '' : 's'})` : ' (JSON Resume)'}${resume.cached ? ', unchanged: from the cache' : ''}`,
  )
  return 0
}
