import path from 'node:path'
import { fontDirectory } from '../paths.ts'

/**
 * The fonts shipped for the scripts of the UI catalogues beyond Latin (hi, ar), shared by the
 * resume and the social cards: Noto Sans Arabic and Noto Sans Devanagari (OFL, from the
 * @expo-google-fonts packages, copied into assets/fonts/), in the two weights both outputs use.
 * Both also carry Latin, so a name or a URL in an Arabic or Hindi text is set in the same design.
 * TTF, not WOFF2: Typst reads TrueType and OpenType only.
 */
export interface ScriptFont {
  /** ISO 15924 code, as Intl.Locale names a language's script. */
  script: string
  family: string
  regular: string
  bold: string
}

export const SCRIPT_FONTS: readonly ScriptFont[] = [
  {
    script: 'Arab',
    family: 'Noto Sans Arabic',
    regular: path.join(fontDirectory, 'NotoSansArabic-Regular.ttf'),
    bold: path.join(fontDirectory, 'NotoSansArabic-Bold.ttf'),
  },
  {
    script: 'Deva',
    family: 'Noto Sans Devanagari',
    regular: path.join(fontDirectory, 'NotoSansDevanagari-Regular.ttf'),
    bold: path.join(fontDirectory, 'NotoSansDevanagari-Bold.ttf'),
  },
]

/** The script a language is written in, from Intl's likely subtags: `Arab` for ar, `Deva` for hi, `Latn` for pt-BR. */
export function scriptOf(tag: string): string {
  try {
    return new Intl.Locale(tag).maximize().script ?? 'Latn'
  } catch {
    return 'Latn'
  }
}

/** The bundled script font of a language's script (none for Latin: each output has its own Latin font). */
export function fontOfScript(tag: string): ScriptFont | undefined {
  const script = scriptOf(tag)
  return SCRIPT_FONTS.find((font) => font.script === script)
}

/**
 * The bundled fonts in the order a language tries them: its script's font first, the output's own
 * Latin font (`latin`) next, the other scripts' fonts last, as fallbacks for a word in another script.
 */
export function fontOrder<T>(tag: string, latin: T, font: (scriptFont: ScriptFont) => T): T[] {
  const own = fontOfScript(tag)
  const others = SCRIPT_FONTS.filter((scriptFont) => scriptFont !== own).map(font)
  return own ? [font(own), latin, ...others] : [latin, ...others]
}
