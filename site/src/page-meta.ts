import type { PostSummary, ProjectCard, RenderedProject } from './generated/types.ts'
import { DEFAULT_PAGE_WORDS, joinNames, type PageWords } from './i18n/page-words.ts'
import { countMessage, fill } from './i18n/strings.ts'
import { paths } from './paths.ts'
import type { Technology } from './technologies.ts'
import type { Tag } from './writing.ts'

/**
 * What a page says about itself: the document title on the client, the head tags on the server.
 * Each takes the page's words last (page-words.ts: its language, catalogue and portfolio); without
 * them, the default language's portfolio in English.
 */
export interface PageMeta {
  title: string
  description: string
  /** Route path for the canonical URL; null for pages that must not be indexed (404). */
  path: string | null
  type: 'website' | 'article'
  /** The absolute URL the canonical link names instead of the page's own (a post first published elsewhere). */
  canonical?: string
}

export function homeMeta(words: PageWords = DEFAULT_PAGE_WORDS): PageMeta {
  const { title, description } = words.portfolio.site
  return { title, description, path: paths.home, type: 'website' }
}

export function projectMeta(project: RenderedProject, words: PageWords = DEFAULT_PAGE_WORDS): PageMeta {
  return {
    title: fill(words.strings.projectTitle, { project: project.title, site: words.portfolio.site.title }),
    description: project.description,
    path: paths.project(project.id),
    type: 'article',
  }
}

/** A tech page's title, apart from techMeta: the browser needs only this (techMeta stays on the server). */
export const techTitle = (name: string, words: PageWords = DEFAULT_PAGE_WORDS): string =>
  fill(words.strings.techTitle, { name, site: words.portfolio.site.title })

/** A tech page: the technology and the projects that use it, by title ("A, B and C"). */
export function techMeta(
  tech: Technology,
  cards: readonly ProjectCard[],
  words: PageWords = DEFAULT_PAGE_WORDS,
): PageMeta {
  const { strings, lang, portfolio } = words
  const titles = cards.filter((card) => tech.projectIds.includes(card.id)).map((card) => card.title)
  return {
    title: techTitle(tech.name, words),
    description: fill(strings.techDescription, {
      count: countMessage(strings.techFilterCount, titles.length, lang, { name: tech.name }),
      owner: portfolio.owner.name,
      projects: joinNames(titles, lang),
    }),
    path: paths.tech(tech.slug),
    type: 'website',
  }
}

export function notFoundMeta(words: PageWords = DEFAULT_PAGE_WORDS): PageMeta {
  return {
    title: fill(words.strings.notFoundPageTitle, { site: words.portfolio.site.title }),
    description: words.strings.notFoundDescription,
    path: null,
    type: 'website',
  }
}

/** /writing: the posts, newest first. */
export const writingTitle = (words: PageWords = DEFAULT_PAGE_WORDS): string =>
  fill(words.strings.writingTitle, { site: words.portfolio.site.title })

export function writingMeta(posts: readonly PostSummary[], words: PageWords = DEFAULT_PAGE_WORDS): PageMeta {
  const { strings, lang, portfolio } = words
  const tags = [...new Set(posts.flatMap((post) => post.tags))].slice(0, 5)
  const owner = portfolio.owner.name
  return {
    title: writingTitle(words),
    description:
      tags.length > 0
        ? fill(strings.writingDescriptionTags, { owner, tags: joinNames(tags, lang) })
        : fill(strings.writingDescription, { owner }),
    path: paths.writing,
    type: 'website',
  }
}

export const postTitle = (post: Pick<PostSummary, 'title'>, words: PageWords = DEFAULT_PAGE_WORDS): string =>
  fill(words.strings.pageTitle, { page: post.title, site: words.portfolio.site.title })

/** A post: its summary describes it; a post first published elsewhere names that address as canonical. */
export function postMeta(post: PostSummary, words: PageWords = DEFAULT_PAGE_WORDS): PageMeta {
  return {
    title: postTitle(post, words),
    description: post.summary,
    path: paths.post(post.slug),
    type: 'article',
    ...(post.canonical ? { canonical: post.canonical } : {}),
  }
}

export const tagTitle = (name: string, words: PageWords = DEFAULT_PAGE_WORDS): string =>
  fill(words.strings.tagTitle, { name, site: words.portfolio.site.title })

/** A tag page: the tag and its posts' titles. */
export function tagMeta(tag: Tag, posts: readonly PostSummary[], words: PageWords = DEFAULT_PAGE_WORDS): PageMeta {
  const { strings, lang, portfolio } = words
  const titles = posts.filter((post) => tag.slugs.includes(post.slug)).map((post) => post.title)
  return {
    title: tagTitle(tag.name, words),
    description: fill(strings.tagDescription, {
      count: countMessage(strings.postCount, titles.length, lang, { tag: tag.name }),
      owner: portfolio.owner.name,
      posts: joinNames(titles, lang),
    }),
    path: paths.tag(tag.slug),
    type: 'website',
  }
}
