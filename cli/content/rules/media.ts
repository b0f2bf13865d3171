import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { recordsAt, sectionsOf } from './unchecked-data.ts'

/**
 * Images the content names ({ src, alt }: a project's cover and media, portfolio.yaml's photo):
 * where they are in the data, and the rules of one file alone (alt text, the gallery section).
 * The rules of their files are in media-files.ts.
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

/** The kinds of file that name images: a post names its cover only. */
export type ImageFileKind = 'portfolio' | 'project' | 'post'

/** Every image a file's data names, in the order of the file. */
export function imageReferences(data: unknown, kind: ImageFileKind): ImageReference[] {
  const one = (role: ImageRole, segments: (string | number)[], name: string): ImageReference[] => {
    const value = valueAt(data, segments)
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
    const image = value as Record<string, unknown>
    return [{ role, pointer: encodePointer(segments), name, src: image.src, alt: image.alt }]
  }
  if (kind === 'portfolio') return one('photo', ['photo'], 'photo')
  if (kind === 'post') return one('cover', ['cover'], 'cover')
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
export function checkMediaFields(parsed: ParsedDocument, kind: ImageFileKind): Diagnostic[] {
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
