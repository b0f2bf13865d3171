import { pageBase } from './page-base.ts'
import { createContext, use, useContext } from 'react'
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

/** The cards one page knows: loaded once (a failed load is tried again next time), then read synchronously. */
export interface Cards {
  load(): Promise<ProjectCard[]>
  /** The cards once loaded, else undefined. */
  loaded(): ProjectCard[] | undefined
  /** Cards the page already carries (the prerendered home page inlines them). */
  provide(list: ProjectCard[]): void
  /** Forgets what was loaded, so the next load asks the source again. */
  forget(): void
}

export function projectCards(source: CardsSource): Cards {
  let cards: ProjectCard[] | undefined
  let pending: Promise<ProjectCard[]> | undefined
  return {
    load() {
      pending ??= source().then(
        (list) => (cards = list),
        (error: unknown) => {
          pending = undefined // a later navigation tries again
          throw error
        },
      )
      return pending
    },
    loaded: () => cards,
    provide(list) {
      cards = list
      pending = Promise.resolve(list)
    },
    forget: () => void (pending = undefined),
  }
}

const fetchCards: CardsSource = async () => {
  const response = await fetch(projectCardsData.url(pageBase()))
  if (!response.ok) throw new Error(`The project list could not be loaded (HTTP ${response.status}).`)
  return (await response.json()) as ProjectCard[]
}

/** The browser's cards, for the life of the page. */
const browserCards = projectCards(fetchCards)

/** The cards a render reads. A server render provides its own (the content it was given), so
 * renders running at the same time never share them. */
export const CardsContext = createContext<Cards>(browserCards)

export const provideProjectCards = (list: ProjectCard[]): void => browserCards.provide(list)

export const loadProjectCards = (): Promise<ProjectCard[]> => browserCards.load()

/** Bumped when the dev server's content changes the cards, so the list loads them afresh. */
const cardsVersion = contentVersion()

if (import.meta.hot) {
  import.meta.hot.on('portfolio:cards-changed', () => {
    browserCards.forget()
    browserCards.load().then(cardsVersion.bump, () => undefined)
  })
}

/** The cards, suspending while they load. */
export function useProjectCards(): ProjectCard[] {
  cardsVersion.useVersion()
  const cards = useContext(CardsContext)
  return cards.loaded() ?? use(cards.load())
}
