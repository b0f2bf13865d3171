import path from 'node:path'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { checkContent } from '../content/check-content.ts'
import { describeCoverage } from '../content/i18n/check-translations.ts'
import { I18N_LOCK_FILE } from '../content/load-sources.ts'
import { openStore } from '../cache/store.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import { checkContentCardGlyphs } from '../social/card-glyphs.ts'
import { writeFileAtomically } from '../write-atomically.ts'
import { reportDiagnostics } from './report-diagnostics.ts'

export interface ValidateFlags {
  /** Missing and stale translations are errors (for CI). */
  strictI18n?: boolean
  /** Write i18n.lock.yaml from the translations as they are now: they are all current from then on. */
  updateI18nLock?: boolean
}

/** `portfolio validate`: exit 0 when clean, 1 when any error. */
export async function validateCommand(
  options: ResolvedOptions,
  logger: Logger,
  { strictI18n = false, updateI18nLock = false }: ValidateFlags = {},
): Promise<number> {
  // Valid files checked before (by a build, or the last validate) come from the store: only edited files are parsed.
  // Refreshing the lock is what makes stale translations current, so it is checked without --strict-i18n.
  const checked = await checkContent(options.root, { store: openStore(), strictI18n: strictI18n && !updateI18nLock })
  // A letter no card font covers (M7) fails the build, so it fails here too: CI on a content pull
  // request finds it before a build is tried.
  const glyphs = checkContentCardGlyphs(checked)
  const result = glyphs.length === 0 ? checked : { ...checked, diagnostics: [...checked.diagnostics, ...glyphs] }
  reportDiagnostics(result, options, logger)
  for (const coverage of result.coverage) logger.info(describeCoverage(coverage))
  if (updateI18nLock && result.content && result.translationLock !== undefined) {
    writeFileAtomically(path.join(options.root, I18N_LOCK_FILE), result.translationLock)
    logger.info(`wrote ${I18N_LOCK_FILE}`)
  }
  return result.content && !hasErrors(glyphs) ? 0 : 1
}
