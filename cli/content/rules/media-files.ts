import { lstat, readdir, realpath } from 'node:fs/promises'
import path from 'node:path'
import type { FileDigests } from '../../cache/file-digests.ts'
import { entryKind, type Store } from '../../cache/store.ts'
import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { didYouMean } from '../../diagnostics/suggest.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { decodeImage, decoderReason, headerSize } from './image-decode.ts'
import { ALLOWED, EXTENSIONS, FORMAT, imageKind, NAMES, SUFFIX, type ImageKind } from './image-kind.ts'
import {
  imageReferences,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MEDIA_DIRECTORY,
  MIN_WIDTH,
  type ImageFileKind,
  type ImageReference,
  type ImageRole,
} from './media.ts'

/**
 * The rules of the images' files, across every file (they read the disk): each src is a path
 * inside media/, a regular file reached through no link, at most MAX_IMAGE_BYTES, PNG, JPEG, WebP
 * or AVIF by its bytes as its name says, at most MAX_IMAGE_PIXELS by its header, decodes whole, and
 * is wide enough for where it is shown (a warning).
 *
 * Decoding is what costs (tens of milliseconds an image): a source that decoded whole is kept in
 * the store by its bytes' digest, which the file digests give from the file's stat alone, so each
 * image is decoded once across runs, however many places use it.
 */

/** What the rules need of a source that decoded whole: its kind by its bytes, and its upright size. */
export interface DecodedSource {
  kind: ImageKind
  width: number
  height: number
}

/**
 * The store's entry of a source that decoded whole, by its bytes' digest (the key adds the tool's
 * version, sharp's included). A source with any problem is never kept: it is read again each run.
 */
export const DECODED_SOURCE = entryKind<DecodedSource>('media-decoded')

/**
 * Sources read and decoded at once: sharp decodes on libuv's threads (four), which the process's
 * file reads share; two keep two cores busy and leave threads for the reads.
 */
const DECODES_AT_ONCE = 2

/** A file's image references with where to report them (the file is parsed only if one has a problem). */
export interface MediaDocument {
  kind: ImageFileKind
  data: unknown
  parsed: () => ParsedDocument
}

/** Checks every image the documents name, each read through `digests`. `store` keeps what decoded whole (with noStore every image is decoded). */
export async function checkMediaFiles(
  root: string,
  documents: readonly MediaDocument[],
  store: Store,
  digests: FileDigests,
): Promise<Diagnostic[]> {
  const references = documents.flatMap((document) =>
    imageReferences(document.data, document.kind).map((image) => ({ image, document })),
  )
  if (references.length === 0) return []
  const realRoot = await realpath(root).catch(() => path.resolve(root))
  const sources = sourceInspector({ root, realRoot, store, digests })
  const problems = await mapAtMost(references, DECODES_AT_ONCE, ({ image }) =>
    typeof image.src === 'string' ? inspectImage(sources, { ...image, src: image.src }) : Promise.resolve(undefined),
  )
  return references.flatMap(({ image, document }, i) => {
    const problem = problems[i]
    if (!problem) return []
    const at = locatePointer(document.parsed(), `${image.pointer}/src`)
    return [createDiagnostic(problem.code, at, problem.message, problem.hint, problem.severity)]
  })
}

/** An image the build could not encode, though validation passed it (the file changed since, or a decoder disagrees). */
export interface FailedImage {
  src: string
  /** False when its bytes did not decode; true when its pixels did and encoding them failed. */
  decoded: boolean
  /** The decoder's or encoder's words. */
  reason: string
}

/**
 * The build's diagnostics of images it could not encode, at every src naming one: a source that
 * did not decode gets the diagnostic validation gives a damaged file.
 */
export function imageFailureDiagnostics(
  images: readonly FailedImage[],
  documents: readonly MediaDocument[],
): Diagnostic[] {
  const failures = new Map(images.map((image) => [image.src, image]))
  return documents.flatMap((document) =>
    imageReferences(document.data, document.kind).flatMap((image) => {
      const failure = typeof image.src === 'string' ? failures.get(image.src) : undefined
      if (!failure) return []
      const { src, reason } = failure
      const problem: Problem = failure.decoded
        ? {
            code: 'MEDIA_DAMAGED',
            message: `${src} decoded, but could not be encoded for the site (${reason})`,
            hint: 'Export the image again, e.g. as PNG; if that does not help, this is a bug in the tool: please report it with the image.',
          }
        : damaged(src, EXTENSIONS[path.extname(src).toLowerCase()], reason)
      const at = locatePointer(document.parsed(), `${image.pointer}/src`)
      return [createDiagnostic(problem.code, at, problem.message, problem.hint)]
    }),
  )
}

interface Problem {
  code:
    | 'MEDIA_PATH'
    | 'ASSET_MISSING'
    | 'NOT_REGULAR_FILE'
    | 'ASSET_TOO_LARGE'
    | 'MEDIA_FORMAT'
    | 'ASSET_TYPE'
    | 'MEDIA_DAMAGED'
    | 'MEDIA_NARROW'
  message: string
  hint?: string
  severity?: 'warning'
}

const PATH_HINT =
  'Put images in the media/ folder beside portfolio.yaml and write their path from there, e.g. media/my-app/cover.png.'

/** What is wrong with one image reference, if anything: its path, then its file (see sourceInspector), then its width for its role. */
async function inspectImage(
  sources: SourceInspector,
  { src, role, name }: Pick<ImageReference, 'role' | 'name'> & { src: string },
): Promise<Problem | undefined> {
  const segments = src.split(/[/\\]/)
  if (path.isAbsolute(src) || /^[a-z]:/i.test(src) || segments.includes('..'))
    return { code: 'MEDIA_PATH', message: `${name}.src "${src}" leaves the content folder`, hint: PATH_HINT }
  if (segments[0] !== MEDIA_DIRECTORY || segments.length < 2 || src.includes('\\'))
    return { code: 'MEDIA_PATH', message: `${name}.src "${src}" is not in the media/ folder`, hint: PATH_HINT }
  const source = await sources(src)
  if ('code' in source) return source
  // Again for a source from the store: its entry is its bytes', whatever the name they have now.
  const format = formatOf(src, source.kind)
  if (typeof format === 'object') return format
  return narrowness(src, source, role)
}

/** The problem of the file at `src` (a path inside media/), or what it decoded to; one inspection per src per run. */
type SourceInspector = (src: string) => Promise<Problem | DecodedSource>

function sourceInspector(context: {
  root: string
  realRoot: string
  store: Store
  digests: FileDigests
}): SourceInspector {
  const { root, realRoot, store, digests } = context
  const inspected = new Map<string, Promise<Problem | DecodedSource>>()
  const inspect = async (src: string): Promise<Problem | DecodedSource> => {
    const file = path.join(root, src)
    const place = await inspectPlace(root, realRoot, src, file)
    if (place) return place
    return decodedBefore(file, store, digests) ?? (await decodeSource(src, digests.read(file), store))
  }
  return (src) => {
    let found = inspected.get(src)
    if (!found) inspected.set(src, (found = inspect(src)))
    return found
  }
}

/** The store's verdict on the file's bytes, by their digest from the file's stat when it is unchanged. */
function decodedBefore(file: string, store: Store, digests: FileDigests): DecodedSource | undefined {
  const sha256 = digests.digest(file)
  return sha256 === undefined ? undefined : DECODED_SOURCE.get(store, DECODED_SOURCE.key(store, sha256))
}

/**
 * The decoder's words when the image at `file` (a PNG or JPEG a rule found in place: the resume's
 * photo) does not decode whole, else undefined; kept like the content's images, so it is decoded
 * once across runs.
 */
export async function decodeFailure(file: string, store: Store, digests: FileDigests): Promise<string | undefined> {
  if (decodedBefore(file, store, digests)) return undefined
  const { bytes, sha256 } = digests.read(file)
  const kind = imageKind(bytes.subarray(0, 512))
  try {
    const { info } = await decodeImage(bytes, MAX_IMAGE_PIXELS)
    if (kind)
      DECODED_SOURCE.set(store, DECODED_SOURCE.key(store, sha256), { kind, width: info.width, height: info.height })
    return undefined
  } catch (error) {
    return decoderReason(error) || 'it cannot be read'
  }
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

/**
 * The source's bytes checked in order of cost: their format by their first bytes, the size their
 * header declares (not a decompression bomb), then every pixel decoded as the build will decode it.
 * What decoded whole is kept under the bytes' digest.
 */
async function decodeSource(
  src: string,
  { bytes, sha256 }: { bytes: Uint8Array; sha256: string },
  store: Store,
): Promise<Problem | DecodedSource> {
  const kind = formatOf(src, imageKind(bytes.subarray(0, 512)))
  if (typeof kind === 'object') return kind
  let size: { width: number; height: number } | undefined
  try {
    size = await headerSize(bytes)
  } catch (error) {
    // libvips may say no more than "corrupt header".
    return damaged(src, kind, decoderReason(error) || 'its header cannot be read')
  }
  if (!size) return damaged(src, kind, 'its header declares no size')
  const pixels = size.width * size.height
  if (pixels > MAX_IMAGE_PIXELS)
    return {
      code: 'ASSET_TOO_LARGE',
      message: `${src} is ${size.width} x ${size.height} px (${(pixels / 1e6).toFixed(1)} megapixels) > ${MAX_IMAGE_PIXELS / 1e6} megapixels limit`,
      hint: 'Scale it down, e.g. to 2400 px wide: the build makes every smaller size itself.',
    }
  try {
    await decodeImage(bytes, MAX_IMAGE_PIXELS)
  } catch (error) {
    return damaged(src, kind, decoderReason(error))
  }
  const decoded: DecodedSource = { kind, ...size }
  DECODED_SOURCE.set(store, DECODED_SOURCE.key(store, sha256), decoded)
  return decoded
}

/** Bytes that start as an allowed format but do not decode: cut short by a copy or download, or damaged. */
function damaged(src: string, kind: ImageKind | undefined, reason: string): Problem {
  return {
    code: 'MEDIA_DAMAGED',
    message: `${src} is damaged or cut short: it cannot be decoded${kind ? ` as ${NAMES[kind]}` : ''} (${reason})`,
    hint: 'Export or copy the image again (an interrupted copy or download leaves a file that starts right and ends early), and check that it opens whole in an image viewer.',
  }
}

/** What the file's bytes are (`kind`, by its first bytes), as its name claims: one of the allowed formats, or the problem. */
function formatOf(src: string, kind: ImageKind | undefined): Problem | ImageKind {
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

/** Wide enough for the role's largest slot, or a warning. */
function narrowness(src: string, { width }: { width: number }, role: ImageRole): Problem | undefined {
  const needed = MIN_WIDTH[role]
  if (width >= needed) return undefined
  return {
    code: 'MEDIA_NARROW',
    message: `${src} is ${width} px wide; ${role === 'media' ? 'a gallery image' : `a ${role}`} is shown up to ${needed} px wide, so it will look blurry`,
    hint: `Use an image at least ${needed} px wide.`,
    severity: 'warning',
  }
}

/** `fn` of every item, at most `limit` at a time, results in the items' order. */
async function mapAtMost<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const work = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i] as T)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, work))
  return results
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
