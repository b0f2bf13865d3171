import type { VariantFormat } from './encode-image.ts'
import type { ResponsiveImage } from '../content/content-types.ts'
import type { EncodedRecord } from './encode-job.ts'

/** One image made responsive at build time, as the site takes it (generated with the content's types: cli/generate/generate-types.ts). */
export type { ResponsiveImage } from '../content/content-types.ts'

/** The folder of the site the variants are published in, and the start of their URLs. */
export const MEDIA_FOLDER = 'media'

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const

/** An encoded image with its alt text (and a gallery entry's caption) as the site takes it. */
export function responsiveImage(record: EncodedRecord, alt: string, caption?: string): ResponsiveImage {
  const byFormat = (format: VariantFormat) => record.files.filter((file) => file.format === format)
  const srcset = (format: VariantFormat) =>
    byFormat(format)
      .map((file) => `${MEDIA_FOLDER}/${file.name} ${file.width}w`)
      .join(', ')
  const fallback = record.facts.alpha ? 'png' : 'jpg'
  const largest = byFormat(fallback).at(-1)
  const { width, height, placeholder, color } = record.facts
  return {
    alt,
    ...(caption !== undefined ? { caption } : {}),
    width,
    height,
    placeholder,
    color,
    sources: [
      { type: TYPES.avif, srcset: srcset('avif') },
      { type: TYPES.webp, srcset: srcset('webp') },
    ],
    fallback: { type: TYPES[fallback], src: `${MEDIA_FOLDER}/${largest?.name}`, srcset: srcset(fallback) },
  }
}
