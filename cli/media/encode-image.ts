import sharp, { type Sharp } from 'sharp'
import { decodeImage, type Pixels } from '../content/rules/image-decode.ts'
import { ENCODING, MAX_PIXELS, MAX_PLACEHOLDER_BYTES, WIDTHS } from './image-options.ts'

/** A format an image is encoded to; the file extension of its variants. */
export type VariantFormat = 'avif' | 'webp' | 'jpg' | 'png'

export interface Variant {
  width: number
  height: number
  format: VariantFormat
  bytes: Buffer
}

/** What the site needs of an image besides its files and alt text (see ResponsiveImage). */
export interface ImageFacts {
  /** The largest variant's size, px. */
  width: number
  height: number
  /** Every variant's width, ascending. */
  widths: number[]
  /** Whether the fallback is PNG (the source has transparent pixels) rather than JPEG. */
  alpha: boolean
  /** A CSS background-image value of a tiny image, at most MAX_PLACEHOLDER_BYTES bytes. */
  placeholder: string
  /** The dominant colour, #rrggbb. */
  color: string
}

export interface EncodedImage {
  facts: ImageFacts
  /** Every width in AVIF, WebP and the fallback format, by ascending width, in that order. */
  variants: Variant[]
}

/** The widths made of a source `width` px wide: WIDTHS below it, then the source's own width up to the largest. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, WIDTHS[WIDTHS.length - 1] as number)
  return [...WIDTHS.filter((w) => w < largest), largest]
}

/** The source's bytes did not decode (damaged, cut short, or over MAX_PIXELS): sharp's error is its cause. */
export class SourceNotDecoded extends Error {
  override name = 'SourceNotDecoded'
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
  }
}

/**
 * Encodes an image (PNG, JPEG, WebP or AVIF bytes) to AVIF, WebP and a JPEG or PNG fallback at
 * variantWidths, with its placeholder and dominant colour. The source is decoded once (turned
 * upright by its EXIF orientation, in sRGB); every variant is resized from those pixels. Throws
 * SourceNotDecoded for bytes it cannot decode, and for more than MAX_PIXELS pixels before decoding them.
 */
export async function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  // Decoded as validation decoded it (the same call), so a source that passed decodes here too.
  const decoded = await decodeImage(bytes, MAX_PIXELS).catch((error: unknown) => {
    throw new SourceNotDecoded(error)
  })
  const alpha = decoded.info.channels === 4 && (await anyTransparent(decoded))
  const pixels = alpha || decoded.info.channels !== 4 ? decoded : await opaque(decoded)
  const widths = variantWidths(pixels.info.width)
  const fallback: VariantFormat = alpha ? 'png' : 'jpg'
  const encode = async (w: number, format: VariantFormat): Promise<Variant> => {
    const resized = fromPixels(pixels).resize({ width: w, withoutEnlargement: true })
    const { data, info } = await encoder(resized, format).toBuffer({ resolveWithObject: true })
    return { width: info.width, height: info.height, format, bytes: data }
  }
  // Two encodes at a time, the largest first, so both end together: sharp works on libuv's threads,
  // which the process's file I/O shares; more at once would queue that I/O behind seconds of encoding.
  const formats: VariantFormat[] = ['avif', 'webp', fallback]
  const order = (v: { width: number; format: VariantFormat }) =>
    widths.indexOf(v.width) * formats.length + formats.indexOf(v.format)
  // By pixels, AVIF's counted thrice (it takes several times the others' time).
  const cost = (v: { width: number; format: VariantFormat }) => v.width ** 2 * (v.format === 'avif' ? 3 : 1)
  const queue = widths
    .flatMap((width) => formats.map((format) => ({ width, format })))
    .sort((a, b) => cost(b) - cost(a))
  const variants: Variant[] = []
  const encodeNext = async (): Promise<void> => {
    for (let task = queue.shift(); task; task = queue.shift()) variants.push(await encode(task.width, task.format))
  }
  await Promise.all([encodeNext(), encodeNext()])
  variants.sort((a, b) => order(a) - order(b))
  const largest = variants[variants.length - 1] as Variant
  return {
    facts: {
      width: largest.width,
      height: largest.height,
      widths,
      alpha,
      placeholder: await placeholder(pixels),
      color: await dominantColour(pixels),
    },
    variants,
  }
}

function fromPixels({ data, info }: Pixels): Sharp {
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
}

/**
 * Whether any pixel is not fully opaque, from the alpha channel alone: statistics of every channel
 * at full size cost more than encoding a small variant. (stats() reads a pipeline's input, so the
 * channel is extracted first.)
 */
async function anyTransparent(pixels: Pixels): Promise<boolean> {
  const alpha = await fromPixels(pixels).extractChannel(3).raw().toBuffer({ resolveWithObject: true })
  return (await fromPixels(alpha).stats()).channels[0]?.min !== 255
}

/** An alpha channel whose every pixel is opaque is dropped: the fallback is then a JPEG. */
async function opaque(pixels: Pixels): Promise<Pixels> {
  return fromPixels(pixels).removeAlpha().raw().toBuffer({ resolveWithObject: true })
}

function encoder(image: Sharp, format: VariantFormat): Sharp {
  switch (format) {
    case 'avif':
      return image.avif(ENCODING.avif)
    case 'webp':
      return image.webp(ENCODING.webp)
    case 'jpg':
      return image.jpeg(ENCODING.jpeg)
    case 'png':
      return image.png(ENCODING.png)
  }
}

/**
 * A tiny WebP of the image as a CSS url() value: the browser scales it up smoothly, which blurs it.
 * Narrower until the value fits MAX_PLACEHOLDER_BYTES (a long thin image at the full width may not).
 */
async function placeholder(pixels: Pixels): Promise<string> {
  const { width, height } = pixels.info
  for (let w = ENCODING.placeholder.width; w >= 2; w -= 2) {
    const size = { width: Math.min(w, width), height: Math.max(1, Math.round((height * Math.min(w, width)) / width)) }
    const tiny = await fromPixels(pixels)
      .resize({ ...size, fit: 'fill' })
      .webp({ quality: ENCODING.placeholder.quality, smartSubsample: true })
      .toBuffer()
    const value = `url("data:image/webp;base64,${tiny.toString('base64')}")`
    if (Buffer.byteLength(value) <= MAX_PLACEHOLDER_BYTES) return value
  }
  throw new Error('no placeholder fits in 300 bytes')
}

/** sharp's dominant colour, of a small copy: the same histogram bins, a fraction of the pixels. */
async function dominantColour(pixels: Pixels): Promise<string> {
  const small = await fromPixels(pixels)
    .resize({ width: 160, withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return hexColour((await fromPixels(small).stats()).dominant)
}

function hexColour({ r, g, b }: { r: number; g: number; b: number }): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}
