import { readFileSync } from 'node:fs'
import * as fontkit from 'fontkit'
import { FONT_FILES, type FontWeight } from './card-font-files.ts'

let fonts: Record<FontWeight, fontkit.Font> | undefined

function loadFont(file: string): fontkit.Font {
  const font = fontkit.create(readFileSync(file))
  if (!('glyphsForString' in font)) throw new Error(`${file} is a font collection, not one font`)
  return font
}

/**
 * The advance width of `text` in pixels, from the font's own glyph advances. Kerning is left out
 * (the glyphs are looked up, not shaped: shaping is slow, and wrapping measures a line per word): a kerned line is a little narrower, which is the safe side for wrapping.
 */
export function measureText(text: string, size: number, weight: FontWeight = 'regular', letterSpacing = 0): number {
  fonts ??= { regular: loadFont(FONT_FILES.regular), bold: loadFont(FONT_FILES.bold) }
  const font = fonts[weight]
  const glyphs = font.glyphsForString(text)
  let units = 0
  for (const glyph of glyphs) units += glyph.advanceWidth
  return (units * size) / font.unitsPerEm + letterSpacing * glyphs.length
}
