import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE } from './browser.ts'
import { useBrowserAndFacts } from './content.ts'

/** The career on /, from the shipped content: experience in About, readable on a phone. */
const siteUrl = inject('siteUrl')
const siteDir = inject('siteDir')
const shared = useBrowserAndFacts()

interface Experience {
  role: string
  organisation?: string
  duration?: string
  start?: string
  highlights?: string[]
}
const experience = () => (shared.facts.portfolio as unknown as { experience: Experience[] }).experience

describe('the career in the About section', () => {
  it('lists every experience entry with its role, period and highlights, and no list the content lacks', async () => {
    const page = await (await shared.browser.newContext(DESKTOP)).newPage()
    await page.goto(siteUrl)
    const about = page.locator('#about')
    expect(await about.getByRole('heading', { level: 3, name: 'Experience' }).count()).toBe(1)
    const entries = about.getByRole('list', { name: 'Experience' }).locator(':scope > li')
    expect(await entries.count()).toBe(experience().length)
    for (const [i, entry] of experience().entries()) {
      const shown = entries.nth(i)
      expect(await shown.getByRole('heading', { level: 4 }).textContent()).toBe(entry.role)
      if (entry.duration) expect(await shown.locator('.timeline__period').textContent()).toBe(entry.duration)
      for (const highlight of entry.highlights ?? []) expect(await shown.textContent()).toContain(highlight)
    }
    for (const absent of ['Education', 'Certifications', 'Publications', 'Talks'])
      expect(await page.getByRole('heading', { name: absent }).count(), absent).toBe(0)
    await page.context().close()
  })

  it('reads on a phone: one column inside the screen, text no smaller than the body text', async () => {
    const page = await (await shared.browser.newContext(PHONE)).newPage()
    await page.goto(siteUrl)
    const layout = await page.evaluate(() => {
      const entries = [...document.querySelectorAll<HTMLElement>('.timeline__entry')]
      return {
        pageWidth: document.documentElement.scrollWidth,
        inside: entries.every(
          (e) => e.getBoundingClientRect().left >= 0 && e.getBoundingClientRect().right <= innerWidth,
        ),
        stacked: entries.every(
          (e, i) => i === 0 || e.getBoundingClientRect().top > entries[i - 1]!.getBoundingClientRect().bottom,
        ),
        smallest: Math.min(
          ...[...document.querySelectorAll<HTMLElement>('.timeline__highlights li, .timeline__summary')].map((e) =>
            parseFloat(getComputedStyle(e).fontSize),
          ),
        ),
      }
    })
    expect(layout).toEqual({ pageWidth: 360, inside: true, stacked: true, smallest: 16 })
    await page.context().close()
  })

  it('adds no worksFor, alumniOf or hasCredential to the Person: the shipped content names no employer, school or credential', () => {
    const html = readFileSync(join(siteDir, 'index.html'), 'utf8')
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1]
    const person = JSON.parse(json ?? '{}') as Record<string, unknown>
    expect(person['@type']).toBe('Person')
    expect(Object.keys(person)).not.toContain('worksFor')
    expect(Object.keys(person)).not.toContain('alumniOf')
    expect(Object.keys(person)).not.toContain('hasCredential')
  })
})
