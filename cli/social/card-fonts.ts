import { readFileSync } from 'node:fs'
import * as fontkit from 'fontkit'
import { type CardFontOrder, FONT_FILES, type FontWeight } from './card-font-files.ts'

const loaded = new Map<string, fontkit.Font>()

function loadFont(file: string): fontkit.Font {
  let font = loaded.get(file)
  if (!font) {
    const made = fontkit.create(readFileSync(file))
    if (!('glyphsForString' in made)) throw new Error(`${file} is a font collection, not one font`)
    font = made
    loaded.set(file, font)
  }
  return font
}

/**
 * The advance width of `text` in pixels, from the font's own glyph advances. Kerning is left out
 * (the glyphs are looked up, not shaped: shaping is slow, and wrapping measures a line per word): a kerned line is a little narrower, which is the safe side for wrapping.
 */
export function measureText(text: string, size: number, weight: FontWeight = 'regular', letterSpacing = 0): number {
  const font = loadFont(FONT_FILES[weight])
  const glyphs = font.glyphsForString(text)
  let units = 0
  for (const glyph of glyphs) units += glyph.advanceWidth
  return (units * size) / font.unitsPerEm + letterSpacing * glyphs.length
}

/**
 * The width of `text` set in the first of `order`'s fonts that has each character, as the renderer
 * falls back: shaped (fontkit's layout) a run of one font at a time, because Arabic letters take
 * their joined forms and Devanagari forms conjuncts, whose advances are not the letters' own.
 * Characters no font has (joiners, marks) stay in the run before them.
 */
export function measureShapedText(
  text: string,
  size: number,
  weight: FontWeight,
  order: CardFontOrder,
  letterSpacing = 0,
): number {
  const fonts = order.map((files) => loadFont(files[weight]))
  const first = fonts[0] as fontkit.Font
  let width = 0
  let run = ''
  let runFont = first
  const flush = () => {
    if (!run) return
    const glyphs = runFont.layout(run)
    width += (glyphs.advanceWidth * size) / runFont.unitsPerEm + letterSpacing * glyphs.glyphs.length
    run = ''
  }
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number
    const font = fonts.find((candidate) => candidate.hasGlyphForCodePoint(codePoint))
    if (font && font !== runFont) {
      flush()
      runFont = font
    }
    run += char
  }
  flush()
  return width
}
