import { use } from 'react'
import type { ProjectCard } from './generated/types.ts'

/**
 * The project cards (the home page's list, one per project) are a chunk of their own: only the home
 * page shows them, so a case study's JavaScript does not grow with the number of projects. Loaded
 * before the home page's server render and hydration, and before client navigation to it.
 */
let cards: ProjectCard[] | undefined
let pending: Promise<ProjectCard[]> | undefined

export function loadProjectCards(): Promise<ProjectCard[]> {
  pending ??= import('./generated/cards.ts').then((module) => (cards = module.projectCards))
  return pending
}

/** The cards once loaded (the server render and the chat panel load them first), else none. */
export function loadedProjectCards(): ProjectCard[] {
  return cards ?? []
}

/** The cards, suspending while their chunk loads. */
export function useProjectCards(): ProjectCard[] {
  return cards ?? use(loadProjectCards())
}

/** Starts loading the cards early (hover or focus on a link to the home page). */
export function prefetchProjectCards(): void {
  loadProjectCards().catch(() => undefined)
}
