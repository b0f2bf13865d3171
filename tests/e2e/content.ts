import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchBrowser } from './browser.ts'
import { checkContent } from '../../cli/content/check-content.ts'

export interface ProjectFacts {
  id: string
  title: string
  liveUrl: string
  githubUrl?: string
  featured: boolean
  sections: { id: string; title: string; kind: string; endpoints?: { method: string; path: string }[] }[]
}

/** Expectations come from the shipped content itself, so the tests follow the YAML, not a copy of it. */
export async function loadFacts() {
  const result = await checkContent(path.resolve(import.meta.dirname, '../..'))
  if (!result.content) throw new Error('shipped content does not validate')
  const portfolio = result.content.portfolio as {
    chat: { greeting: string; quickQuestions: { question: string; answer: string }[] }
    resume: { file?: string }
    links: { github: string; linkedin: string }
    availability: { text: string }
  }
  return { portfolio, projects: result.content.projects as unknown as ProjectFacts[] }
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
