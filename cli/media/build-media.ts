import path from 'node:path'
import type { FileDigests } from '../cache/file-digests.ts'
import type { Store } from '../cache/store.ts'
import type { CheckedContent, CheckResult } from '../content/check-content.ts'
import type { ParsedDocument } from '../content/parse-yaml.ts'
import { imageFailureDiagnostics, type MediaDocument } from '../content/rules/media-files.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import {
  portfolioImageSources,
  postImageSources,
  projectImageSources,
  withPortfolioPhoto,
  withPostCover,
  withProjectMedia,
  type ImageRecords,
} from './content-media.ts'
import type { EncodeJob, EncodeOutcome } from './encode-job.ts'
import { ImagesNotEncoded, makeMedia, type MadeMedia } from './make-media.ts'
import { MEDIA_FOLDER } from './responsive-image.ts'

/** What a build's media step needs besides the content: where, and how to encode (its pool). */
export interface BuildMediaOptions {
  root: string
  store: Store
  digests: FileDigests
  /** The site folder being assembled: the variants go into its media/. */
  siteDir: string
  encode: (jobs: readonly EncodeJob[]) => Promise<readonly EncodeOutcome[]>
  signal?: AbortSignal
}

/**
 * A build's project images (cover, media) and the covers of the posts it builds (not drafts'):
 * every one the checked content names, and the ids of the projects that have any.
 */
export async function makeProjectMedia(
  content: CheckedContent,
  options: BuildMediaOptions,
): Promise<MadeMedia & { projectsWithImages: Set<string> }> {
  const projectsWithImages = new Set<string>()
  const sources: string[] = []
  for (const project of content.projects) {
    const own = projectImageSources(project)
    if (own.length > 0) projectsWithImages.add(String(project.id))
    sources.push(...own)
  }
  for (const { post } of content.posts) if (post.draft !== true) sources.push(...postImageSources(post))
  const made = await makeMedia(sources, { ...options, folder: mediaFolder(options.siteDir) })
  return { ...made, projectsWithImages }
}

/** portfolio.yaml's data with its photo encoded (or from the store) into the site folder: the app's modules hold it. */
export async function withBuildPhoto<T extends { photo?: unknown }>(
  portfolio: T,
  options: BuildMediaOptions,
): Promise<T> {
  const sources = portfolioImageSources(portfolio)
  if (sources.length === 0) return portfolio
  const { images } = await makeMedia(sources, { ...options, folder: mediaFolder(options.siteDir) })
  return withPortfolioPhoto(portfolio, images)
}

function mediaFolder(siteDir: string): string {
  return path.join(siteDir, MEDIA_FOLDER)
}

/**
 * Compiled content with every image resolved (portfolio.yaml's photo, each project's cover and
 * media), for what generates the site's modules and data from it in one piece (`generate`, the dev
 * server), and the images' records. The variants are linked into `folder` when given, else left in the store.
 */
export async function withCompiledMedia(
  content: CompiledContent,
  options: Pick<BuildMediaOptions, 'root' | 'store' | 'digests' | 'encode'> & { folder?: string },
): Promise<{ content: CompiledContent; images: ImageRecords }> {
  const sources = [
    ...portfolioImageSources(content.portfolio),
    ...content.projects.flatMap(projectImageSources),
    ...(content.posts ?? []).flatMap(postImageSources),
  ]
  if (sources.length === 0) return { content, images: new Map() }
  const { images } = await makeMedia(sources, options)
  return {
    content: {
      ...content,
      portfolio: withPortfolioPhoto(content.portfolio, images),
      projects: content.projects.map((project) => withProjectMedia(project, images)),
      ...(content.posts ? { posts: content.posts.map((post) => withPostCover(post, images)) } : {}),
    },
    images,
  }
}

/**
 * What `error` says about the checked content's images, when it is ImagesNotEncoded: a located
 * diagnostic at each src naming an image that could not be encoded (see imageFailureDiagnostics),
 * so the build reports a content error, not a bug. Undefined for any other error.
 */
export function imageEncodeDiagnostics(
  error: unknown,
  checked: Pick<CheckResult, 'content' | 'parsed'>,
): Diagnostic[] | undefined {
  if (!(error instanceof ImagesNotEncoded) || !checked.content) return undefined
  const parsed = (file: string) => () => checked.parsed.get(file) as ParsedDocument
  const { portfolio, projects, posts } = checked.content
  const documents: MediaDocument[] = [
    ...posts.map(({ slug, post }) => ({ kind: 'post' as const, data: post, parsed: parsed(`posts/${slug}.md`) })),
    { kind: 'portfolio', data: portfolio, parsed: parsed('portfolio.yaml') },
    // A project in checked content passed every rule, so its file is named by its id.
    ...projects.map((project) => ({
      kind: 'project' as const,
      data: project,
      parsed: parsed(`projects/${String(project.id)}.yaml`),
    })),
  ]
  return imageFailureDiagnostics(error.images, documents)
}
