import path from 'node:path'
import { fontDirectory } from '../paths.ts'

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
