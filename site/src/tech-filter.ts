import { createContext, useContext } from 'react'
import type { Technology } from './technologies.ts'

/**
 * What turns tech chips into filters: the technologies that have a page, by slug, the one chosen,
 * and, on /, how to choose one in place. Without it (a case study) chips stay plain text.
 */
export interface TechFilter {
  pages: ReadonlyMap<string, Technology>
  /** The slug of the technology the list shows, if any. */
  active?: string | undefined
  /**
   * On /: narrows the list in place (undefined shows every project) instead of following the chip's
   * link to the tech page; `chip` is what was clicked, to know where focus should go.
   */
  choose?: (slug: string | undefined, chip?: HTMLElement) => void
}

export const TechFilterContext = createContext<TechFilter | null>(null)

export const useTechFilter = (): TechFilter | null => useContext(TechFilterContext)

/** The technologies that have a page, by slug. */
export const pagesBySlug = (list: readonly Technology[]): ReadonlyMap<string, Technology> =>
  new Map(list.map((t) => [t.slug, t]))
