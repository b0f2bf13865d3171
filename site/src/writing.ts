import type { PostSummary, RenderedDiagram } from './generated/types.ts'
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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * "14 March 2026" for "2026-03-14" (or a full ISO timestamp of an external post): spelled out here
 * rather than by Intl, so the server's and the browser's text are the same whatever their locale
 * and time zone (a date is a calendar day; it is not moved into the reader's zone).
 */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  if (!match || !month) return iso
  return `${Number(match[3])} ${month} ${match[1]}`
}

/** The calendar day of a date or timestamp, for `<time datetime>` ("2026-03-14"). */
export const dateOnly = (iso: string): string => /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? iso

/** A piece of a post's HTML: markup, or a Mermaid diagram the build drew (shown as a case study shows one). */
export type PostPart = { kind: 'html'; html: string } | { kind: 'diagram'; diagram: RenderedDiagram }

/**
 * How the build writes a diagram into a post's HTML (the contract with cli/compile):
 * `<figure data-diagram="<title>" data-width="<px>" data-text-size="<px>"><svg …>…</svg></figure>`,
 * the title attribute-escaped, the attributes in this order. Any other figure stays markup.
 */
const DIAGRAM =
  /<figure data-diagram="([^"]*)" data-width="(\d+(?:\.\d+)?)" data-text-size="(\d+(?:\.\d+)?)">([\s\S]*?)<\/figure>/g

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>', '&#39;': "'" }
const unescapeAttribute = (text: string): string => text.replace(/&(amp|quot|lt|gt|#39);/g, (e) => entities[e] ?? e)

/** A post's HTML cut at its diagrams, so each is drawn by DiagramFigure (fitted to its column, with "View full size"). */
export function postParts(html: string): PostPart[] {
  const parts: PostPart[] = []
  let at = 0
  for (const match of html.matchAll(DIAGRAM)) {
    const [whole, title = '', width = '0', textSize = '0', svg = ''] = match
    const before = html.slice(at, match.index).trim()
    if (before) parts.push({ kind: 'html', html: before })
    parts.push({
      kind: 'diagram',
      diagram: { title: unescapeAttribute(title), mermaid: '', svg, width: Number(width), textSize: Number(textSize) },
    })
    at = match.index + whole.length
  }
  const rest = html.slice(at).trim()
  if (rest || parts.length === 0) parts.push({ kind: 'html', html: rest })
  return parts
}
