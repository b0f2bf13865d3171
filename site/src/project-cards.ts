import { use } from 'react'
import { contentVersion } from './content-version.ts'
import type { ProjectCard } from './generated/types.ts'
import { projectCardsData } from './paths.ts'

/**
 * The project cards (the home page's list, one per project) are data, not code: the build writes
 * them to data/cards.json and the home page carries them in its HTML, so no JavaScript grows with
 * the number of projects and the site's bundle does not change when a project does. Loaded before
 * the home page's server render and hydration, and before client navigation to it.
 */

/** Where the cards come from: the built site's JSON in the browser, the content in a server render. */
export type CardsSource = () => Promise<ProjectCard[]>

const fetchCards: CardsSource = async () => {
  const response = await fetch(projectCardsData.url(import.meta.env.BASE_URL))
  if (!response.ok) throw new Error(`The project list could not be loaded (HTTP ${response.status}).`)
  return (await response.json()) as ProjectCard[]
}

let source: CardsSource = fetchCards
let cards: ProjectCard[] | undefined
let pending: Promise<ProjectCard[]> | undefined

/** The server render (build and dev server) reads the cards from the content it was given. */
export function setCardsSource(next: CardsSource): void {
  source = next
  cards = undefined
  pending = undefined
}

/** Cards the page already carries (the prerendered home page inlines them). */
export function provideProjectCards(list: ProjectCard[]): void {
  cards = list
  pending = Promise.resolve(list)
}

export function loadProjectCards(): Promise<ProjectCard[]> {
  pending ??= source().then(
    (list) => (cards = list),
    (error: unknown) => {
      pending = undefined // a later navigation tries again
      throw error
    },
  )
  return pending
}

/** The cards once loaded (the server render and the chat panel load them first), else none. */
export function loadedProjectCards(): ProjectCard[] {
  return cards ?? []
}

/** Bumped when the dev server's content changes the cards, so the list loads them afresh. */
const cardsVersion = contentVersion()

if (import.meta.hot) {
  import.meta.hot.on('portfolio:cards-changed', () => {
    pending = undefined
    loadProjectCards().then(cardsVersion.bump, () => undefined)
  })
}

/** The cards, suspending while they load. */
export function useProjectCards(): ProjectCard[] {
  cardsVersion.useVersion()
  return cards ?? use(loadProjectCards())
}

/** Starts loading the cards early (hover or focus on a link to the home page). */
export function prefetchProjectCards(): void {
  loadProjectCards().catch(() => undefined)
}
