import path from 'node:path'
import { fontDirectory } from '../paths.ts'
import { fontOrder, SCRIPT_FONTS } from './script-fonts.ts'

/**
 * The fonts every card is set in, shipped with the tool so a card looks the same on every machine.
 * Apart from card-fonts.ts, which measures text with them: what names them (a card's key, the
 * renderer) need not load the font reader.
 */
export const FONT_FILES = {
  regular: path.join(fontDirectory, 'DejaVuSans.ttf'),
  bold: path.join(fontDirectory, 'DejaVuSans-Bold.ttf'),
} as const

/** The family both files declare: the cards' SVG names it, the card renderer finds it among the files above. */
export const FONT_FAMILY = 'DejaVu Sans'

export type FontWeight = keyof typeof FONT_FILES

/**
 * Every font file the card renderer holds: the Latin font's, then each script's (script-fonts.ts).
 * resvg falls back through all of them for a character the SVG's families lack, so all of them
 * decide a card's pixels, and all are in its key.
 */
export const RENDERER_FONT_FILES: readonly string[] = [
  ...Object.values(FONT_FILES),
  ...SCRIPT_FONTS.flatMap((font) => [font.regular, font.bold]),
]

/** A card's font files in the order it tries them, each as its two weights. */
export type CardFontOrder = readonly Readonly<Record<FontWeight, string>>[]

/** The card's font files for `tag`, in the order tried: its script's, DejaVu Sans, the other scripts'. */
export function cardFontOrder(tag: string): CardFontOrder {
  return fontOrder(tag, FONT_FILES, (font) => ({ regular: font.regular, bold: font.bold }))
}
