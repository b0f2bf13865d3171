/**
 * Rasterising a social card: an SVG (renderPng) or a project card's band (drawBandPng) in, PNG out.
 * Both the build (in-process, for a few cards) and the card workers (social-pool.ts, for many) call
 * them from here.
 *
 * This file is also the worker's entry module (started with startWorker('social-worker')), so it
 * stays small: the resvg options and what project cards' bands are drawn with come in through workerData.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib'
import { readFileSync } from 'node:fs'
import { Resvg, type ResvgRenderOptions } from '../social/resvg.ts'
import { adler32, adler32Combine } from '../social/adler32.ts'
import { BandRasterizer, STRIP_ROWS, type BandOp } from '../social/card-raster.ts'
import { OutlineFont } from '../social/social-font.ts'
import { lowerThisThreadPriority } from '../build/thread-priority.ts'

/** Marks the card workers' workerData, so this module never answers messages of another worker. */
export const SOCIAL_WORKER_ROLE = 'portfolio-social-card'

export interface SocialWorkerData {
  role: typeof SOCIAL_WORKER_ROLE
  options: ResvgRenderOptions
  /** What band jobs are drawn with (see drawBandPng). */
  band?: BandSetup
}

/** A card to render, sent to a worker: a whole SVG, or a project card's band as drawing operations. */
export type SocialJob = { id: number; svg: string } | { id: number; band: BandOp[] }

/** Everything a project card's band is drawn with besides its own operations; plain data, sent to workers. */
export interface BandSetup {
  frame: PngFrame
  fontFiles: { regular: string; bold: string }
  pill: { fill: string; stroke: string; strokeWidth: number }
  options: ResvgRenderOptions
}

/** A worker's messages: ready for jobs (sent once, on start), then a PNG or an error per job. */
export type SocialResult = { ready: true } | { id: number; png: Uint8Array } | { id: number; error: string }

/**
 * Renders an SVG with resvg and encodes it as a PNG here, faster than resvg's own encoder (which
 * takes longer than the drawing): 8-bit RGB rows with no filter, deflated at level 1, a few times
 * quicker for a file about as small on these mostly flat, dark cards. An image with any
 * transparency (never a card, which paints its background) goes through resvg's encoder instead.
 * The same SVG gives the same bytes.
 */
export function renderPng(svg: string, options: ResvgRenderOptions): Buffer {
  const image = new Resvg(svg, options).render()
  return encodeOpaquePng(image.pixels, image.width, image.height) ?? image.asPng()
}

/** zlib's header: deflate, 32 KiB window, fastest compression. */
const ZLIB_HEADER = Buffer.from([0x78, 0x01])
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Rows of the image being encoded, each after its filter byte; kept for the next image. */
let rows: Buffer | undefined
/** One row's RGB bytes, packed four pixels to three 32-bit words. */
let packed: Uint32Array | undefined

/**
 * PNG rows (a filter byte, then 8-bit RGB) from resvg's RGBA pixels, or undefined if a pixel is not
 * fully opaque (RGBA from resvg is premultiplied, so dropping alpha is exact only for opaque pixels).
 * The buffer is reused by the next call.
 */
function opaqueRows(rgba: Buffer, width: number, height: number): Buffer | undefined {
  const stride = width * 3 + 1
  if (!rows || rows.length !== stride * height) rows = Buffer.allocUnsafe(stride * height)
  if (!packed || packed.length !== Math.ceil((width * 3) / 4)) packed = new Uint32Array(Math.ceil((width * 3) / 4))
  const packedBytes = Buffer.from(packed.buffer, 0, width * 3)
  const words = rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2) : new Uint32Array(Uint8Array.from(rgba).buffer)
  const quads = width >> 2
  let alpha = 0xff
  for (let y = 0; y < height; y += 1) {
    let i = y * width
    let o = 0
    // Little-endian words: 0xAABBGGRR. Four pixels' RGB make three words.
    for (let q = 0; q < quads; q += 1, i += 4, o += 3) {
      const p0 = words[i] as number
      const p1 = words[i + 1] as number
      const p2 = words[i + 2] as number
      const p3 = words[i + 3] as number
      alpha &= (p0 & p1 & p2 & p3) >>> 24
      packed[o] = (p0 & 0xffffff) | (p1 << 24)
      packed[o + 1] = ((p1 >>> 8) & 0xffff) | (p2 << 16)
      packed[o + 2] = ((p2 >>> 16) & 0xff) | (p3 << 8)
    }
    for (let x = quads * 4; x < width; x += 1, i += 1) {
      const p = words[i] as number
      alpha &= p >>> 24
      packedBytes[x * 3] = p & 0xff
      packedBytes[x * 3 + 1] = (p >>> 8) & 0xff
      packedBytes[x * 3 + 2] = (p >>> 16) & 0xff
    }
    rows[y * stride] = 0 // filter: none
    packedBytes.copy(rows, y * stride + 1)
  }
  return alpha === 0xff ? rows : undefined
}

/**
 * A PNG of 8-bit RGB from resvg's RGBA pixels: rows with no filter, deflated at level 1, a few times
 * quicker than resvg's encoder for a file about as small on these mostly flat, dark cards. Undefined
 * if a pixel is not fully opaque.
 */
export function encodeOpaquePng(rgba: Buffer, width: number, height: number): Buffer | undefined {
  const rows = opaqueRows(rgba, width, height)
  return rows && png(width, height, [deflateSync(rows, { level: 1 })])
}

/**
 * What every project card shares, encoded once: the rows above and below the band where cards
 * differ, each deflated on its own (the top one ending on a full flush, so another deflate stream
 * can follow it), with their Adler-32 checksums, which a zlib stream ends with.
 */
export interface PngFrame {
  width: number
  height: number
  /** First row of the band, and the row after it. */
  top: number
  bottom: number
  head: Uint8Array
  tail: Uint8Array
  headAdler: number
  tailAdler: number
  tailLength: number
  /** The band's rows of the frame (an empty band: the background every card's body is drawn on). */
  background: Uint8Array
  backgroundAdler: number
  /** The background's strips of STRIP_ROWS rows, each deflated on its own and ending on a full flush. */
  strips: Uint8Array[]
}

/** The frame from a whole rendered card (any card: only the rows outside the band are used). */
export function makePngFrame(rgba: Buffer, width: number, height: number, top: number, bottom: number): PngFrame {
  const data = opaqueRows(rgba, width, height)
  if (!data) throw new Error('a card frame must be opaque')
  const stride = width * 3 + 1
  const above = Buffer.from(data.subarray(0, top * stride))
  const below = Buffer.from(data.subarray(bottom * stride))
  const background = Buffer.from(data.subarray(top * stride, bottom * stride))
  const strips: Uint8Array[] = []
  for (let from = 0; from < background.length; from += STRIP_ROWS * stride) strips.push(deflateStrip(background.subarray(from, from + STRIP_ROWS * stride), FRAME_LEVEL))
  return {
    width,
    height,
    top,
    bottom,
    head: deflateStrip(above, FRAME_LEVEL),
    tail: deflateRawSync(below, { level: FRAME_LEVEL }),
    headAdler: adler32(above),
    tailAdler: adler32(below),
    tailLength: below.length,
    background,
    backgroundAdler: adler32(background),
    strips,
  }
}

/**
 * True when `value` is a frame of a width x height card with its band from `top` to `bottom`, whole:
 * what a frame read back from a cache must be before it is drawn on (its bytes are checked by the cache).
 */
export function isPngFrame(value: unknown, width: number, height: number, top: number, bottom: number): value is PngFrame {
  if (typeof value !== 'object' || value === null) return false
  const frame = value as Partial<Record<keyof PngFrame, unknown>>
  const bytes = (v: unknown): v is Uint8Array => v instanceof Uint8Array
  const stride = width * 3 + 1
  return (
    frame.width === width &&
    frame.height === height &&
    frame.top === top &&
    frame.bottom === bottom &&
    bytes(frame.head) &&
    bytes(frame.tail) &&
    bytes(frame.background) &&
    frame.background.length === (bottom - top) * stride &&
    frame.tailLength === (height - bottom) * stride &&
    Number.isInteger(frame.headAdler) &&
    Number.isInteger(frame.backgroundAdler) &&
    Number.isInteger(frame.tailAdler) &&
    Array.isArray(frame.strips) &&
    frame.strips.length === Math.ceil((bottom - top) / STRIP_ROWS) &&
    frame.strips.every(bytes)
  )
}

/** Each setup's rasteriser, with the glyphs it has drawn so far (one setup per build, or per worker). */
const rasterizers = new WeakMap<BandSetup, BandRasterizer>()

/**
 * How hard the frame is compressed: once per build (and kept in the card cache), and in every card
 * (the rows above and below the band, and the strips no text touches: about half of a card's bytes).
 * Level 6 over level 1 took a card from ~100 to ~76 KB (a 1000-project site's cards: 100 → 76 MB,
 * written, compared with the site replaced and deployed) for ~3 ms more, once.
 */
const FRAME_LEVEL = 6

/** Rows deflated so that another deflate stream can follow (a full flush: byte-aligned, no reference back). */
function deflateStrip(rows: Uint8Array, level = 1): Buffer {
  return deflateRawSync(rows, { level, finishFlush: constants.Z_FULL_FLUSH })
}

/**
 * A whole project card's PNG from its band's drawing operations: only the band is drawn (into the
 * frame's empty band, see card-raster.ts), and only its strips that text or pills touched are
 * compressed (each run of them in one go); the other strips and the rows above and below are the
 * frame's, already compressed. One zlib stream of deflate streams joined at full flushes (as pigz
 * joins its pieces), its checksum combined from the parts'.
 */
export function drawBandPng(ops: readonly BandOp[], setup: BandSetup): Buffer {
  const { frame } = setup
  let rasterizer = rasterizers.get(setup)
  if (!rasterizer) {
    const fonts = { regular: new OutlineFont(readFileSync(setup.fontFiles.regular)), bold: new OutlineFont(readFileSync(setup.fontFiles.bold)) }
    rasterizer = new BandRasterizer({ width: frame.width, top: frame.top, bottom: frame.bottom, background: frame.background, backgroundAdler: frame.backgroundAdler }, { fonts, pill: setup.pill, options: setup.options })
    rasterizers.set(setup, rasterizer)
  }
  const { rows, adler, dirty } = rasterizer.draw(ops)
  const checksum = adler32Combine(adler32Combine(frame.headAdler, adler, rows.length), frame.tailAdler, frame.tailLength)
  const trailer = Buffer.alloc(4)
  trailer.writeUInt32BE(checksum, 0)
  const pieces: Uint8Array[] = [ZLIB_HEADER, frame.head]
  const stripBytes = STRIP_ROWS * (frame.width * 3 + 1)
  for (let strip = 0; strip < dirty.length; ) {
    if (dirty[strip] === 0) {
      pieces.push(frame.strips[strip] as Uint8Array)
      strip += 1
      continue
    }
    const first = strip
    while (strip < dirty.length && dirty[strip] === 1) strip += 1
    pieces.push(deflateStrip(rows.subarray(first * stripBytes, strip * stripBytes)))
  }
  pieces.push(frame.tail, trailer)
  return png(frame.width, frame.height, pieces)
}

/**
 * A PNG of 8-bit RGB rows whose zlib stream is `idat` (in pieces, joined here): the pieces are copied
 * once, into the file's own buffer, not joined first and then copied into a chunk and a file.
 */
function png(width: number, height: number, idat: readonly Uint8Array[]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const idatLength = idat.reduce((sum, piece) => sum + piece.byteLength, 0)
  const out = Buffer.allocUnsafe(SIGNATURE.length + (12 + header.length) + (12 + idatLength) + 12)
  let at = SIGNATURE.copy(out, 0)
  at = chunk(out, at, 'IHDR', [header], header.length)
  at = chunk(out, at, 'IDAT', idat, idatLength)
  chunk(out, at, 'IEND', [], 0)
  return out
}

/** Writes a chunk (length, type, data from `pieces`, CRC) into `out` at `at`; returns where it ends. */
function chunk(out: Buffer, at: number, type: string, pieces: readonly Uint8Array[], length: number): number {
  out.writeUInt32BE(length, at)
  out.write(type, at + 4, 'latin1')
  let end = at + 8
  for (const piece of pieces) {
    out.set(piece, end)
    end += piece.byteLength
  }
  out.writeUInt32BE(crc32(out.subarray(at + 4, end)), end)
  return end + 4
}

// Started as a card worker: render one job per turn of the event loop (a port hands over all its
// queued messages at once, and the finalisers that free the last cards' memory run between turns),
// and hand the PNG's memory back with it.
if (!isMainThread && parentPort && (workerData as Partial<SocialWorkerData> | undefined)?.role === SOCIAL_WORKER_ROLE) {
  const port = parentPort
  const { options, band } = workerData as SocialWorkerData
  lowerThisThreadPriority()
  const jobs: SocialJob[] = []
  const next = () => {
    const job = jobs.shift()
    if (!job) return
    let result: SocialResult
    try {
      if ('band' in job && !band) throw new Error('a card band needs its band setup')
      const png = 'band' in job ? drawBandPng(job.band, band!) : renderPng(job.svg, options)
      // Hand over memory the PNG owns alone (a pooled small Buffer shares its ArrayBuffer).
      result = { id: job.id, png: png.byteOffset === 0 && png.buffer.byteLength === png.length ? png : new Uint8Array(png) }
    } catch (error) {
      result = { id: job.id, error: error instanceof Error ? error.message : String(error) }
    }
    port.postMessage(result, 'png' in result ? [result.png.buffer as ArrayBuffer] : [])
    if (jobs.length > 0) setImmediate(next)
  }
  port.on('message', (job: SocialJob) => {
    if (jobs.push(job) === 1) setImmediate(next)
  })
  port.postMessage({ ready: true } satisfies SocialResult)
}
