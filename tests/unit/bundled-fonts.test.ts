/**
 * The fonts bundled for the scripts of the shipped UI catalogues: copied unmodified from their npm
 * packages (so an update is a package bump and a copy), and covering the letters of en, es, fr, de,
 * pt-BR, hi and ar in the resume's and the cards' font lists.
 */
import { readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { FONT_COVERAGE_FILE, fontCoverage, scriptOfCharacter } from '../../cli/content/rules/font-coverage.ts'
import { prebuiltDirectory } from '../../cli/paths.ts'
import { resumeFontFamilies } from '../../cli/resume/typeset.ts'
import { FONT_FILES, RENDERER_FONT_FILES } from '../../cli/social/card-font-files.ts'
import { fontOrder, SCRIPT_FONTS, scriptOf } from '../../cli/social/script-fonts.ts'

const require = createRequire(import.meta.url)
const packageFile = (name: string, file: string) =>
  path.join(path.dirname(require.resolve(`${name}/package.json`)), file)

/** What a recruiter's language writes beyond ASCII: accented letters, its punctuation, its digits. */
const LETTERS: Record<string, string> = {
  es: 'áéíóúüñÁÉÍÓÚÑ¿¡«»',
  fr: 'àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’\u00a0',
  de: 'äöüßÄÖÜẞ„“‚‘',
  'pt-BR': 'ãõáâàçéêíóôúÃÕÁÂÀÇÉÊÍÓÔÚ',
  hi: 'अआइईउऊऋएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहक्षत्रज्ञ़ािीुूृेैोौंँः्।॥०१२३४५६७८९',
  ar: 'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأؤإئةىًٌٍَُِّْ،؛؟٠١٢٣٤٥٦٧٨٩٪',
}

describe('the bundled script fonts', () => {
  it('are the files of their npm packages, unmodified', () => {
    const sources: Record<string, string> = {
      'NotoSansArabic-Regular.ttf': packageFile(
        '@expo-google-fonts/noto-sans-arabic',
        '400Regular/NotoSansArabic_400Regular.ttf',
      ),
      'NotoSansArabic-Bold.ttf': packageFile(
        '@expo-google-fonts/noto-sans-arabic',
        '700Bold/NotoSansArabic_700Bold.ttf',
      ),
      'NotoSansDevanagari-Regular.ttf': packageFile(
        '@expo-google-fonts/noto-sans-devanagari',
        '400Regular/NotoSansDevanagari_400Regular.ttf',
      ),
      'NotoSansDevanagari-Bold.ttf': packageFile(
        '@expo-google-fonts/noto-sans-devanagari',
        '700Bold/NotoSansDevanagari_700Bold.ttf',
      ),
    }
    const bundled = SCRIPT_FONTS.flatMap((font) => [font.regular, font.bold])
    expect(bundled.map((file) => path.basename(file)).sort()).toEqual(Object.keys(sources).sort())
    for (const file of bundled)
      expect(readFileSync(file).equals(readFileSync(sources[path.basename(file)] as string)), file).toBe(true)
  })

  it('give each language its script first: Arabic for ar, Devanagari for hi, the output’s Latin font for the others', () => {
    expect(['en', 'fr', 'pt-BR', 'hi', 'ar', 'ur'].map(scriptOf)).toEqual([
      'Latn',
      'Latn',
      'Latn',
      'Deva',
      'Arab',
      'Arab',
    ])
    expect(fontOrder('ar', 'Latin', (font) => font.family)).toEqual([
      'Noto Sans Arabic',
      'Latin',
      'Noto Sans Devanagari',
    ])
    expect(fontOrder('de', 'Latin', (font) => font.family)).toEqual([
      'Latin',
      'Noto Sans Arabic',
      'Noto Sans Devanagari',
    ])
  })

  for (const [tag, letters] of Object.entries(LETTERS))
    it(`cover ${tag} in the resume and on the cards, in every weight`, () => {
      const card = fontOrder(tag, [FONT_FILES.regular, FONT_FILES.bold], (font) => [font.regular, font.bold])
      for (const families of [resumeFontFamilies(tag), card]) {
        const covers = fontCoverage(families)
        expect([...letters].filter((char) => !covers(char.codePointAt(0) as number))).toEqual([])
      }
    })

  it('name a character’s script from Unicode data, and none for shared punctuation and digits', () => {
    expect(['ก', 'ა', 'م', 'क', 'é', '1', '·'].map(scriptOfCharacter)).toEqual([
      'Thai',
      'Georgian',
      'Arabic',
      'Devanagari',
      'Latin',
      undefined,
      undefined,
    ])
  })
})

describe('the prebuilt coverage of the bundled fonts (lib/prebuilt/font-coverage.json, made when the tool is built)', () => {
  it('holds every font an output sets text in, and says what fontkit says of each code point of the BMP', () => {
    const prebuilt = JSON.parse(readFileSync(path.join(prebuiltDirectory, FONT_COVERAGE_FILE), 'utf8')) as Record<
      string,
      [number, number][]
    >
    const files = [...new Set([...RENDERER_FONT_FILES, ...resumeFontFamilies('en').flat()])]
    const fontkit = require('fontkit') as typeof import('fontkit')
    for (const file of files) {
      const runs = prebuilt[`${path.basename(file)}:${statSync(file).size}`]
      expect(runs, file).toBeDefined()
      const font = fontkit.create(readFileSync(file)) as import('fontkit').Font
      const inRuns = (point: number) => runs!.some(([first, last]) => point >= first && point <= last)
      const differing: number[] = []
      for (let point = 0; point <= 0xffff; point++)
        if (inRuns(point) !== font.hasGlyphForCodePoint(point)) differing.push(point)
      expect(differing, file).toEqual([])
    }
  })
})
