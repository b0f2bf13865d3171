import type { OutputInfo } from 'sharp'

/** An image's pixels, raw, with their size and channels. */
export interface Pixels {
  data: Buffer
  info: OutputInfo
}

/**
 * An image's pixels as the build takes them: every pixel decoded (turned upright by its EXIF
 * orientation, in sRGB), refusing more than `maxPixels` before decoding any. Validation decodes each
 * image with this very call, so an image that passes is one the build can encode: a file cut short
 * has a whole header, and only decoding its last pixels finds it (issue 48).
 *
 * failOn 'error' and not sharp's default 'warning': libpng and libjpeg warn about images browsers
 * show (an ancillary chunk's checksum, a colour profile they distrust), while a file cut short or
 * damaged in its pixels is an error of every decoder (libpng, libjpeg, libwebp, libheif).
 * Throws sharp's error.
 */
export async function decodeImage(input: Uint8Array, maxPixels: number): Promise<Pixels> {
  // Loaded on the first image: sharp takes longer to load than a small site's whole check.
  const { default: sharp } = await import('sharp')
  return sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
    .rotate()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
}

/**
 * The decoder's own words for why it failed, for a message: its first line, without the wrapper
 * sharp and libvips put around it ("Input buffer has corrupt header: ", "vipspng: ").
 */
export function decoderReason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const line = text.split('\n')[0] ?? ''
  return line
    .replace(/^Input (buffer|file) has corrupt header:\s*/i, '')
    .replace(/^vips\w*:\s*/i, '')
    .trim()
}

/** The width and height an image's header declares, upright by its EXIF orientation; nothing is decoded. Throws sharp's error. */
export async function headerSize(input: Uint8Array): Promise<{ width: number; height: number } | undefined> {
  const { default: sharp } = await import('sharp')
  const meta = await sharp(input, { limitInputPixels: false }).metadata()
  if (!meta.width || !meta.height) return undefined
  const turned = meta.orientation !== undefined && meta.orientation >= 5
  return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }
}
