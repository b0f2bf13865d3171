/**
 * Just enough TrueType for the social cards: advance widths to wrap text, and glyph outlines (with
 * the font's pair kerning) to draw it. The cards draw every line of text as an SVG <path> built
 * here, so resvg never loads a font: loading the two bundled faces cost more per card than drawing.
 *
 * Read from the font's own tables: cmap (characters to glyphs), hmtx (advances), loca and glyf
 * (quadratic outlines, composite glyphs included) and GPOS (the "kern" feature's pair adjustments).
 * Nothing is parsed up front: each glyph's outline and each pair's kerning is read when first
 * used and kept, so a build pays for the few hundred glyphs its text uses, once.
 */

export interface FontMetrics {
  /** Advance width of `text` at `size` px, plus `letterSpacing` px after every character. */
  measure(text: string, size: number, letterSpacing?: number): number
}

/** How a line of text is placed by {@link OutlineFont.textPath}. */
export interface TextPlacement {
  /** Pen position at the start of the line (or its centre, with `anchor: 'middle'`). */
  x: number
  /** Baseline. */
  y: number
  size: number
  letterSpacing?: number
  anchor?: 'start' | 'middle'
}

/** A glyph's outline as relative SVG path commands in font units, y pointing down. */
interface Outline {
  /** Commands after the first move-to ("" for a glyph that draws nothing, like the space). */
  body: string
  /** Start of the first contour, relative to the glyph's origin. */
  firstX: number
  firstY: number
  /** Start of the last contour: where a path's current point is after that contour's "z". */
  lastX: number
  lastY: number
  /** Bounds of the outline's points (which contain its curves), relative to the glyph's origin. */
  box: GlyphBox
}

/** A glyph's bounds in font units, y pointing down. */
export interface GlyphBox {
  minX: number
  minY: number
  maxX: number
  maxY: number
}

interface Point {
  x: number
  y: number
  on: boolean
}

/** Two decimals at most, no "-0": short, stable path data. */
export function formatNumber(value: number): string {
  const rounded = Math.round(value * 100) / 100
  return String(rounded === 0 ? 0 : rounded)
}

/** Path data numbers, as short as SVG allows: a minus sign separates as well as a space. */
function numbers(...values: number[]): string {
  let out = ''
  for (const value of values) {
    const text = formatNumber(value)
    out += out && text[0] !== '-' ? ` ${text}` : text
  }
  return out
}

export class OutlineFont implements FontMetrics {
  readonly unitsPerEm: number
  private readonly font: Buffer
  private readonly tables = new Map<string, number>()
  private readonly numberOfHMetrics: number
  private readonly hmtx: number
  private readonly glyphOf: (codePoint: number) => number
  private readonly glyphs = new Map<number, number>()
  private readonly advances = new Map<number, number>()
  private readonly outlines = new Map<number, Outline>()
  private readonly kerns = new Map<number, number>()
  private kernLookups: ((left: number, right: number) => number | undefined)[][] | undefined

  constructor(font: Buffer) {
    this.font = font
    const numTables = font.readUInt16BE(4)
    for (let i = 0; i < numTables; i += 1) {
      const record = 12 + i * 16
      this.tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8))
    }
    this.unitsPerEm = font.readUInt16BE(this.table('head') + 18)
    this.numberOfHMetrics = font.readUInt16BE(this.table('hhea') + 34)
    this.hmtx = this.table('hmtx')
    this.glyphOf = characterMap(font, this.table('cmap'))
  }

  private table(tag: string): number {
    const offset = this.tables.get(tag)
    if (offset === undefined) throw new Error(`font has no ${tag} table`)
    return offset
  }

  /** Glyph id of a code point; 0 (the font's "missing" box) when the font lacks it. */
  glyph(codePoint: number): number {
    let glyph = this.glyphs.get(codePoint)
    if (glyph === undefined) {
      glyph = this.glyphOf(codePoint)
      this.glyphs.set(codePoint, glyph)
    }
    return glyph
  }

  /** Advance width of a glyph in font units. */
  advance(glyph: number): number {
    let advance = this.advances.get(glyph)
    if (advance === undefined) {
      advance = this.font.readUInt16BE(this.hmtx + 4 * Math.min(glyph, this.numberOfHMetrics - 1))
      this.advances.set(glyph, advance)
    }
    return advance
  }

  /** Kerning is ignored, so measured widths are a little generous: the safe side for wrapping. */
  measure(text: string, size: number, letterSpacing = 0): number {
    let total = 0
    let count = 0
    for (const char of text) {
      total += this.advance(this.glyph(char.codePointAt(0) ?? 0))
      count += 1
    }
    return (total / this.unitsPerEm) * size + letterSpacing * count
  }

  /** Horizontal adjustment between two glyphs, in font units, from the font's "kern" feature. */
  kerning(left: number, right: number): number {
    const key = left * 0x10000 + right
    let value = this.kerns.get(key)
    if (value === undefined) {
      value = 0
      this.kernLookups ??= kernLookups(this.font, this.tables.get('GPOS'))
      for (const subtables of this.kernLookups) {
        for (const subtable of subtables) {
          const adjustment = subtable(left, right)
          if (adjustment !== undefined) {
            value += adjustment
            break
          }
        }
      }
      this.kerns.set(key, value)
    }
    return value
  }

  /** Width of `text` as {@link textPath} draws it: advances, kerning and letter spacing. */
  drawnWidth(text: string, size: number, letterSpacing = 0): number {
    return this.layout(text, size, letterSpacing).width
  }

  private layout(text: string, size: number, letterSpacing: number): { glyphs: number[]; pens: number[]; width: number } {
    const scale = size / this.unitsPerEm
    const spacing = letterSpacing / scale
    const glyphs: number[] = []
    const pens: number[] = []
    let pen = 0
    let previous = -1
    for (const char of text) {
      const glyph = this.glyph(char.codePointAt(0) ?? 0)
      if (previous >= 0) pen += this.kerning(previous, glyph)
      glyphs.push(glyph)
      pens.push(pen)
      pen += this.advance(glyph) + spacing
      previous = glyph
    }
    return { glyphs, pens, width: pen * scale }
  }

  /**
   * The glyphs of one line placed as {@link textPath} places them: each glyph's origin on the
   * baseline, in px. Glyphs that draw nothing (spaces) are left out.
   */
  glyphRun(text: string, placement: TextPlacement): { glyph: number; x: number }[] {
    const { size, letterSpacing = 0 } = placement
    const { glyphs, pens, width } = this.layout(text, size, letterSpacing)
    const scale = size / this.unitsPerEm
    const x = placement.anchor === 'middle' ? placement.x - width / 2 : placement.x
    const run: { glyph: number; x: number }[] = []
    glyphs.forEach((glyph, i) => {
      if (this.outline(glyph).body) run.push({ glyph, x: x + (pens[i] ?? 0) * scale })
    })
    return run
  }

  /** One glyph on its own: path data with its origin at 0,0 and its bounds, in font units (y down). */
  glyphShape(glyph: number): { d: string; box: GlyphBox } {
    const outline = this.outline(glyph)
    return { d: `M${numbers(outline.firstX, outline.firstY)}${outline.body}`, box: outline.box }
  }

  /**
   * The path data and transform that draw one line of text: one path for the whole line, made of
   * each glyph's cached outline joined by relative moves, in font units under a single transform.
   * Returns undefined when the line draws nothing.
   */
  textPath(text: string, placement: TextPlacement): { d: string; transform: string; width: number } | undefined {
    const { size, letterSpacing = 0 } = placement
    const { glyphs, pens, width } = this.layout(text, size, letterSpacing)
    const parts: string[] = []
    // The current point of the path so far: after a contour's "z" it is that contour's start.
    let currentX = 0
    let currentY = 0
    for (let i = 0; i < glyphs.length; i += 1) {
      const outline = this.outline(glyphs[i] ?? 0)
      if (!outline.body) continue
      const pen = pens[i] ?? 0
      parts.push(`m${numbers(pen + outline.firstX - currentX, outline.firstY - currentY)}${outline.body}`)
      currentX = pen + outline.lastX
      currentY = outline.lastY
    }
    if (parts.length === 0) return undefined
    const scale = size / this.unitsPerEm
    const x = placement.anchor === 'middle' ? placement.x - width / 2 : placement.x
    return { d: parts.join(''), transform: `matrix(${scale} 0 0 ${scale} ${formatNumber(x)} ${formatNumber(placement.y)})`, width }
  }

  private outline(glyph: number): Outline {
    let outline = this.outlines.get(glyph)
    if (outline === undefined) {
      outline = toPath(this.contours(glyph, 0))
      this.outlines.set(glyph, outline)
    }
    return outline
  }

  /** The contours of a glyph in font units (y up); composite glyphs are assembled from their parts. */
  private contours(glyph: number, depth: number): Point[][] {
    const font = this.font
    const head = this.table('head')
    const loca = this.table('loca')
    const long = font.readInt16BE(head + 50) === 1
    const start = long ? font.readUInt32BE(loca + glyph * 4) : font.readUInt16BE(loca + glyph * 2) * 2
    const end = long ? font.readUInt32BE(loca + glyph * 4 + 4) : font.readUInt16BE(loca + glyph * 2 + 2) * 2
    if (end <= start) return []
    const at = this.table('glyf') + start
    const numberOfContours = font.readInt16BE(at)
    return numberOfContours >= 0 ? simpleGlyph(font, at, numberOfContours) : this.compositeGlyph(at, depth)
  }

  private compositeGlyph(at: number, depth: number): Point[][] {
    if (depth > 8) return []
    const font = this.font
    const contours: Point[][] = []
    let offset = at + 10
    let flags: number
    do {
      flags = font.readUInt16BE(offset)
      const component = font.readUInt16BE(offset + 2)
      offset += 4
      let arg1: number
      let arg2: number
      if (flags & 0x0001) {
        arg1 = flags & 0x0002 ? font.readInt16BE(offset) : font.readUInt16BE(offset)
        arg2 = flags & 0x0002 ? font.readInt16BE(offset + 2) : font.readUInt16BE(offset + 2)
        offset += 4
      } else {
        arg1 = flags & 0x0002 ? font.readInt8(offset) : font.readUInt8(offset)
        arg2 = flags & 0x0002 ? font.readInt8(offset + 1) : font.readUInt8(offset + 1)
        offset += 2
      }
      const f2dot14 = (position: number) => font.readInt16BE(position) / 16384
      let [a, b, c, d] = [1, 0, 0, 1]
      if (flags & 0x0008) {
        a = d = f2dot14(offset)
        offset += 2
      } else if (flags & 0x0040) {
        a = f2dot14(offset)
        d = f2dot14(offset + 2)
        offset += 4
      } else if (flags & 0x0080) {
        ;[a, b, c, d] = [f2dot14(offset), f2dot14(offset + 2), f2dot14(offset + 4), f2dot14(offset + 6)]
        offset += 8
      }
      const parts = this.contours(component, depth + 1)
      let dx = 0
      let dy = 0
      if (flags & 0x0002) {
        ;[dx, dy] = flags & 0x0800 ? [a * arg1 + c * arg2, b * arg1 + d * arg2] : [arg1, arg2]
      } else {
        // Point matching: the component's point arg2 lands on the glyph-so-far's point arg1.
        const placed = contours.flat()[arg1]
        const own = parts.flat()[arg2]
        if (placed && own) {
          dx = placed.x - (a * own.x + c * own.y)
          dy = placed.y - (b * own.x + d * own.y)
        }
      }
      for (const contour of parts) contours.push(contour.map((p) => ({ x: a * p.x + c * p.y + dx, y: b * p.x + d * p.y + dy, on: p.on })))
    } while (flags & 0x0020)
    return contours
  }
}

/** Points of a simple glyph, split into contours. */
function simpleGlyph(font: Buffer, at: number, numberOfContours: number): Point[][] {
  const endPoints: number[] = []
  for (let i = 0; i < numberOfContours; i += 1) endPoints.push(font.readUInt16BE(at + 10 + i * 2))
  const count = numberOfContours > 0 ? (endPoints[numberOfContours - 1] ?? -1) + 1 : 0
  let offset = at + 10 + numberOfContours * 2
  offset += 2 + font.readUInt16BE(offset) // instructions
  const flags: number[] = []
  while (flags.length < count) {
    const flag = font.readUInt8(offset++)
    flags.push(flag)
    if (flag & 0x08) {
      const repeat = font.readUInt8(offset++)
      for (let r = 0; r < repeat; r += 1) flags.push(flag)
    }
  }
  const coordinates = (short: number, same: number): number[] => {
    const values: number[] = []
    let value = 0
    for (const flag of flags) {
      if (flag & short) {
        const delta = font.readUInt8(offset++)
        value += flag & same ? delta : -delta
      } else if (!(flag & same)) {
        value += font.readInt16BE(offset)
        offset += 2
      }
      values.push(value)
    }
    return values
  }
  const xs = coordinates(0x02, 0x10)
  const ys = coordinates(0x04, 0x20)
  const contours: Point[][] = []
  let first = 0
  for (const last of endPoints) {
    const contour: Point[] = []
    for (let i = first; i <= last && i < count; i += 1) contour.push({ x: xs[i] ?? 0, y: ys[i] ?? 0, on: ((flags[i] ?? 0) & 0x01) !== 0 })
    if (contour.length > 0) contours.push(contour)
    first = last + 1
  }
  return contours
}

/**
 * TrueType contours (quadratic, with implied on-curve points between two off-curve ones) as
 * relative SVG path commands, y flipped to point down. A command letter is written only when it
 * changes (SVG repeats the last one). Coordinates are rounded before they are differenced, so
 * rounding never accumulates along a contour.
 */
function toPath(contours: Point[][]): Outline {
  const round = (value: number) => Math.round(value * 100) / 100
  let body = ''
  let firstX = 0
  let firstY = 0
  let lastX = 0
  let lastY = 0
  // Current point, in rounded font units, and the last command written.
  let cx = 0
  let cy = 0
  let command = ''
  const segment = (letter: 'l' | 'q', ...points: { x: number; y: number }[]) => {
    const values: number[] = []
    for (const point of points) values.push(point.x - cx, point.y - cy)
    const text = numbers(...values)
    body += letter !== command ? `${letter}${text}` : text[0] === '-' ? text : ` ${text}`
    command = letter
    const end = points[points.length - 1]!
    cx = end.x
    cy = end.y
  }
  const box: GlyphBox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  contours.forEach((points, index) => {
    const flipped = points.map((p) => ({ x: round(p.x), y: round(-p.y), on: p.on }))
    for (const p of flipped) {
      box.minX = Math.min(box.minX, p.x)
      box.minY = Math.min(box.minY, p.y)
      box.maxX = Math.max(box.maxX, p.x)
      box.maxY = Math.max(box.maxY, p.y)
    }
    const first = flipped[0]!
    const lastPoint = flipped[flipped.length - 1]!
    let start: { x: number; y: number }
    let sequence: typeof flipped
    if (first.on) {
      start = first
      sequence = flipped.slice(1)
    } else if (lastPoint.on) {
      start = lastPoint
      sequence = flipped.slice(0, -1)
    } else {
      start = { x: round((first.x + lastPoint.x) / 2), y: round((first.y + lastPoint.y) / 2) }
      sequence = flipped
    }
    if (index === 0) {
      firstX = start.x
      firstY = start.y
    } else {
      // After "z" the current point is the contour's start, so the move is relative to it.
      body += `m${numbers(start.x - cx, start.y - cy)}`
    }
    cx = start.x
    cy = start.y
    command = 'm'
    let control: { x: number; y: number } | undefined
    for (const point of sequence) {
      if (point.on) {
        if (control) segment('q', control, point)
        else segment('l', point)
        control = undefined
      } else {
        if (control) segment('q', control, { x: round((control.x + point.x) / 2), y: round((control.y + point.y) / 2) })
        control = point
      }
    }
    if (control) segment('q', control, start)
    body += 'z'
    cx = start.x
    cy = start.y
    lastX = start.x
    lastY = start.y
  })
  return { body, firstX, firstY, lastX, lastY, box }
}

/**
 * The "kern" feature of a font's GPOS table as lookups of pair adjustments, for the Latin script
 * (else the default one). Each lookup is a list of subtables; the first one that covers a pair
 * gives that lookup's adjustment (of the first glyph's advance), and the lookups add up.
 */
function kernLookups(font: Buffer, gpos: number | undefined): ((left: number, right: number) => number | undefined)[][] {
  if (gpos === undefined) return []
  const u16 = (at: number) => font.readUInt16BE(at)
  const scriptList = gpos + u16(gpos + 4)
  const featureList = gpos + u16(gpos + 6)
  const lookupList = gpos + u16(gpos + 8)
  const scripts = new Map<string, number>()
  for (let i = 0; i < u16(scriptList); i += 1) {
    const record = scriptList + 2 + i * 6
    scripts.set(font.toString('latin1', record, record + 4), scriptList + u16(record + 4))
  }
  const script = scripts.get('latn') ?? scripts.get('DFLT')
  if (script === undefined || u16(script) === 0) return []
  const langSys = script + u16(script)
  const lookupIndexes = new Set<number>()
  for (let i = 0; i < u16(langSys + 4); i += 1) {
    const featureRecord = featureList + 2 + u16(langSys + 6 + i * 2) * 6
    if (font.toString('latin1', featureRecord, featureRecord + 4) !== 'kern') continue
    const feature = featureList + u16(featureRecord + 4)
    for (let l = 0; l < u16(feature + 2); l += 1) lookupIndexes.add(u16(feature + 4 + l * 2))
  }
  return [...lookupIndexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const lookup = lookupList + u16(lookupList + 2 + index * 2)
      const type = u16(lookup)
      const subtables: ((left: number, right: number) => number | undefined)[] = []
      for (let s = 0; s < u16(lookup + 4); s += 1) {
        let subtable = lookup + u16(lookup + 6 + s * 2)
        if (type === 9) {
          if (u16(subtable + 2) !== 2) continue
          subtable += font.readUInt32BE(subtable + 4)
        } else if (type !== 2) continue
        const pair = pairAdjustment(font, subtable)
        if (pair) subtables.push(pair)
      }
      return subtables
    })
}

/** One PairPos subtable (format 1: glyph pairs, format 2: class pairs) as a lookup function. */
function pairAdjustment(font: Buffer, at: number): ((left: number, right: number) => number | undefined) | undefined {
  const u16 = (offset: number) => font.readUInt16BE(offset)
  const format = u16(at)
  const coverage = coverageIndex(font, at + u16(at + 2))
  const valueFormat1 = u16(at + 4)
  const valueFormat2 = u16(at + 6)
  const size1 = bitCount(valueFormat1) * 2
  const size2 = bitCount(valueFormat2) * 2
  // XAdvance of the first glyph's value record, if the record has one.
  const xAdvance = (record: number) => (valueFormat1 & 0x0004 ? font.readInt16BE(record + bitCount(valueFormat1 & 0x0003) * 2) : 0)
  if (format === 1) {
    return (left, right) => {
      const index = coverage(left)
      if (index < 0) return undefined
      const pairSet = at + u16(at + 10 + index * 2)
      const recordSize = 2 + size1 + size2
      let low = 0
      let high = u16(pairSet) - 1
      while (low <= high) {
        const middle = (low + high) >> 1
        const record = pairSet + 2 + middle * recordSize
        const second = u16(record)
        if (second === right) return xAdvance(record + 2)
        if (second < right) low = middle + 1
        else high = middle - 1
      }
      return undefined
    }
  }
  if (format === 2) {
    const class1 = classOf(font, at + u16(at + 8))
    const class2 = classOf(font, at + u16(at + 10))
    const class1Count = u16(at + 12)
    const class2Count = u16(at + 14)
    return (left, right) => {
      if (coverage(left) < 0) return undefined
      const c1 = class1(left)
      const c2 = class2(right)
      if (c1 >= class1Count || c2 >= class2Count) return undefined
      return xAdvance(at + 16 + (c1 * class2Count + c2) * (size1 + size2))
    }
  }
  return undefined
}

function bitCount(value: number): number {
  let count = 0
  for (let v = value; v; v &= v - 1) count += 1
  return count
}

/**
 * A table of `count` glyph ranges at `records`, 6 bytes each (first glyph, last glyph, a value), sorted
 * by glyph: the offset of the record holding `glyph`, or -1. Coverage and class tables (format 2) use it.
 */
function findRange(font: Buffer, records: number, count: number, glyph: number): number {
  let low = 0
  let high = count - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const range = records + middle * 6
    if (glyph < font.readUInt16BE(range)) high = middle - 1
    else if (glyph > font.readUInt16BE(range + 2)) low = middle + 1
    else return range
  }
  return -1
}

/** Coverage table: glyph -> coverage index, or -1. */
function coverageIndex(font: Buffer, at: number): (glyph: number) => number {
  const format = font.readUInt16BE(at)
  const count = font.readUInt16BE(at + 2)
  if (format !== 1) {
    return (glyph) => {
      const range = findRange(font, at + 4, count, glyph)
      return range < 0 ? -1 : font.readUInt16BE(range + 4) + glyph - font.readUInt16BE(range)
    }
  }
  return (glyph) => {
    let low = 0
    let high = count - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      const value = font.readUInt16BE(at + 4 + middle * 2)
      if (value === glyph) return middle
      if (value < glyph) low = middle + 1
      else high = middle - 1
    }
    return -1
  }
}

/** Class definition table: glyph -> class (0 when not listed). */
function classOf(font: Buffer, at: number): (glyph: number) => number {
  const format = font.readUInt16BE(at)
  if (format === 1) {
    const startGlyph = font.readUInt16BE(at + 2)
    const count = font.readUInt16BE(at + 4)
    return (glyph) => (glyph >= startGlyph && glyph < startGlyph + count ? font.readUInt16BE(at + 6 + (glyph - startGlyph) * 2) : 0)
  }
  const count = font.readUInt16BE(at + 2)
  return (glyph) => {
    const range = findRange(font, at + 4, count, glyph)
    return range < 0 ? 0 : font.readUInt16BE(range + 4)
  }
}

/** Code point -> glyph id from the font's Unicode cmap subtable (format 12 preferred, else 4). */
export function characterMap(font: Buffer, cmap: number): (codePoint: number) => number {
  const subtables: { platform: number; encoding: number; offset: number }[] = []
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i += 1) {
    const record = cmap + 4 + i * 8
    subtables.push({ platform: font.readUInt16BE(record), encoding: font.readUInt16BE(record + 2), offset: cmap + font.readUInt32BE(record + 4) })
  }
  const format12 = subtables.find((s) => font.readUInt16BE(s.offset) === 12 && (s.platform === 0 || (s.platform === 3 && s.encoding === 10)))
  if (format12) {
    const groups = font.readUInt32BE(format12.offset + 12)
    return (codePoint) => {
      for (let g = 0; g < groups; g += 1) {
        const group = format12.offset + 16 + g * 12
        const start = font.readUInt32BE(group)
        if (codePoint >= start && codePoint <= font.readUInt32BE(group + 4)) return font.readUInt32BE(group + 8) + codePoint - start
      }
      return 0
    }
  }
  const format4 = subtables.find((s) => font.readUInt16BE(s.offset) === 4 && (s.platform === 0 || (s.platform === 3 && s.encoding === 1)))
  if (!format4) throw new Error('font has no Unicode character map')
  const base = format4.offset
  const segments = font.readUInt16BE(base + 6) / 2
  const ends = base + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (codePoint) => {
    if (codePoint > 0xffff) return 0
    for (let s = 0; s < segments; s += 1) {
      if (font.readUInt16BE(ends + s * 2) < codePoint) continue
      const start = font.readUInt16BE(starts + s * 2)
      if (start > codePoint) return 0
      const delta = font.readInt16BE(deltas + s * 2)
      const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2)
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff
      const glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (codePoint - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}
