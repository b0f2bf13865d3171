import path from 'node:path'
import { postData, postsData } from '../../site/src/paths.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { PostSummary, RenderedPost } from '../content/content-types.ts'
import { sha256Hex } from '../sha256.ts'
import { writeFileAtomically } from '../write-atomically.ts'
import { safeJson } from './project-data.ts'

/**
 * The posts' data files as the build writes them and the dev server answers them, one serialiser
 * for both: data/posts.json (every listed post, newest first) and data/posts/<slug>.json (a post of
 * posts/*.md with its text). The app's bundle holds none of it (only generate-content.ts's hasPosts).
 */

const SUMMARY_FIELDS = [
  'slug',
  'title',
  'summary',
  'published',
  'updated',
  'canonical',
  'draft',
  'tags',
  'projects',
  'words',
  'readingMinutes',
  'cover',
  'external',
] as const

/** A post as the lists show it: a RenderedPost without its text and outline. */
export function postSummary(post: PostSummary): PostSummary {
  return Object.fromEntries(
    SUMMARY_FIELDS.filter((field) => post[field] !== undefined).map((field) => [field, post[field]]),
  ) as PostSummary
}

/** Newest first: published descending, then slug ascending (the order of every list of posts). */
export function byNewest(a: PostSummary, b: PostSummary): number {
  return a.published < b.published ? 1 : a.published > b.published ? -1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
}

/** Every post the content lists (its posts of posts/*.md as compiled, and writing.external's), newest first. */
export function listedPosts(content: Pick<CompiledContent, 'posts' | 'externalPosts'>): PostSummary[] {
  return [...(content.posts ?? []).map(postSummary), ...(content.externalPosts ?? []).map(postSummary)].sort(byNewest)
}

/** data/posts.json: the summaries, newest first whatever order they come in. */
export function postsJson(posts: readonly PostSummary[]): string {
  return safeJson([...posts].map(postSummary).sort(byNewest))
}

/** data/posts/<slug>.json: one post with its text. */
export function postDataJson(post: RenderedPost): string {
  return safeJson(post)
}

/** What a build keeps of a post's data file: its slug and the file's hash (the page cache's key). */
export interface PostDataFile {
  slug: string
  sha256: string
}

/** Writes `post`'s data file (data/posts/<slug>.json) under `directory` (the build's data folder). */
export function writePostData(directory: string, post: RenderedPost): PostDataFile {
  const json = postDataJson(post)
  writeFileAtomically(path.join(directory, postData.file(post.slug)), json)
  return { slug: post.slug, sha256: sha256Hex(json) }
}

/** Writes data/posts.json under `directory` and returns its hash. */
export function writePostsIndex(directory: string, posts: readonly PostSummary[]): string {
  const json = postsJson(posts)
  writeFileAtomically(path.join(directory, postsData.file), json)
  return sha256Hex(json)
}
