import path from 'node:path'
import type { FileDigests } from '../cache/file-digests.ts'
import { MAX_IMAGE_PIXELS } from '../content/rules/media.ts'
import { colors, H, W } from './card-palette.ts'

/**
 * A project's cover on its social card: the right part of the card, cropped to fill it. The card's
 * SVG names the cover by its source's digest (`cover:<sha256>`), so the card's key covers the
 * cover's bytes; the job that draws the card puts the pixels in its place (coverDataUrl).
 */

/** The panel the cover fills: the card's right, from under the top rule to above the footer; the text keeps the rest. */
export const COVER_PANEL = { x: 720, y: 8, width: W - 720, height: H - 84 - 8 - 20 } as const

/**
 * The cover panel's SVG: the image, and a fade from the background over its edge toward the text.
 * A right-to-left card mirrors it: the panel on the left, fading over its right edge.
 */
export function coverPanel(cover: CardCover, rtl = false): string {
  const { y, width, height } = COVER_PANEL
  const x = rtl ? W - COVER_PANEL.x - width : COVER_PANEL.x
  const [from, to] = rtl ? ['1', '0'] : ['0', '1']
  const fadeX = rtl ? x + width - 160 : x
  return `<defs>
    <linearGradient id="cover-fade" x1="${from}" y1="0" x2="${to}" y2="0">
      <stop offset="0" stop-color="${colors.bg}" stop-opacity="1"/>
      <stop offset="1" stop-color="${colors.bg}" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <image href="${coverHref(cover)}" x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>
  <rect x="${fadeX}" y="${y}" width="160" height="${height}" fill="url(#cover-fade)"/>`
}

/** A project's cover as a card spec holds it: where its source is and the digest of its bytes. */
export interface CardCover {
  file: string
  sha256: string
}

/** The href a card's SVG names its cover by, until the pixels are put in (see coverDataUrl). */
export const coverHref = (cover: CardCover): string => `cover:${cover.sha256}`

/** Finds each cover's source under `root`, by its digest through the file digests. */
export function coverResolver(root: string, digests: FileDigests): (src: string) => CardCover | undefined {
  return (src) => {
    const file = path.join(root, src)
    const sha256 = digests.digest(file)
    return sha256 === undefined ? undefined : { file, sha256 }
  }
}

/** `svg` with its cover's pixels in place of its href: the source cropped to fill the panel, as a JPEG data URL. */
export async function withCoverPixels(svg: string, cover: CardCover): Promise<string> {
  const { default: sharp } = await import('sharp')
  // failOn 'error', as validation and the encoder decode (content/rules/image-decode.ts): sharp's
  // default, 'warning', refuses a JPEG with a few stray bytes that both accept and browsers show.
  const jpeg = await sharp(cover.file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: COVER_PANEL.width, height: COVER_PANEL.height, fit: 'cover' })
    .flatten({ background: '#0b1020' })
    .jpeg({ quality: 82 })
    .toBuffer()
  return svg.replace(`"${coverHref(cover)}"`, `"data:image/jpeg;base64,${jpeg.toString('base64')}"`)
}
