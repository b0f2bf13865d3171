import type { ProjectCard, RenderedProject } from './generated/types.ts'
import { PAGE_DATA_ID } from './paths.ts'

/**
 * What a prerendered page carries for hydration, as JSON in its head (never executed): the home
 * page its project cards, a case study its data with the markup left out (see deferred-markup.ts).
 */
export interface PageData {
  cards?: ProjectCard[]
  project?: RenderedProject
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
