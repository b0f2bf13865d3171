import { Resvg, type ResvgRenderOptions } from './resvg.ts'
import { ADLER_BASE, adler32, adler32Update } from './adler32.ts'
import type { OutlineFont } from './social-font.ts'

/**
 * Draws a project card's band (its title, description and tags) straight into the band's pixels,
 * from glyphs and tag pills each rasterised once by resvg and kept. Why: resvg drawing the band
 * from its SVG took ~6 ms a card (most of it rasterising the same few dozen glyph shapes over and
 * over, plus a fresh 1.9 MB canvas and its copy out), the largest cost of a large build. Here a card
 * costs a copy of the empty band, a few hundred small blends and no new memory.
 *
 * The pixels are resvg's own, composited as resvg composites (source-over, premultiplied), with two
 * differences from resvg drawing the whole line at once: a glyph is placed to a quarter pixel (its
 * sprite is rasterised at that sub-pixel offset), and a pixel two glyphs' edges share is covered by
 * each in turn rather than by their union (a little lighter, by up to a quarter of the contrast).
 */

/**
 * What a project card's band shows, as drawing operations in card pixels: lines of text (drawn as
 * the font's glyph outlines) and tag pills. The same list becomes the band's SVG (opsSvg in
 * social-images.ts) or is drawn here.
 */
export type BandOp =
  | { kind: 'text'; line: string; x: number; y: number; size: number; font: 'regular' | 'bold'; fill: string; letterSpacing?: number; anchor?: 'start' | 'middle' }
  | { kind: 'pill'; x: number; y: number; w: number; h: number }

export interface BandCanvas {
  width: number
  /** The band's first row in the card, and the row after its last. */
  top: number
  bottom: number
  /** The empty band: PNG rows (a filter byte, then RGB) of the card's background there. */
  background: Uint8Array
  /** Its Adler-32, when known (else summed here). */
  backgroundAdler?: number
}

export interface RasterStyle {
  fonts: { regular: OutlineFont; bold: OutlineFont }
  pill: { fill: string; stroke: string; strokeWidth: number }
  options: ResvgRenderOptions
}

/** Premultiplied RGBA pixels, placed relative to the point they were drawn for. */
interface Sprite {
  left: number
  top: number
  width: number
  height: number
  /** One little-endian word a pixel: 0xAABBGGRR. */
  pixels: Uint32Array
  /** Per row, the first column with any coverage and the column after the last (equal when none): the rest is never read. */
  spans: Uint16Array
}

/** Sub-pixel positions a glyph is rasterised at: quarters. */
const PHASES = 4

/**
 * Rows of a band strip: the unit in which a card's band is compressed and restored. A strip no
 * glyph or pill touched is the background's, already compressed (see drawBandPng); about half of a
 * card's strips are, and compressing only the others took a card's deflate from ~1.65 to ~1.0 ms.
 */
export const STRIP_ROWS = 4

export class BandRasterizer {
  private readonly rows: Buffer
  private readonly stride: number
  private readonly sprites = new Map<string, Sprite | null>()
  private readonly backgroundAdler: number
  /** Strips the last draw changed (1), so the next one restores only those; all of them before the first. */
  private readonly dirty: Uint8Array
  /** What this card's blends added to the background's Adler-32 sums (see adler32Update). */
  private addA = 0
  private addB = 0

  constructor(
    private readonly canvas: BandCanvas,
    private readonly style: RasterStyle,
  ) {
    this.stride = canvas.width * 3 + 1
    if (canvas.background.length !== this.stride * (canvas.bottom - canvas.top)) throw new Error('the band background does not match its size')
    this.rows = Buffer.allocUnsafe(canvas.background.length)
    this.backgroundAdler = canvas.backgroundAdler ?? adler32(canvas.background)
    this.dirty = new Uint8Array(Math.ceil((canvas.bottom - canvas.top) / STRIP_ROWS)).fill(1)
  }

  /**
   * The band with `ops` drawn: PNG rows (filter byte 0, then RGB), their Adler-32 (which zlib needs,
   * updated per changed byte rather than summed again over the whole band) and which strips of
   * STRIP_ROWS rows may differ from the background (1) and which are the background's (0). The
   * buffers are reused by the next call.
   */
  draw(ops: readonly BandOp[]): { rows: Buffer; adler: number; dirty: Uint8Array } {
    const { dirty, rows, stride } = this
    const { background } = this.canvas
    for (let strip = 0; strip < dirty.length; strip += 1) {
      if (dirty[strip] === 0) continue
      const from = strip * STRIP_ROWS * stride
      rows.set(background.subarray(from, from + STRIP_ROWS * stride), from)
      dirty[strip] = 0
    }
    this.addA = 0
    this.addB = 0
    for (const op of ops) {
      if (op.kind === 'pill') {
        const sprite = this.sprite(`pill ${op.w} ${op.h}`, () => this.pillSprite(op.w, op.h))
        if (sprite) this.blend(sprite, op.x, op.y)
        continue
      }
      const font = this.style.fonts[op.font]
      for (const { glyph, x } of font.glyphRun(op.line, { x: op.x, y: op.y, size: op.size, letterSpacing: op.letterSpacing, anchor: op.anchor })) {
        let origin = Math.floor(x)
        let phase = Math.round((x - origin) * PHASES)
        if (phase === PHASES) {
          origin += 1
          phase = 0
        }
        const sprite = this.sprite(`${op.font} ${glyph} ${op.size} ${op.fill} ${phase}`, () => this.glyphSprite(font, glyph, op.size, op.fill, phase / PHASES))
        if (sprite) this.blend(sprite, origin, op.y)
      }
    }
    return { rows, adler: adler32Update(this.backgroundAdler, this.addA, this.addB), dirty }
  }

  private sprite(key: string, make: () => Sprite | null): Sprite | null {
    let sprite = this.sprites.get(key)
    if (sprite === undefined) {
      sprite = make()
      this.sprites.set(key, sprite)
    }
    return sprite
  }

  /** A glyph drawn with its origin at (offset, 0) of its own pixel grid. */
  private glyphSprite(font: OutlineFont, glyph: number, size: number, fill: string, offset: number): Sprite | null {
    const { d, box } = font.glyphShape(glyph)
    const scale = size / font.unitsPerEm
    const left = Math.floor(box.minX * scale + offset) - 1
    const top = Math.floor(box.minY * scale) - 1
    const width = Math.ceil(box.maxX * scale + offset) + 1 - left
    const height = Math.ceil(box.maxY * scale) + 1 - top
    return this.rasterise(left, top, width, height, `<path fill="${fill}" transform="matrix(${scale} 0 0 ${scale} ${offset} 0)" d="${d}"/>`)
  }

  /** A tag pill drawn with its top-left corner at (0, 0); its stroke reaches a little outside. */
  private pillSprite(w: number, h: number): Sprite | null {
    const { fill, stroke, strokeWidth } = this.style.pill
    const margin = Math.ceil(strokeWidth)
    return this.rasterise(-margin, -margin, w + 2 * margin, h + 2 * margin, `<rect x="0" y="0" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`)
  }

  private rasterise(left: number, top: number, width: number, height: number, element: string): Sprite | null {
    if (width <= 0 || height <= 0) return null
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">${element}</svg>`
    const rgba = new Resvg(svg, this.style.options).render().pixels
    return { left, top, width, height, pixels: new Uint32Array(Uint8Array.from(rgba).buffer), spans: coveredSpans(rgba, width, height) }
  }

  /** Source-over of a premultiplied sprite onto the opaque band, as resvg composites. */
  private blend(sprite: Sprite, x: number, y: number): void {
    const { rows, stride } = this
    const n = rows.length
    let addA = 0
    let addB = 0
    const bandHeight = this.canvas.bottom - this.canvas.top
    const { pixels, width } = sprite
    const x0 = x + sprite.left
    const y0 = y + sprite.top - this.canvas.top
    const fromX = Math.max(0, -x0)
    const toX = Math.min(width, this.canvas.width - x0)
    const fromY = Math.max(0, -y0)
    const toY = Math.min(sprite.height, bandHeight - y0)
    if (fromX >= toX || fromY >= toY) return
    this.dirty.fill(1, Math.floor((y0 + fromY) / STRIP_ROWS), Math.floor((y0 + toY - 1) / STRIP_ROWS) + 1)
    const { spans } = sprite
    for (let sy = fromY; sy < toY; sy += 1) {
      const rowFrom = Math.max(fromX, spans[sy * 2] as number)
      const rowTo = Math.min(toX, spans[sy * 2 + 1] as number)
      let s = sy * width + rowFrom
      let d = (y0 + sy) * stride + 1 + (x0 + rowFrom) * 3
      for (let sx = rowFrom; sx < rowTo; sx += 1, s += 1, d += 3) {
        const pixel = pixels[s] as number
        const alpha = pixel >>> 24
        if (alpha === 0) continue
        const r0 = rows[d] as number
        const g0 = rows[d + 1] as number
        const b0 = rows[d + 2] as number
        let r = (pixel & 0xff) - r0
        let g = ((pixel >>> 8) & 0xff) - g0
        let b = ((pixel >>> 16) & 0xff) - b0
        if (alpha !== 255) {
          const keep = 255 - alpha
          r += div255(r0 * keep)
          g += div255(g0 * keep)
          b += div255(b0 * keep)
        }
        rows[d] = r0 + r
        rows[d + 1] = g0 + g
        rows[d + 2] = b0 + b
        const sum = r + g + b
        addA += sum
        addB += (n - d) * sum - g - 2 * b
      }
      // Reduced once a row: the sums stay exact doubles.
      addA %= ADLER_BASE
      addB %= ADLER_BASE
    }
    this.addA = (this.addA + addA) % ADLER_BASE
    this.addB = (this.addB + addB) % ADLER_BASE
  }
}

/** Per row of a sprite, [first, after last) of the columns whose alpha is not 0. */
function coveredSpans(rgba: Uint8Array, width: number, height: number): Uint16Array {
  const spans = new Uint16Array(height * 2)
  for (let y = 0; y < height; y += 1) {
    let first = 0
    while (first < width && rgba[(y * width + first) * 4 + 3] === 0) first += 1
    let end = width
    while (end > first && rgba[(y * width + end - 1) * 4 + 3] === 0) end -= 1
    spans[y * 2] = first
    spans[y * 2 + 1] = end
  }
  return spans
}

/** x / 255 rounded, for x in 0..65025. */
function div255(x: number): number {
  const v = x + 128
  return (v + (v >> 8)) >> 8
}
