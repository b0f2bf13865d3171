/**
 * Rasterising a social card: SVG in, PNG out. Both the build (in-process, for a few cards) and the
 * card workers (social-pool.ts, for many) call renderPng from here.
 *
 * This file is also the worker's entry module, started on its own, so it stays small and imports
 * nothing but @resvg/resvg-js and Node's built-ins: it works as TypeScript under tsx and when a
 * bundler copies it beside the CLI's bundle as plain JavaScript. Everything it needs from the rest
 * of the CLI (the resvg options) comes in through workerData.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { crc32, deflateSync } from 'node:zlib'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js'

/** Marks the card workers' workerData, so this module never answers messages of another worker. */
export const SOCIAL_WORKER_ROLE = 'portfolio-social-card'

export interface SocialWorkerData {
  role: typeof SOCIAL_WORKER_ROLE
  options: ResvgRenderOptions
}

/** A card to render, sent to a worker. */
export interface SocialJob {
  id: number
  svg: string
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
  collectYoungGarbage()
  const image = new Resvg(svg, options).render()
  return encodeOpaquePng(image.pixels, image.width, image.height) ?? image.asPng()
}

/**
 * A young-generation GC, so the previous cards' resvg objects are collected now. Their memory (a 3 MB
 * canvas and its 3 MB copy per card) is native, invisible to V8, so without this it is freed only
 * when JavaScript garbage alone triggers a GC, hundreds of cards later; meanwhile every card gets
 * fresh memory: ~1,800 page faults a card, a third of its cost, and worse from two threads at once.
 * Collected here (their finalisers then run on the next turn of the event loop), the same few
 * megabytes are reused. A minor GC costs well under a millisecond with so little alive.
 */
export function collectYoungGarbage(): void {
  if (gc === undefined) gc = findGc()
  gc?.({ type: 'minor' })
}

type Gc = (options: { type: 'minor' }) => void
/** This thread's gc(), once looked for; null if it has none. */
let gc: Gc | null | undefined

/**
 * V8's gc(): the global one if the thread has it (Node run with --expose-gc, or a card worker
 * started while the pool exposed it), else, on the main thread, one from a context made with the
 * flag on. V8's flags belong to the whole process, so only the main thread ever flips them: a
 * worker flipping it back could take gc() away from a context another thread is making.
 */
function findGc(): Gc | null {
  const global = (globalThis as { gc?: Gc }).gc
  if (typeof global === 'function') return global
  if (!isMainThread) return null
  setFlagsFromString('--expose-gc')
  try {
    return runInNewContext('gc') as Gc
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}

/**
 * Called on the main thread before starting card workers: exposes gc() to the workers' globals,
 * which V8 gives a context only if the flag is on when it is made. Call the returned function once
 * every worker is online (or gone) to turn the flag back off; it does nothing if Node runs with
 * --expose-gc anyway.
 */
export function exposeGcToNewWorkers(): () => void {
  collectYoungGarbage() // this thread's own, before the flag changes
  if (typeof (globalThis as { gc?: Gc }).gc === 'function') return () => {}
  setFlagsFromString('--expose-gc')
  let done = false
  return () => {
    if (!done) setFlagsFromString('--no-expose-gc')
    done = true
  }
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Rows of the image being encoded, each after its filter byte; kept for the next image. */
let rows: Buffer | undefined
/** One row's RGB bytes, packed four pixels to three 32-bit words. */
let packed: Uint32Array | undefined

/**
 * A PNG of 8-bit RGB from resvg's RGBA pixels, or undefined if a pixel is not fully opaque (RGBA
 * from resvg is premultiplied, so dropping alpha is exact only for opaque pixels).
 */
export function encodeOpaquePng(rgba: Buffer, width: number, height: number): Buffer | undefined {
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
  if (alpha !== 0xff) return undefined
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 1 })), chunk('IEND', Buffer.alloc(0))])
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

// Started as a card worker: render one job per turn of the event loop (a port hands over all its
// queued messages at once, and the finalisers that free the last cards' memory run between turns),
// and hand the PNG's memory back with it.
if (!isMainThread && parentPort && (workerData as Partial<SocialWorkerData> | undefined)?.role === SOCIAL_WORKER_ROLE) {
  const port = parentPort
  const { options } = workerData as SocialWorkerData
  const jobs: SocialJob[] = []
  const next = () => {
    const job = jobs.shift()
    if (!job) return
    let result: SocialResult
    try {
      const png = renderPng(job.svg, options)
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
