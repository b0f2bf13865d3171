import { lstat, open, readdir, realpath } from 'node:fs/promises'
import path from 'node:path'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { didYouMean } from '../../diagnostics/suggest.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { recordsAt, sectionsOf } from './unchecked-data.ts'

/**
 * Images the content names ({ src, alt }: a project's cover and media, portfolio.yaml's photo):
 * their alt text and the gallery section (rules of the file alone), and their files (rules that
 * read each file's first bytes and header, never decoding it).
 */

/** The folder images live in, beside portfolio.yaml; every src is written from the content root. */
export const MEDIA_DIRECTORY = 'media'
/** A source larger than this is refused before anything reads it whole. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** A header declaring more pixels than this is refused before anything decodes it (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000

export type ImageRole = 'cover' | 'media' | 'photo'

/** The narrowest source that fills each role's largest slot without being stretched, px. */
export const MIN_WIDTH: Record<ImageRole, number> = { cover: 1200, media: 800, photo: 400 }

/** One image reference in a file's data. */
export interface ImageReference {
  role: ImageRole
  /** JSON pointer of its { src, alt } mapping. */
  pointer: string
  /** How messages name it: cover, media[2], photo. */
  name: string
  src: unknown
  alt: unknown
}

/** Every image a file's data names, in the order of the file. */
export function imageReferences(data: unknown, kind: 'portfolio' | 'project'): ImageReference[] {
  const one = (role: ImageRole, segments: (string | number)[], name: string): ImageReference[] => {
    const value = valueAt(data, segments)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
    const image = value as Record<string, unknown>
    return [{ role, pointer: encodePointer(segments), name, src: image.src, alt: image.alt }]
  }
  if (kind === 'portfolio') return one('photo', ['photo'], 'photo')
  return [
    ...one('cover', ['cover'], 'cover'),
    ...recordsAt(data, ['media']).flatMap(([, i]) => one('media', ['media', i], `media[${i}]`)),
  ]
}

// Alt text that names a file rather than describing the image: a file name with an image
// extension, or a camera's or a tool's default name (IMG_1234, DSC0042, screenshot, image 3).
const FILE_NAME_ALT = /^[^\s/]+\.(png|jpe?g|gif|webp|avif|svg|heic|bmp|tiff?)$/i
const DEFAULT_NAME_ALT =
  /^(img|image|dsc|dscn|dcim|pxl|photo|picture|pic|screenshot|screen shot|screen|capture|untitled|cover|thumbnail|banner)([\s_-]*\d[\d\s_.:-]*)?$/i

/**
 * The rules of one file's images that need only its data: each alt describes its image, and a
 * gallery section shows media that exist; media without a gallery section are never shown.
 */
export function checkMediaFields(parsed: ParsedDocument, kind: 'portfolio' | 'project'): Diagnostic[] {
  const out: Diagnostic[] = []
  for (const image of imageReferences(parsed.data, kind)) {
    const alt = typeof image.alt === 'string' ? image.alt.trim() : undefined
    if (!alt || !(FILE_NAME_ALT.test(alt) || DEFAULT_NAME_ALT.test(alt))) continue
    out.push(
      createDiagnostic(
        'MEDIA_ALT',
        locatePointer(parsed, `${image.pointer}/alt`),
        `${image.name}.alt "${alt}" looks like a file name, not a description of the image`,
        'Say what the image shows, for readers who cannot see it, e.g. "The booking calendar with two reservations".',
      ),
    )
  }
  if (kind !== 'project') return out
  const galleries = sectionsOf(parsed.data).flatMap(([section, i]) => (section.kind === 'gallery' ? [i] : []))
  const media = valueAt(parsed.data, ['media'])
  const hasMedia = Array.isArray(media) && media.length > 0
  if (!hasMedia)
    for (const i of galleries)
      out.push(
        createDiagnostic(
          'MEDIA_GALLERY_EMPTY',
          locatePointer(parsed, `/sections/${i}/kind`),
          `sections[${i}] is a gallery, but the project has no media to show`,
          'Add the images under media: (each with src and alt), or remove the section.',
        ),
      )
  if (hasMedia && galleries.length === 0)
    out.push(
      createDiagnostic(
        'MEDIA_NOT_SHOWN',
        locatePointer(parsed, '/media', 'key'),
        'media is not shown: add a section of kind gallery',
        'Add a section such as { id: screenshots, title: Screenshots, kind: gallery } where the images should appear.',
        'warning',
      ),
    )
  return out
}

/** A file's image references with where to report them (the file is parsed only if one has a problem). */
export interface MediaDocument {
  kind: 'portfolio' | 'project'
  data: unknown
  parsed: () => ParsedDocument
}

/**
 * The rules of the images' files, across every file (they read the disk): each src is a path
 * inside media/, a regular file reached through no link, at most MAX_IMAGE_BYTES, PNG, JPEG, WebP
 * or AVIF by its bytes as its name says, at most MAX_IMAGE_PIXELS by its header, and wide enough
 * for where it is shown (a warning).
 */
export async function checkMediaFiles(root: string, documents: readonly MediaDocument[]): Promise<Diagnostic[]> {
  const references = documents.flatMap((document) =>
    imageReferences(document.data, document.kind).map((image) => ({ image, document })),
  )
  if (references.length === 0) return []
  const realRoot = await realpath(root).catch(() => path.resolve(root))
  const out: Diagnostic[] = []
  for (const { image, document } of references) {
    if (typeof image.src !== 'string') continue
    const problem = await inspectImage(root, realRoot, { src: image.src, role: image.role, name: image.name })
    if (!problem) continue
    const at = locatePointer(document.parsed(), `${image.pointer}/src`)
    out.push(createDiagnostic(problem.code, at, problem.message, problem.hint, problem.severity))
  }
  return out
}

interface Problem {
  code:
    | 'MEDIA_PATH'
    | 'ASSET_MISSING'
    | 'NOT_REGULAR_FILE'
    | 'ASSET_TOO_LARGE'
    | 'MEDIA_FORMAT'
    | 'ASSET_TYPE'
    | 'MEDIA_NARROW'
  message: string
  hint?: string
  severity?: 'warning'
}

const PATH_HINT =
  'Put images in the media/ folder beside portfolio.yaml and write their path from there, e.g. media/my-app/cover.png.'

/** What is wrong with the image at `src` (a path from the content root), if anything. */
async function inspectImage(
  root: string,
  realRoot: string,
  { src, role, name }: { src: string; role: ImageRole; name: string },
): Promise<Problem | undefined> {
  const segments = src.split(/[/\\]/)
  if (path.isAbsolute(src) || /^[a-z]:/i.test(src) || segments.includes('..'))
    return { code: 'MEDIA_PATH', message: `${name}.src "${src}" leaves the content folder`, hint: PATH_HINT }
  if (segments[0] !== MEDIA_DIRECTORY || segments.length < 2 || src.includes('\\'))
    return { code: 'MEDIA_PATH', message: `${name}.src "${src}" is not in the media/ folder`, hint: PATH_HINT }
  const file = path.join(root, src)
  const found = (await inspectPlace(root, realRoot, src, file)) ?? (await inspectFormat(src, file))
  if (typeof found === 'object') return found
  return inspectPixels(src, file, found, role)
}

/** The file is there, regular, reached through no link, and not too large to read. */
async function inspectPlace(root: string, realRoot: string, src: string, file: string): Promise<Problem | undefined> {
  const stats = await lstat(file).catch(() => undefined)
  if (!stats) return { code: 'ASSET_MISSING', message: `${src} does not exist`, hint: await nearFile(root, src) }
  if (stats.isSymbolicLink())
    return {
      code: 'NOT_REGULAR_FILE',
      message: `${src} is a symbolic link`,
      hint: 'Images must be regular files inside the content folder: put the file itself there, not a link to it.',
    }
  if (!stats.isFile()) return { code: 'NOT_REGULAR_FILE', message: `${src} is not a regular file` }
  // A folder on the way that is a link (media/ itself, or media/my-app/) leads outside as surely.
  const real = await realpath(file).catch(() => undefined)
  if (real !== path.join(realRoot, src))
    return {
      code: 'NOT_REGULAR_FILE',
      message: `${src} is reached through a symbolic link`,
      hint: 'Images must be inside the content folder: replace the linked folder with a real one.',
    }
  if (stats.size > MAX_IMAGE_BYTES)
    return {
      code: 'ASSET_TOO_LARGE',
      message: `${src} is ${megabytes(stats.size)} MB > ${MAX_IMAGE_BYTES / 1024 / 1024} MB limit`,
      hint: 'Export it smaller, e.g. 2400 px wide: the build makes every smaller size itself.',
    }
  return undefined
}

/** What the file's bytes are, as its name claims: one of the allowed formats, or the problem. */
async function inspectFormat(src: string, file: string): Promise<Problem | ImageKind> {
  const kind = imageKind(await readHead(file))
  const claimed = EXTENSIONS[path.extname(src).toLowerCase()]
  if (kind === 'svg' || claimed === 'svg')
    return {
      code: 'MEDIA_FORMAT',
      message: `${src} is an SVG image, which is not allowed: an SVG can carry script`,
      hint: 'Export it as PNG or WebP.',
    }
  if (kind && !ALLOWED.has(kind))
    return {
      code: 'MEDIA_FORMAT',
      message: `${src} is ${NAMES[kind]}; images must be PNG, JPEG, WebP or AVIF`,
      hint: 'Export it as PNG, JPEG, WebP or AVIF.',
    }
  if (!claimed || !ALLOWED.has(claimed))
    return {
      code: 'MEDIA_FORMAT',
      message: `${src} does not end in .png, .jpg, .jpeg, .webp or .avif`,
      hint: kind
        ? `Its bytes are ${NAMES[kind]}: name it ${src.replace(/(\.[^./]*)?$/, SUFFIX[kind] ?? '')}.`
        : 'Export it as PNG, JPEG, WebP or AVIF.',
    }
  if (kind !== claimed)
    return {
      code: 'ASSET_TYPE',
      message: kind
        ? `${src} is ${NAMES[kind]}, not the ${FORMAT[claimed]} its name says`
        : `${src} is not ${NAMES[claimed]} (by its content, whatever its name)`,
      hint: kind
        ? `Rename it to ${src.replace(/\.[^./]*$/, SUFFIX[kind] ?? '')}, or export it as ${FORMAT[claimed]}.`
        : 'Export the image again as PNG, JPEG, WebP or AVIF; the file may be damaged or another kind of file.',
    }
  return kind
}

/** The header's size: readable, not a decompression bomb, and wide enough for the role (a warning). */
async function inspectPixels(
  src: string,
  file: string,
  kind: ImageKind,
  role: ImageRole,
): Promise<Problem | undefined> {
  const size = await headerSize(file)
  if (!size)
    return {
      code: 'ASSET_TYPE',
      message: `${src} cannot be read as ${NAMES[kind]}: its header is damaged`,
      hint: 'Export the image again.',
    }
  const pixels = size.width * size.height
  if (pixels > MAX_IMAGE_PIXELS)
    return {
      code: 'ASSET_TOO_LARGE',
      message: `${src} is ${size.width} x ${size.height} px (${(pixels / 1e6).toFixed(1)} megapixels) > ${MAX_IMAGE_PIXELS / 1e6} megapixels limit`,
      hint: 'Scale it down, e.g. to 2400 px wide: the build makes every smaller size itself.',
    }
  const needed = MIN_WIDTH[role]
  if (size.width < needed)
    return {
      code: 'MEDIA_NARROW',
      message: `${src} is ${size.width} px wide; ${role === 'media' ? 'a gallery image' : `a ${role}`} is shown up to ${needed} px wide, so it will look blurry`,
      hint: `Use an image at least ${needed} px wide.`,
      severity: 'warning',
    }
  return undefined
}

type ImageKind = 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' | 'bmp' | 'tiff' | 'heic' | 'svg' | 'pdf' | 'markup'

const ALLOWED = new Set<ImageKind>(['png', 'jpeg', 'webp', 'avif'])
const EXTENSIONS: Record<string, ImageKind> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.avif': 'avif',
  '.svg': 'svg',
  '.svgz': 'svg',
}
const NAMES: Record<ImageKind, string> = {
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
const FORMAT: Record<ImageKind, string> = {
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
const SUFFIX: Partial<Record<ImageKind, string>> = { png: '.png', jpeg: '.jpg', webp: '.webp', avif: '.avif' }

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r')
  try {
    const head = new Uint8Array(512)
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const ascii = (head: Uint8Array, start: number, end: number) => String.fromCharCode(...head.subarray(start, end))

/** What a file's first bytes say it is (the formats' signatures; ISO BMFF by its ftyp brand). */
function imageKind(head: Uint8Array): ImageKind | undefined {
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

/** The width and height the header declares (sharp reads the header only; nothing is decoded), upright by EXIF orientation. */
async function headerSize(file: string): Promise<{ width: number; height: number } | undefined> {
  // Loaded only when some content names an image: sharp takes longer to load than a small check.
  const { default: sharp } = await import('sharp')
  try {
    const meta = await sharp(file, { limitInputPixels: false }).metadata()
    if (!meta.width || !meta.height) return undefined
    const turned = meta.orientation !== undefined && meta.orientation >= 5
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }
  } catch {
    return undefined
  }
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1)
}

/** "Did you mean" a file of the same folder with a near name. */
async function nearFile(root: string, src: string): Promise<string> {
  const folder = path.posix.dirname(src)
  const names = await readdir(path.join(root, folder)).catch(() => [] as string[])
  const near = didYouMean(path.posix.basename(src), names)
  return near
    ? `${near.replace(/"([^"]+)"/, (_m, name: string) => `"${folder}/${name}"`)}`
    : `Put the image at ${src}, or correct the path (written from the content root, e.g. media/my-app/cover.png).`
}
