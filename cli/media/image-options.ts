import { MAX_IMAGE_PIXELS } from '../content/rules/media.ts'

/**
 * How the build encodes an image: the widths, formats and their settings. Part of every encoded
 * image's key (see mediaKey), so a change here encodes every image again instead of serving old files.
 */

/** The widths made of every image, px; none wider than its source (a 1000 px source gives 480, 800, 1000). */
export const WIDTHS = [480, 800, 1200, 1600] as const

/**
 * AVIF's effort (0-9): libaom's speed. Each step up costs far more time than it saves bytes at
 * these sizes; the commit that set it has the measurement.
 */
export const AVIF_EFFORT = 2

export const ENCODING = {
  avif: { quality: 50, effort: AVIF_EFFORT, chromaSubsampling: '4:2:0' },
  // WebP's effort 2 and libjpeg-turbo's Huffman tables, not effort 4 and mozjpeg: about a third of
  // the time each for slightly larger files; the JPEG is only for browsers with neither AVIF nor WebP.
  webp: { quality: 75, effort: 2 },
  jpeg: { quality: 78, optimiseCoding: true, progressive: true },
  png: { compressionLevel: 9, adaptiveFiltering: true },
  /** The placeholder: this wide at most, px, then narrower until its CSS value fits MAX_PLACEHOLDER_BYTES. */
  placeholder: { width: 16, quality: 40 },
} as const

/** The contract's limit on a placeholder's CSS value (url("data:image/webp;base64,…")), bytes. */
export const MAX_PLACEHOLDER_BYTES = 300

/** What the encoder refuses to decode (a decompression bomb): the content rule reports it first, from the header. */
export const MAX_PIXELS = MAX_IMAGE_PIXELS

/** The options as text, for keys. */
export const ENCODING_KEY = JSON.stringify({ WIDTHS, ENCODING, MAX_PLACEHOLDER_BYTES })
