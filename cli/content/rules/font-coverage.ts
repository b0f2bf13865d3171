import { readFileSync } from 'node:fs'
import * as fontkit from 'fontkit'
import { getCategory, getScript } from 'unicode-properties'
import type { DiagnosticCode } from '../../diagnostics/codes.ts'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { locateInString, type Locatable } from '../../diagnostics/locate.ts'

/**
 * M7: text that an output (the resume, a social card) would print as boxes because none of its
 * bundled fonts has the glyph. Each output checks its own texts, in each language, against the
 * fonts it sets that language in: a located error at the field, naming the script and the language.
 */

/** One text an output prints and where it comes from. */
export interface LocatedText {
  file: string
  pointer: string
  text: string
}

/** An output's font files, as families in the order it tries them: each family is its weights' files. */
export type FontFamilies = readonly (readonly string[])[]

const loaded = new Map<string, fontkit.Font>()

function loadFont(file: string): fontkit.Font {
  let font = loaded.get(file)
  if (!font) {
    const made = fontkit.create(readFileSync(file))
    if (!('hasGlyphForCodePoint' in made)) throw new Error(`${file} is a font collection, not one font`)
    font = made
    loaded.set(file, font)
  }
  return font
}

/**
 * Whether the families can print a code point: one family has it in every weight (bold text falls
 * back to the same family as regular text, so a glyph in one weight only would still be a box).
 */
export function fontCoverage(families: FontFamilies): (codePoint: number) => boolean {
  const fonts = families.map((files) => files.map(loadFont))
  return (codePoint) => fonts.some((family) => family.every((font) => font.hasGlyphForCodePoint(codePoint)))
}

/**
 * Characters no font draws: white space, and format characters (joiners, direction marks) which
 * shaping consumes; they are never missing glyphs.
 */
function needsGlyph(char: string): boolean {
  return !/\s/.test(char) && getCategory(char.codePointAt(0) as number) !== 'Cf'
}

/** The Unicode script of a character ("Thai"), or undefined for one shared by scripts (digits, punctuation, symbols). */
export function scriptOfCharacter(char: string): string | undefined {
  const script = getScript(char.codePointAt(0) as number)
  return script === 'Common' || script === 'Inherited' || script === 'Unknown' ? undefined : script
}

const codePointName = (char: string) =>
  `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`

export interface CoverageCheck {
  texts: readonly LocatedText[]
  covers: (codePoint: number) => boolean
  /** The language's tag, as the content writes it. */
  language: string
  /** What would print the text, in the message: "the resume", "the social card". */
  output: string
  /** The code of a missing symbol (a character of no script), if the output reports those: the resume's RESUME_GLYPH. */
  symbolCode?: DiagnosticCode
  locate: (file: string) => Locatable | undefined
}

/**
 * One located error per field holding a character the output's fonts lack (its first one):
 * SCRIPT_NOT_COVERED naming the script and the language; a symbol of no script is reported with
 * `symbolCode`, or not at all without one.
 */
export function checkFontCoverage(check: CoverageCheck): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const { file, pointer, text } of check.texts) {
    const missing = [...text].find(
      (char) =>
        needsGlyph(char) &&
        !check.covers(char.codePointAt(0) as number) &&
        (check.symbolCode !== undefined || scriptOfCharacter(char) !== undefined),
    )
    if (missing === undefined) continue
    const index = text.indexOf(missing)
    const source = check.locate(file)
    const at = source
      ? locateInString(source, pointer, index, missing.length)
      : { file, pointer, start: { line: 1, column: 1 } }
    const script = scriptOfCharacter(missing)
    out.push(
      script === undefined
        ? createDiagnostic(
            check.symbolCode as DiagnosticCode,
            at,
            `"${missing}" (${codePointName(missing)}) cannot be printed in ${check.output}: its font has no glyph for it`,
          )
        : createDiagnostic(
            'SCRIPT_NOT_COVERED',
            at,
            `"${missing}" (${codePointName(missing)}) is in the ${script} script, which no font bundled for ${check.output} covers: the ${check.language} ${check.output.replace(/^the /, '')} would show it as a box`,
          ),
    )
  }
  return out
}
