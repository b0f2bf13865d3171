import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { techPages, type Technology } from '../../site/src/technologies.ts'
import { DESKTOP, PHONE } from './browser.ts'
import { useBrowserAndFacts } from './content.ts'

/**
 * Find a project by technology (issue 48, part 3): the tech chips on / filter the list in place; each
 * technology two or more projects use has a prerendered page, /projects/tech/<slug>, that the chips
 * link to in the HTML, so all of it works with JavaScript off. Expectations come from the shipped
 * content through the same module the site uses (site/src/technologies.ts).
 */
const siteUrl = inject('siteUrl')
const baseSiteUrl = inject('baseSiteUrl')
const siteDir = inject('siteDir')
const shared = useBrowserAndFacts()

interface TechFacts {
  id: string
  title: string
  tech: string[]
}
const projects = () => shared.facts.projects as unknown as TechFacts[]
const pages = () => techPages(projects())
/** The example: MongoDB, which two of the shipped projects use. */
const mongo = (): Technology => pages().find((t) => t.name === 'MongoDB')!
const titlesOf = (tech: Technology) => projects().flatMap((p) => (tech.projectIds.includes(p.id) ? [p.title] : []))

/** The app sets this on <html> once it has hydrated and handled the first location. */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')

async function open(url: string, options = DESKTOP): Promise<Page> {
  const page = await (await shared.browser.newContext(options)).newPage()
  await page.goto(url)
  if (options.javaScriptEnabled !== false) await hydrated(page)
  return page
}

/** The titles of the project cards the list shows now, in order. */
const shownTitles = (page: Page) => page.locator('#projects article h3').allTextContents()
const status = (page: Page) => page.locator('#projects [role="status"]')

describe('the tech chips on /', () => {
  it('are plain links to /projects/tech/<slug> in the prerendered HTML for every technology with a page, and plain text otherwise', async () => {
    const html = await readFile(path.join(siteDir, 'index.html'), 'utf8')
    for (const tech of pages()) expect(html, tech.name).toContain(`href="/projects/tech/${tech.slug}"`)
    const linked = new Set([...html.matchAll(/href="\/projects\/tech\/([^"]+)"/g)].map((m) => m[1]))
    expect([...linked].sort()).toEqual(
      pages()
        .map((t) => t.slug)
        .sort(),
    )
    // A technology of one project stays a plain tag: a filter with one result adds nothing to its card.
    const single = projects()
      .flatMap((p) => p.tech)
      .find((name) => projects().filter((p) => p.tech.includes(name)).length === 1)!
    expect(html).toContain(`<li class="tag">${single}</li>`)
  })

  it('narrow the list in place when one on a card is chosen, say how many match in a polite live region, and keep focus on the chip', async () => {
    const page = await open(siteUrl)
    const live = status(page)
    expect(await live.getAttribute('aria-live')).toBe('polite')
    const chip = page.locator('#projects').getByRole('link', { name: 'MongoDB', exact: true }).first()
    await chip.click()
    await expect.poll(() => live.textContent()).toBe(`${mongo().projectIds.length} projects use MongoDB.`)
    expect(new URL(page.url()).pathname).toBe('/') // in place: no navigation
    // The address names the filter, so the narrowed list can be shared or reloaded.
    expect(new URL(page.url()).searchParams.get('tech')).toBe(mongo().slug)
    expect(await shownTitles(page)).toEqual(titlesOf(mongo()))
    expect(await chip.evaluate((el) => el === document.activeElement)).toBe(true)
    // Every chip of the chosen technology says so; the filter links to the technology's page.
    const chosen = page.locator('#projects a[aria-current="true"]')
    expect(new Set(await chosen.allTextContents())).toEqual(new Set(['MongoDB']))
    const pageLink = page.getByRole('link', { name: 'Page for MongoDB' })
    expect(await pageLink.getAttribute('href')).toBe(`/projects/tech/${mongo().slug}`)

    await page.getByRole('button', { name: 'Show all projects' }).click()
    expect(await shownTitles(page)).toHaveLength(projects().length)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('projects') // not lost with the button
    expect(await page.locator('#projects a[aria-current]').count()).toBe(0)
    expect(new URL(page.url()).search).toBe('')
    await page.context().close()
  })

  it('narrow the list to the technology the address names, once the page is live, without a hydration error', async () => {
    const page = await open(`${siteUrl}?tech=${mongo().slug}`)
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.reload()
    await expect.poll(() => status(page).textContent()).toBe(`${mongo().projectIds.length} projects use MongoDB.`)
    expect(await shownTitles(page)).toEqual(titlesOf(mongo()))
    expect(errors).toEqual([])
    // A name that is no technology's page leaves the list whole.
    await page.goto(`${siteUrl}?tech=no-such-technology`)
    await page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')
    expect(await shownTitles(page)).toHaveLength(projects().length)
    await page.context().close()
  })

  it('bring the narrowed list into view and move focus to it when chosen in the tech stack section', async () => {
    const page = await open(siteUrl, { ...PHONE, reducedMotion: 'reduce' })
    const mysql = pages().find((t) => t.name === 'MySQL')!
    const stack = page.getByRole('region', { name: 'Tech Stack' })
    await stack.getByRole('link', { name: 'MySQL', exact: true }).click()
    await expect.poll(() => status(page).textContent()).toBe(`${mysql.projectIds.length} projects use MySQL.`)
    expect(await shownTitles(page)).toEqual(titlesOf(mysql))
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('projects')
    const top = await page.evaluate(() => document.getElementById('projects')!.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(120)
    await page.context().close()
  })

  it('open the technology page in a new tab on a modified click, as any link does', async () => {
    const page = await open(siteUrl)
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .locator('#projects')
        .getByRole('link', { name: 'MongoDB', exact: true })
        .first()
        .click({ modifiers: ['Control'] }),
    ])
    await opened.waitForURL(/\/projects\/tech\//)
    expect(new URL(opened.url()).pathname).toBe(`/projects/tech/${mongo().slug}`)
    expect(await shownTitles(page)).toHaveLength(projects().length) // this tab kept the whole list
    await page.context().close()
  })

  it('go to the technology page with JavaScript off', async () => {
    const page = await open(siteUrl, { ...DESKTOP, javaScriptEnabled: false })
    await page.locator('#projects').getByRole('link', { name: 'MongoDB', exact: true }).first().click()
    await page.waitForURL(`**/projects/tech/${mongo().slug}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('MongoDB')
    await page.context().close()
  })
})

describe('a tech page', () => {
  it('works with JavaScript off: the heading, how many projects match, their cards, and links to the other technologies', async () => {
    const tech = mongo()
    const page = await open(`${siteUrl}projects/tech/${tech.slug}`, { ...DESKTOP, javaScriptEnabled: false })
    expect(await page.title()).toMatch(/^Projects using MongoDB \| /)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('MongoDB')
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(
      `${tech.projectIds.length} projects use MongoDB`,
    )
    expect(await page.locator('main article h3').allTextContents()).toEqual(titlesOf(tech))
    const others = await page
      .locator('.tech-page > .container > .tags a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(others).toEqual(pages().flatMap((t) => (t.slug === tech.slug ? [] : [`/projects/tech/${t.slug}`])))
    expect(await page.getByRole('link', { name: 'All projects' }).getAttribute('href')).toBe('/#projects')
    await page.context().close()
  })

  it('is reached from the filter in the app, and its chips move between technology pages in the app', async () => {
    const page = await open(siteUrl)
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true)) // gone on a full load
    await page.locator('#projects').getByRole('link', { name: 'MongoDB', exact: true }).first().click()
    await page.getByRole('link', { name: 'Page for MongoDB' }).click()
    await page.waitForURL(`**/projects/tech/${mongo().slug}`)
    await expect.poll(() => page.title()).toMatch(/^Projects using MongoDB \| /)
    const react = pages().find((t) => t.name === 'React')!
    await page.locator('main article').first().getByRole('link', { name: 'React', exact: true }).click()
    await page.waitForURL(`**/projects/tech/${react.slug}`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('React')
    expect(await page.locator('main article h3').allTextContents()).toEqual(titlesOf(react))
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true)
    await page.context().close()
  })

  it('is the not-found page (status 404) for a technology without a page', async () => {
    const response = await fetch(`${siteUrl}projects/tech/no-such-technology`)
    expect(response.status).toBe(404)
    const page = await open(`${siteUrl}projects/tech/no-such-technology`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found')
    await page.context().close()
  })

  it('keeps the base path of a --base build in its links and is served there', async () => {
    const tech = mongo()
    const html = await (await fetch(`${baseSiteUrl}projects/tech/${tech.slug}`)).text()
    expect(html).toContain('<h1 id="tech-title">MongoDB</h1>')
    expect(html).toContain(`href="/my-portfolio/projects/tech/${pages()[0]!.slug}"`)
    const home = await (await fetch(baseSiteUrl)).text()
    expect(home).toContain(`href="/my-portfolio/projects/tech/${tech.slug}"`)
  })
})
