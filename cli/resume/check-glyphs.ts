import { readFileSync } from 'node:fs'
import * as fontkit from 'fontkit'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { locateInString, type Locatable } from '../diagnostics/locate.ts'
import type { TextSource } from './resume-data.ts'

/** Code points every font file of the resume can draw; a character missing from any one would print as a box. */
function coverageOf(files: readonly string[]): (codePoint: number) => boolean {
  const fonts = files.map((file) => fontkit.create(readFileSync(file)))
  return (codePoint) => fonts.every((font) => 'hasGlyphForCodePoint' in font && font.hasGlyphForCodePoint(codePoint))
}

/** One located error per field holding a character the resume's fonts lack (the first such character). */
export function checkGlyphs(
  texts: readonly TextSource[],
  fontFiles: readonly string[],
  locate: (file: string) => Locatable | undefined,
): Diagnostic[] {
  const covered = coverageOf(fontFiles)
  const out: Diagnostic[] = []
  for (const { file, pointer, text } of texts) {
    const missing = [...text].find((char) => !/\s/.test(char) && !covered(char.codePointAt(0) as number))
    if (missing === undefined) continue
    const index = text.indexOf(missing)
    const codePoint = `U+${(missing.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`
    const source = locate(file)
    const at = source
      ? locateInString(source, pointer, index, missing.length)
      : { file, pointer, start: { line: 1, column: 1 } }
    out.push(
      createDiagnostic(
        'RESUME_GLYPH',
        at,
        `"${missing}" (${codePoint}) cannot be printed in the resume: its font has no glyph for it`,
      ),
    )
  }
  return out
}
