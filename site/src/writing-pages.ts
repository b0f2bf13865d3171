import { use } from 'react'

type WritingPages = typeof import('./pages/writing-pages.tsx')

let pages: WritingPages | undefined
let pending: Promise<WritingPages> | undefined

/**
 * The writing pages' code (pages/writing-pages.tsx, a chunk of its own), loaded once: before the
 * server render and the hydration of a writing route, and by a link to one before navigating. A
 * failed load is tried again next time.
 */
export function loadWritingPages(): Promise<WritingPages> {
  pending ??= import('./pages/writing-pages.tsx').then(
    (module) => (pages = module),
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}

/** The writing pages, suspending while their chunk loads (client navigation without a link's preload). */
export function useWritingPages(): WritingPages {
  return pages ?? use(loadWritingPages())
}
