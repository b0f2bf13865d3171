import { readFileSync } from 'node:fs'
import path from 'node:path'
import * as fontkit from 'fontkit'
import { fontDirectory } from '../paths.ts'

/** The fonts every card is set in, shipped with the tool so a card looks the same on every machine. */
export const FONT_FILES = {
  regular: path.join(fontDirectory, 'DejaVuSans.ttf'),
  bold: path.join(fontDirectory, 'DejaVuSans-Bold.ttf'),
} as const

/** The family both files declare: the cards' SVG names it, the card renderer finds it among the files above. */
export const FONT_FAMILY = 'DejaVu Sans'

export type FontWeight = keyof typeof FONT_FILES

let fonts: Record<FontWeight, fontkit.Font> | undefined

function loadFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(file))
  if (!('glyphsForString' in font)) throw new Error(`${file} is a font collection, not one font`)
  return font
}

/**
 * The advance width of `text` in pixels, from the font's own glyph advances. Kerning is left out
 * (the glyphs are looked up, not shaped: shaping a line costs ~1 ms, and wrapping measures a line
 * per word): a kerned line is a little narrower, which is the safe side for wrapping.
 */
export function measureText(text: string, size: number, weight: FontWeight = 'regular', letterSpacing = 0): number {
  fonts ??= { regular: loadFont(FONT_FILES.regular), bold: loadFont(FONT_FILES.bold) }
  const font = fonts[weight]
  const glyphs = font.glyphsForString(text)
  let units = 0
  for (const glyph of glyphs) units += glyph.advanceWidth
  return (units * size) / font.unitsPerEm + letterSpacing * glyphs.length
}
