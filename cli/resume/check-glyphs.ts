import { checkFontCoverage, fontCoverage } from '../content/rules/font-coverage.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Locatable } from '../diagnostics/locate.ts'
import type { TextSource } from './resume-data.ts'
import { resumeFontFamilies } from './typeset.ts'

/**
 * One located error per field holding a character the resume's fonts lack in `language` (the first
 * such character): SCRIPT_NOT_COVERED for a letter of a script no bundled font covers (M7), naming
 * the script and the language; RESUME_GLYPH for a symbol.
 */
export function checkGlyphs(
  texts: readonly TextSource[],
  language: string,
  locate: (file: string) => Locatable | undefined,
): Diagnostic[] {
  return checkFontCoverage({
    texts,
    covers: fontCoverage(resumeFontFamilies(language)),
    language,
    output: 'the resume',
    symbolCode: 'RESUME_GLYPH',
    locate,
  })
}
