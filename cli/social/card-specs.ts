import { socialImage } from '../../site/src/paths.ts'
import type { CheckedContent } from '../content/check-content.ts'
import type { Portfolio, Project } from '../content/content-types.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import type { CardCover } from './card-cover.ts'

/** What the cards show of the site and its owner (every card has the brand and a footer). */
export interface CardContent {
  siteUrl: string
  owner: { name: string; role: string }
  headline: string
  availability?: string
  claims: { value: string; label: string }[]
}

export interface ProjectContent {
  id: string
  title: string
  description: string
  tech: string[]
  /** Its cover, shown on the card's right. */
  cover?: CardCover
}

/**
 * Everything one card is drawn from: the home card has no project. `language`: the BCP 47 tag the
 * card is written in (its words, direction and fonts: card-writing.ts); absent on an English card.
 */
export type CardSpec = { file: string; card: CardContent; project?: ProjectContent; language?: string }

/** The language a set of cards is written in, and the folder of the site they go in. */
export interface CardLanguage {
  /** The BCP 47 tag as the content writes it. */
  tag: string
  /** The folder of the language's pages in the site (`ar` for `ar/og/index.png`); the site's root when absent. */
  folder?: string
}

/**
 * What the cards are drawn from: the checked content (a build draws them before its projects are
 * compiled), of which they show only plain-text fields that compiling leaves as they are.
 */
export interface CardSource {
  portfolio: {
    site: Pick<Portfolio['site'], 'url'>
    owner: Pick<Portfolio['owner'], 'name' | 'role'>
    hero: Pick<Portfolio['hero'], 'headline' | 'claims'>
    availability: Portfolio['availability']
  }
  /** A cover as written ({ src, alt }: the checked content's) is shown; one already resolved has no src, and is not. */
  projects: readonly (Pick<Project, 'id' | 'title' | 'description' | 'tech'> & { cover?: object })[]
  /** The posts that get a page (a build's: no draft), each drawn like a project: title, summary, tags, cover. */
  posts?: readonly { slug: string; title: string; summary: string; tags?: readonly string[]; cover?: object }[]
}

/** What the cards are drawn from: the checked content, with the posts a build publishes (no draft). */
export function cardSourceOf(content: CheckedContent): CardSource {
  return {
    ...content,
    posts: content.posts.flatMap(({ slug, post }) => (post.draft === true ? [] : [{ slug, ...post }])),
  }
}

function cardContent({ portfolio }: CardSource): CardContent {
  return {
    siteUrl: portfolio.site.url,
    owner: { name: portfolio.owner.name, role: portfolio.owner.role },
    headline: portfolio.hero.headline,
    availability: portfolio.availability.text || undefined,
    claims: portfolio.hero.claims.filter((c) => c.value && c.label).map(({ value, label }) => ({ value, label })),
  }
}

/**
 * One card per indexable page: the home page's (og/index.png), then one per project (og/<id>.png),
 * then one per post (og/writing/<slug>.png). `cover` finds a cover's source (by its src); without
 * it, cards show no cover.
 */
export function socialCardSpecs(
  content: CardSource,
  cover: (src: string) => CardCover | undefined = () => undefined,
  language?: CardLanguage,
): CardSpec[] {
  const card = cardContent(content)
  const folder = language?.folder ? `${language.folder}/` : ''
  // English cards keep the spec they had before languages, and so the keys they are recorded under.
  const written = language && language.tag !== 'en' ? { language: language.tag } : {}
  const specs: CardSpec[] = [{ file: `${folder}${socialImage.path().replace(/^\//, '')}`, card, ...written }]
  for (const { id, title, description, tech, cover: image } of content.projects) {
    const src = image && 'src' in image && typeof image.src === 'string' ? image.src : undefined
    const found = src ? cover(src) : undefined
    const project: ProjectContent = {
      id,
      title,
      description,
      tech: tech.filter(Boolean),
      ...(found ? { cover: found } : {}),
    }
    specs.push({ file: `${folder}og/${id}.png`, card, project, ...written })
  }
  for (const { slug, title, summary, tags, cover: image } of content.posts ?? []) {
    const src = image && 'src' in image && typeof image.src === 'string' ? image.src : undefined
    const found = src ? cover(src) : undefined
    // A post's card is a project's in look: its title, its summary, its tags where the technologies go.
    const post: ProjectContent = {
      id: slug,
      title,
      description: summary,
      tech: (tags ?? []).filter(Boolean),
      ...(found ? { cover: found } : {}),
    }
    specs.push({ file: `${folder}${socialImage.postPath(slug).replace(/^\//, '')}`, card, project: post, ...written })
  }
  return specs
}

/**
 * The cards of a language other than the default, from its merged content, into its folder
 * (`<tag>/og/index.png`, `<tag>/og/<id>.png`, `<tag>/og/writing/<slug>.png`), which its pages link to
 * since their paths are relative to the language's base. `posts`: the posts its site shows (the
 * default's, until posts are translated), drawn in the language's card.
 */
export function languageCardSpecs(
  content: Pick<LanguageContent, 'language' | 'portfolio' | 'projects'> & Partial<Pick<LanguageContent, 'posts'>>,
  cover: (src: string) => CardCover | undefined = () => undefined,
  posts: CardSource['posts'] = [],
): CardSpec[] {
  return socialCardSpecs(languageCardSource(content, posts), cover, { tag: content.language, folder: content.language })
}

/**
 * What a language's cards print: its portfolio and projects merged with its overlays, and the posts
 * that get a page (`posts`, the default language's) with the language's title and summary where it
 * translates them.
 */
export function languageCardSource(
  content: Pick<LanguageContent, 'portfolio' | 'projects'> & Partial<Pick<LanguageContent, 'posts'>>,
  posts: CardSource['posts'] = [],
): CardSource {
  const localized = new Map((content.posts ?? []).map((post) => [post.slug, post.data]))
  return {
    portfolio: content.portfolio.data,
    projects: content.projects.map((project) => project.data),
    posts: posts.map((post) => {
      const data = localized.get(post.slug)
      return data ? { ...post, title: data.title, summary: data.summary } : post
    }),
  }
}
