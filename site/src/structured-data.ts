import { careerJsonLd } from './career-json-ld.ts'
import type { JsonLd } from './json-ld.ts'
import type { PostSummary, ProjectCard, RenderedProject } from './generated/types.ts'
import { DEFAULT_PAGE_WORDS, type PageWords } from './i18n/page-words.ts'
import { fill } from './i18n/strings.ts'
import type { PageMeta } from './page-meta.ts'
import { paths } from './paths.ts'
import type { Technology } from './technologies.ts'
import type { Tag } from './writing.ts'

/**
 * schema.org JSON-LD for search engines, rendered into the head by the server only (the browser
 * bundle never imports this module). Absolute URLs are built by the caller's `url(path)`. Each
 * takes the page's words last (page-words.ts); without them, the default language's portfolio in English.
 */

export type { Json, JsonLd } from './json-ld.ts'

/** Languages among a project's technologies (schema.org `programmingLanguage`); the rest are keywords. */
const LANGUAGES = new Set([
  'c',
  'c#',
  'c++',
  'dart',
  'go',
  'java',
  'javascript',
  'kotlin',
  'php',
  'python',
  'ruby',
  'rust',
  'scala',
  'sql',
  'swift',
  'typescript',
])

function person(url: (path: string) => string, { portfolio }: PageWords): JsonLd {
  const { owner, links, contact } = portfolio
  return {
    '@type': 'Person',
    name: owner.name,
    jobTitle: owner.role,
    url: url('/'),
    sameAs: [links.github, links.linkedin],
    email: contact.email.replace(/^mailto:/i, ''),
  }
}

/** The home page: the person the site presents, with what they know and the projects they built. */
export function homeJsonLd(
  url: (path: string) => string,
  image: string | null,
  cards: ProjectCard[],
  words: PageWords = DEFAULT_PAGE_WORDS,
): JsonLd {
  const { portfolio } = words
  return {
    '@context': 'https://schema.org',
    ...person(url, words),
    description: portfolio.site.description,
    ...(portfolio.owner.location ? { homeLocation: { '@type': 'Place', name: portfolio.owner.location } } : {}),
    ...(image ? { image } : {}),
    knowsAbout: [...new Set(portfolio.techStack.groups.flatMap((group) => group.items))],
    ...careerJsonLd(portfolio),
    // The case studies, by URL (each page describes its project in full).
    subjectOf: cards.map((card) => ({
      '@type': 'CreativeWork',
      name: fill(words.strings.caseStudyName, { project: card.title }),
      url: url(`/projects/${encodeURIComponent(card.id)}`),
    })),
  }
}

/** A case study: the project as source code, with its repository, technologies and author. */
export function projectJsonLd(
  project: RenderedProject,
  url: (path: string) => string,
  image: string | null,
  words: PageWords = DEFAULT_PAGE_WORDS,
): JsonLd {
  const languages = project.tech.filter((item) => LANGUAGES.has(item.toLowerCase()))
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareSourceCode',
    name: project.title,
    description: project.description,
    url: url(`/projects/${encodeURIComponent(project.id)}`),
    ...(project.githubUrl ? { codeRepository: project.githubUrl } : {}),
    ...(languages.length > 0 ? { programmingLanguage: languages } : {}),
    keywords: project.tech.join(', '),
    ...(image ? { image } : {}),
    author: person(url, words),
    targetProduct: {
      '@type': 'SoftwareApplication',
      name: project.title,
      url: project.liveUrl,
      applicationCategory: 'WebApplication',
      operatingSystem: 'Web browser',
    },
  }
}

/** A tech page: a collection page about the technology, listing the case studies that use it. */
export function techJsonLd(
  tech: Technology,
  cards: readonly ProjectCard[],
  url: (path: string) => string,
  meta: PageMeta,
  words: PageWords = DEFAULT_PAGE_WORDS,
): JsonLd {
  const shown = cards.filter((card) => tech.projectIds.includes(card.id))
  return collectionPage(
    meta,
    url(paths.tech(tech.slug)),
    tech.name,
    url,
    (i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: fill(words.strings.caseStudyName, { project: shown[i]!.title }),
      url: url(paths.project(shown[i]!.id)),
    }),
    shown.length,
    words,
  )
}

/** A collection page (a technology's, a tag's) about `about`, its list's items made by `item`. */
function collectionPage(
  meta: PageMeta,
  pageUrl: string,
  about: string,
  url: (path: string) => string,
  item: (index: number) => JsonLd,
  count: number,
  words: PageWords,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: meta.title,
    description: meta.description,
    url: pageUrl,
    about: { '@type': 'Thing', name: about },
    author: person(url, words),
    mainEntity: { '@type': 'ItemList', itemListElement: Array.from({ length: count }, (_, i) => item(i)) },
  }
}

/** Where a post is read: its page here, or, for a post of writing.external, its address there. */
const postUrl = (post: PostSummary, url: (path: string) => string): string =>
  post.external ? post.external.url : url(paths.post(post.slug))

/** One post in a list: a BlogPosting by its headline, address and date. */
function postItem(post: PostSummary, url: (path: string) => string): JsonLd {
  return {
    '@type': 'BlogPosting',
    headline: post.title,
    url: postUrl(post, url),
    datePublished: post.published,
    ...(post.updated ? { dateModified: post.updated } : {}),
  }
}

/**
 * A post: a BlogPosting with its author, dates, tags and card. `mainEntityOfPage` is the page that
 * is the post's home: the address it was first published at when it has one (as the canonical link).
 */
export function postJsonLd(
  post: PostSummary,
  url: (path: string) => string,
  image: string | null,
  words: PageWords = DEFAULT_PAGE_WORDS,
): JsonLd {
  const page = url(paths.post(post.slug))
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary,
    datePublished: post.published,
    dateModified: post.updated ?? post.published,
    author: person(url, words),
    ...(image ? { image } : {}),
    url: page,
    mainEntityOfPage: { '@type': 'WebPage', '@id': post.canonical ?? page },
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    wordCount: post.words,
    timeRequired: `PT${Math.max(1, Math.round(post.readingMinutes))}M`,
    inLanguage: words.lang,
  }
}

/** /writing: the owner's blog, its posts newest first. */
export function writingJsonLd(
  posts: readonly PostSummary[],
  url: (path: string) => string,
  meta: PageMeta,
  words: PageWords = DEFAULT_PAGE_WORDS,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Blog',
    name: meta.title,
    description: meta.description,
    url: url(paths.writing),
    author: person(url, words),
    blogPost: posts.map((post) => postItem(post, url)),
  }
}

/** A tag page: a collection page about the tag, listing its posts. */
export function tagJsonLd(
  tag: Tag,
  posts: readonly PostSummary[],
  url: (path: string) => string,
  meta: PageMeta,
  words: PageWords = DEFAULT_PAGE_WORDS,
): JsonLd {
  const shown = posts.filter((post) => tag.slugs.includes(post.slug))
  return collectionPage(
    meta,
    url(paths.tag(tag.slug)),
    tag.name,
    url,
    (i) => ({ '@type': 'ListItem', position: i + 1, item: postItem(shown[i]!, url) }),
    shown.length,
    words,
  )
}

/**
 * JSON for a `<script type="application/ld+json">`: the HTML parser ends a script at `</script`
 * and treats `<!--` specially, so `<` (and, for good measure, `>` and `&`) become \u escapes, as
 * do U+2028/2029. The result is still the same JSON.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
