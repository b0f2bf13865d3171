import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { DiagnosticCode } from '../../diagnostics/codes.ts'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { locateInString, type Locatable } from '../../diagnostics/locate.ts'
import { prebuiltDirectory } from '../../paths.ts'

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

/** The code points a font has a glyph for, as sorted [first, last] runs. */
type CodePointRuns = readonly (readonly [number, number])[]

/** The prebuilt file of the bundled fonts' code points (written when the tool is built, see cli/prepare). */
export const FONT_COVERAGE_FILE = 'font-coverage.json'

/**
 * A font file's entry in the prebuilt coverage: its name and size, which a font replaced since the
 * tool was built does not keep (it is then read with fontkit).
 */
const coverageKey = (file: string) => `${path.basename(file)}:${statSync(file).size}`

const require = createRequire(import.meta.url)

/** Unicode's data, loaded the first time a character's category or script is asked (a letter no font has): most content never asks. */
const unicode = () => require('unicode-properties') as typeof import('unicode-properties')

/** The code points `file` has a glyph for, read with fontkit (the prebuilt file is made with this). */
export function readCodePointRuns(file: string): CodePointRuns {
  const fontkit = require('fontkit') as typeof import('fontkit')
  const font = fontkit.create(readFileSync(file))
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not one font`)
  const points = [...new Set(font.characterSet)]
    .filter((point) => font.hasGlyphForCodePoint(point))
    .sort((a, b) => a - b)
  const runs: [number, number][] = []
  for (const point of points) {
    const last = runs[runs.length - 1]
    if (last && last[1] === point - 1) last[1] = point
    else runs.push([point, point])
  }
  return runs
}

/** The prebuilt coverage of each bundled font file, by coverageKey, for cli/prepare. */
export function fontCoverageJson(files: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(files.map((file) => [coverageKey(file), readCodePointRuns(file)])))
}

let prebuilt: Record<string, CodePointRuns> | undefined
const runsOf = new Map<string, CodePointRuns>()

/**
 * The code points of `file`: from the prebuilt file when it holds this font (loading fontkit costs
 * more than validating a portfolio), else read now.
 */
function codePointRuns(file: string): CodePointRuns {
  let runs = runsOf.get(file)
  if (!runs) {
    if (prebuilt === undefined) {
      try {
        prebuilt = JSON.parse(readFileSync(path.join(prebuiltDirectory, FONT_COVERAGE_FILE), 'utf8')) as Record<
          string,
          CodePointRuns
        >
      } catch {
        prebuilt = {} // running from sources not built yet: every font is read
      }
    }
    runs = prebuilt[coverageKey(file)] ?? readCodePointRuns(file)
    runsOf.set(file, runs)
  }
  return runs
}

/** Whether a run of `runs` holds `point` (a binary search: DejaVu Sans has hundreds of runs). */
function inRuns(runs: CodePointRuns, point: number): boolean {
  let low = 0
  let high = runs.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const [first, last] = runs[middle]!
    if (point < first) high = middle - 1
    else if (point > last) low = middle + 1
    else return true
  }
  return false
}

/**
 * Whether the families can print a code point: one family has it in every weight (bold text falls
 * back to the same family as regular text, so a glyph in one weight only would still be a box).
 */
export function fontCoverage(families: FontFamilies): (codePoint: number) => boolean {
  const fonts = families.map((files) => files.map(codePointRuns))
  return (codePoint) => fonts.some((family) => family.every((runs) => inRuns(runs, codePoint)))
}

/**
 * Characters no font draws: white space, and format characters (joiners, direction marks) which
 * shaping consumes; they are never missing glyphs.
 */
function needsGlyph(char: string): boolean {
  return !/\s/.test(char) && unicode().getCategory(char.codePointAt(0) as number) !== 'Cf'
}

/** The Unicode script of a character ("Thai"), or undefined for one shared by scripts (digits, punctuation, symbols). */
export function scriptOfCharacter(char: string): string | undefined {
  const script = unicode().getScript(char.codePointAt(0) as number)
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
        !check.covers(char.codePointAt(0) as number) &&
        needsGlyph(char) &&
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
