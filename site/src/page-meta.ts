import { portfolio } from './generated/content.ts'
import type { PostSummary, ProjectCard, RenderedProject } from './generated/types.ts'
import { paths } from './paths.ts'
import { projectCount, type Technology } from './technologies.ts'
import { postCount, type Tag } from './writing.ts'

/** What a page says about itself: the document title on the client, the head tags on the server. */
export interface PageMeta {
  title: string
  description: string
  /** Route path for the canonical URL; null for pages that must not be indexed (404). */
  path: string | null
  type: 'website' | 'article'
  /** The absolute URL the canonical link names instead of the page's own (a post first published elsewhere). */
  canonical?: string
}

export function homeMeta(): PageMeta {
  const { title, description } = portfolio.site
  return { title, description, path: paths.home, type: 'website' }
}

export function projectMeta(project: RenderedProject): PageMeta {
  return {
    title: `${project.title} case study | ${portfolio.site.title}`,
    description: project.description,
    path: paths.project(project.id),
    type: 'article',
  }
}

/** A tech page's title, apart from techMeta: the browser needs only this (techMeta stays on the server). */
export const techTitle = (name: string): string => `Projects using ${name} | ${portfolio.site.title}`

/** A tech page: the technology and the projects that use it, by title ("A, B and C"). */
export function techMeta(tech: Technology, cards: readonly ProjectCard[]): PageMeta {
  const titles = cards.filter((card) => tech.projectIds.includes(card.id)).map((card) => card.title)
  const named = titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}` : titles.join('')
  return {
    title: techTitle(tech.name),
    description: `${projectCount(titles.length, tech.name)} in ${portfolio.owner.name}'s portfolio: ${named}. Each case study shows how it was built.`,
    path: paths.tech(tech.slug),
    type: 'website',
  }
}

export function notFoundMeta(): PageMeta {
  return {
    title: `Page not found | ${portfolio.site.title}`,
    description: 'This page does not exist. Go back to the home page or browse the projects.',
    path: null,
    type: 'website',
  }
}

/** /writing: the posts, newest first. */
export const writingTitle = (): string => `Writing | ${portfolio.site.title}`

export function writingMeta(posts: readonly PostSummary[]): PageMeta {
  const tags = [...new Set(posts.flatMap((post) => post.tags))].slice(0, 5)
  return {
    title: writingTitle(),
    description: `Posts by ${portfolio.owner.name}${tags.length > 0 ? ` on ${joinNames(tags)}` : ''}.`,
    path: paths.writing,
    type: 'website',
  }
}

export const postTitle = (post: Pick<PostSummary, 'title'>): string => `${post.title} | ${portfolio.site.title}`

/** A post: its summary describes it; a post first published elsewhere names that address as canonical. */
export function postMeta(post: PostSummary): PageMeta {
  return {
    title: postTitle(post),
    description: post.summary,
    path: paths.post(post.slug),
    type: 'article',
    ...(post.canonical ? { canonical: post.canonical } : {}),
  }
}

export const tagTitle = (name: string): string => `Posts tagged ${name} | ${portfolio.site.title}`

/** A tag page: the tag and its posts' titles. */
export function tagMeta(tag: Tag, posts: readonly PostSummary[]): PageMeta {
  const titles = posts.filter((post) => tag.slugs.includes(post.slug)).map((post) => post.title)
  return {
    title: tagTitle(tag.name),
    description: `${postCount(titles.length, tag.name)} by ${portfolio.owner.name}: ${joinNames(titles)}.`,
    path: paths.tag(tag.slug),
    type: 'website',
  }
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('')
}
