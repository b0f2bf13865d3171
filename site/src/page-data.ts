import type { PostSummary, ProjectCard, RenderedPost, RenderedProject, SitePortfolio } from './generated/types.ts'
import { PAGE_DATA_ID } from './paths.ts'

/**
 * What a prerendered page carries for hydration, as JSON in its head (never executed): the home
 * page its project cards and newest posts, a case study its data with the markup left out (see
 * deferred-markup.ts) and the posts about it, /writing the posts index, a post its data with the
 * markup left out and its related projects' cards.
 */
export interface PageData {
  cards?: ProjectCard[]
  project?: RenderedProject
  /** The whole posts index (/writing). */
  posts?: PostSummary[]
  /** The newest posts (the home page). */
  latestPosts?: PostSummary[]
  /** The posts about the case study's project. */
  projectPosts?: PostSummary[]
  post?: RenderedPost
  /** The cards of the post's related projects. */
  relatedProjects?: ProjectCard[]
  /** A page in a language other than the default: the portfolio in that language (the default's is in the app). */
  portfolio?: SitePortfolio
  /** A page in another language: the portfolio's fields shown in another language, by JSON pointer. */
  shownIn?: Record<string, string>
  /** A page in another language whose main content is not translated (its canonical is its source page). */
  untranslated?: boolean
}

/** The page's data block, or an empty object when it has none or it does not parse. */
export function readPageData(): PageData {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return {}
  try {
    const data: unknown = JSON.parse(text)
    return typeof data === 'object' && data !== null ? (data as PageData) : {}
  } catch {
    return {}
  }
}
