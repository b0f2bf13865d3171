import { valueAt } from '../diagnostics/json-pointer.ts'
import { recordsAt } from '../content/rules/unchecked-data.ts'
import type { EncodedRecord } from './encode-job.ts'
import { responsiveImage, type ResponsiveImage } from './responsive-image.ts'

/**
 * Where content names images ({ src, alt } objects): a project's cover and media, portfolio.yaml's
 * photo; and the same content with each of them made a ResponsiveImage once encoded.
 */

/** What names images in a project: its cover and media, as written ({ src, alt }) until resolved. */
export interface WithProjectImages {
  cover?: unknown
  media?: readonly unknown[]
}

/** The src of every image `project` (checked data) names, cover first, then its media in order. */
export function projectImageSources(project: WithProjectImages): string[] {
  const media = recordsAt(project, ['media']).map(([, i]) => valueAt(project, ['media', i, 'src']))
  return [valueAt(project, ['cover', 'src']), ...media].filter((src): src is string => typeof src === 'string')
}

/** The src of portfolio.yaml's photo, if it has one. */
export function portfolioImageSources(portfolio: { photo?: unknown }): string[] {
  const src = valueAt(portfolio, ['photo', 'src'])
  return typeof src === 'string' ? [src] : []
}

export type ImageRecords = ReadonlyMap<string, EncodedRecord>

/** `{ src, alt, caption? }` as the site takes it; throws when its src was not encoded (a bug: every src is made before). */
export function resolveImage(image: unknown, images: ImageRecords): ResponsiveImage {
  const { src, alt, caption } = image as { src: string; alt: string; caption?: string }
  const record = images.get(src)
  if (!record) throw new Error(`the image ${src} was not encoded`)
  return responsiveImage(record, alt, caption)
}

/**
 * `project` with its cover and media made ResponsiveImages (the same object when it has neither).
 * Its type is the one it has after this: compiled content is typed with resolved images
 * (RenderedProject, ProjectCard), which the build gives it here, before anything reads them.
 */
export function withProjectMedia<T extends WithProjectImages>(project: T, images: ImageRecords): T {
  if (project.cover === undefined && project.media === undefined) return project
  return {
    ...project,
    ...(project.cover !== undefined ? { cover: resolveImage(project.cover, images) } : {}),
    ...(Array.isArray(project.media) ? { media: project.media.map((entry) => resolveImage(entry, images)) } : {}),
  }
}

/** portfolio.yaml's data with its photo made a ResponsiveImage. */
export function withPortfolioPhoto<T extends { photo?: unknown }>(portfolio: T, images: ImageRecords): T {
  return portfolio.photo === undefined ? portfolio : { ...portfolio, photo: resolveImage(portfolio.photo, images) }
}

/** A post's cover src, if it has one (a post names no other image: those of its text are https URLs). */
export function postImageSources(post: { cover?: unknown }): string[] {
  const src = valueAt(post, ['cover', 'src'])
  return typeof src === 'string' ? [src] : []
}

/** `post` with its cover made a ResponsiveImage (the same object when it has none). */
export function withPostCover<T extends { cover?: unknown }>(post: T, images: ImageRecords): T {
  return post.cover === undefined ? post : { ...post, cover: resolveImage(post.cover, images) }
}
