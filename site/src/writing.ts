import type { PostSummary } from './generated/types.ts'
import { techSlug } from './technologies.ts'

/**
 * Writing (issue 47): what the lists, the tag pages and a post show, computed from the posts index
 * (data/posts.json, newest first). Pure: the browser, the server render and the tests share it.
 */

/** How many posts the home page shows (the newest). */
export const LATEST_POSTS = 3

/** A post gets a table of contents from this many outline entries (h2 and h3) on. */
export const TOC_MIN_ENTRIES = 3

export interface Tag {
  /** As the newest post that names it spells it. */
  name: string
  /** Its page's segment, /writing/tags/<slug> (techSlug of technologies.ts). */
  slug: string
  /** The posts with the tag, by slug, newest first. */
  slugs: string[]
}

/** "5 min read". The CLI counts the words and rounds at its documented words-per-minute rate. */
export const readingTime = (minutes: number): string => `${Math.max(1, Math.round(minutes))} min read`

/** "1 post tagged Node.js", "3 posts tagged Node.js". */
export const postCount = (count: number, tag: string): string =>
  `${count} ${count === 1 ? 'post' : 'posts'} tagged ${tag}`

/** Every tag of the posts, by slug (two spellings of one slug are a validation error), most used first, then by name. */
export function postTags(posts: readonly Pick<PostSummary, 'slug' | 'tags'>[]): Tag[] {
  const bySlug = new Map<string, Tag>()
  for (const post of posts) {
    for (const name of post.tags) {
      const slug = techSlug(name)
      const known = bySlug.get(slug)
      if (!known) bySlug.set(slug, { name, slug, slugs: [post.slug] })
      else if (!known.slugs.includes(post.slug)) known.slugs.push(post.slug)
    }
  }
  return [...bySlug.values()].sort((a, b) => b.slugs.length - a.slugs.length || (a.name < b.name ? -1 : 1))
}

/** The posts with a tag (by its slug), in the index's order: newest first. */
export function postsTagged<P extends Pick<PostSummary, 'tags'>>(posts: readonly P[], slug: string): P[] {
  return posts.filter((post) => post.tags.some((tag) => techSlug(tag) === slug))
}

/** The posts that name a project among their related projects, newest first. */
export function postsAbout<P extends Pick<PostSummary, 'projects'>>(posts: readonly P[], projectId: string): P[] {
  return posts.filter((post) => post.projects.includes(projectId))
}

/** The calendar day of a date or timestamp, for `<time datetime>` ("2026-03-14"). */
export const dateOnly = (iso: string): string => /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? iso
