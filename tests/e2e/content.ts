import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchBrowser } from './browser.ts'
import type { ShippedContent } from './global-setup.ts'

export interface ProjectFacts {
  id: string
  title: string
  liveUrl: string
  githubUrl?: string
  featured: boolean
  sections: { id: string; title: string; kind: string; endpoints?: { method: string; path: string }[] }[]
}

/**
 * The shipped content as checkContent gives it, each project whole: checked once, by the global
 * setup, and handed to every file that reads it, so no file loads the checker and parses the content again.
 */
export async function shippedContent(): Promise<ShippedContent> {
  return inject('shippedContent')
}

/** Expectations come from the shipped content itself, so the tests follow the YAML, not a copy of it. */
export async function loadFacts() {
  const content = await shippedContent()
  const portfolio = content.portfolio as {
    chat: { greeting: string; quickQuestions: { question: string; answer: string }[] }
    resume: { file?: string }
    links: { github: string; linkedin: string }
    availability: { text: string }
  }
  return { portfolio, projects: content.projects as unknown as ProjectFacts[] }
}

/** The setup every e2e file shares: one browser for the file, and the facts of the shipped content. */
export function useBrowserAndFacts(): { browser: Browser; facts: Awaited<ReturnType<typeof loadFacts>> } {
  const state = {} as { browser: Browser; facts: Awaited<ReturnType<typeof loadFacts>> }
  beforeAll(async () => {
    state.browser = await launchBrowser()
    state.facts = await loadFacts()
  })
  afterAll(() => state.browser?.close())
  return state
}
