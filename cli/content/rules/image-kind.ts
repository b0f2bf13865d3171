/**
 * What an image file is by its first bytes (the formats' signatures), whatever its name says, and
 * how messages name each kind.
 */

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' | 'bmp' | 'tiff' | 'heic' | 'svg' | 'pdf' | 'markup'

export const ALLOWED = new Set<ImageKind>(['png', 'jpeg', 'webp', 'avif'])
export const EXTENSIONS: Record<string, ImageKind> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
  '.svgz': 'svg',
}
export const NAMES: Record<ImageKind, string> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  webp: 'a WebP image',
  avif: 'an AVIF image',
  gif: 'a GIF image',
  bmp: 'a BMP image',
  tiff: 'a TIFF image',
  heic: 'a HEIC image',
  svg: 'an SVG image',
  pdf: 'a PDF document',
  markup: 'an HTML or XML file',
}
export const FORMAT: Record<ImageKind, string> = {
  png: 'PNG',
  jpeg: 'JPEG',
  webp: 'WebP',
  avif: 'AVIF',
  gif: 'GIF',
  bmp: 'BMP',
  tiff: 'TIFF',
  heic: 'HEIC',
  svg: 'SVG',
  pdf: 'PDF',
  markup: 'HTML',
}
export const SUFFIX: Partial<Record<ImageKind, string>> = { png: '.png', jpeg: '.jpg', webp: '.webp', avif: '.avif' }

const ascii = (head: Uint8Array, start: number, end: number) => String.fromCharCode(...head.subarray(start, end))

/** What a file's first bytes say it is (the formats' signatures; ISO BMFF by its ftyp brand). */
export function imageKind(head: Uint8Array): ImageKind | undefined {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp'
  if (ascii(head, 4, 8) === 'ftyp') {
    const brands = [ascii(head, 8, 12), ...chunks(ascii(head, 16, Math.min(head.length, 8 + readUint32(head, 0))))]
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'avif'
    if (brands.some((brand) => ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand))) return 'heic'
    return undefined
  }
  if (ascii(head, 0, 4) === 'GIF8') return 'gif'
  if (ascii(head, 0, 2) === 'BM') return 'bmp'
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff'
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf'
  // Text: after a byte-order mark and white space, markup starts with "<"; an SVG says so early.
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('<')) return /<svg[\s>]/i.test(text) ? 'svg' : 'markup'
  return undefined
}

function readUint32(head: Uint8Array, at: number): number {
  return (
    (((head[at] ?? 0) << 24) | ((head[at + 1] ?? 0) << 16) | ((head[at + 2] ?? 0) << 8) | (head[at + 3] ?? 0)) >>> 0
  )
}

function chunks(text: string): string[] {
  return text.match(/.{4}/gs) ?? []
}
