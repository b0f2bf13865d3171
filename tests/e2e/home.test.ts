import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { techPages } from '../../site/src/technologies.ts'
import { DESKTOP, PHONE, watchConsole } from './browser.ts'
import { inTabs } from '../../scripts/audit/in-tabs.ts'
import { useBrowserAndFacts } from './content.ts'

const siteUrl = inject('siteUrl')
const shared = useBrowserAndFacts()

async function open(path = '', options = DESKTOP): Promise<Page> {
  const context = await shared.browser.newContext(options)
  const page = await context.newPage()
  await page.goto(siteUrl + path)
  return page
}

const siteDir = inject('siteDir')
/** The technology page of the most used technology: the one with the most cards. */
const firstTechSlug = () => techPages(shared.facts.projects as unknown as { id: string; tech: string[] }[])[0]!.slug
/** The resume every link must serve: the one the build made from the content (dist/resume.pdf), unless resume.file names a hand-made one. */
const resumeHref = () => shared.facts.portfolio.resume.file ?? '/resume.pdf'

/** Clicks a resume link and returns the bytes the browser downloaded. */
async function download(page: Page, link: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()])
  return readFileSync(await file.path())
}

/**
 * The home page, loaded once for the tests that only read what it shows (they click, scroll or type
 * nothing); closed with the browser.
 */
let readOnlyHome: Promise<Page> | undefined
const homeToRead = () => {
  readOnlyHome ??= open()
  return readOnlyHome
}

const sectionTop = (page: Page, id: string) =>
  page.evaluate((s) => document.getElementById(s)?.getBoundingClientRect().top ?? NaN, id)

describe('home page', () => {
  it('shows the five sections in order: hero, about, projects, tech stack (no id), contact', async () => {
    const page = await homeToRead()
    const sections = await page.locator('main > section, main > * > section').evaluateAll((els) => els.map((e) => e.id))
    expect(sections).toEqual(['hero', 'about', 'projects', '', 'contact'])
    await expect.poll(() => page.getByRole('heading', { level: 2 }).allTextContents()).toContain('Tech Stack')
  })

  it('has the availability banner and hero links to #projects and the resume PDF', async () => {
    const page = await open()
    await expect.poll(() => page.getByText(shared.facts.portfolio.availability.text).count()).toBeGreaterThan(0)
    expect(await page.getByRole('link', { name: 'View Projects' }).getAttribute('href')).toBe('#projects')
    const resume = page.locator('#hero').getByRole('link', { name: /Download Resume/ })
    expect(await resume.getAttribute('href')).toBe(resumeHref())
    const pdf = await download(page, resume)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    // The resume the build typeset from this content, not a stale or hand-made file.
    expect(pdf.equals(readFileSync(join(siteDir, 'resume.pdf')))).toBe(true)
    expect(pdf.toString('latin1')).toContain('Typst')
    await page.context().close()
  })

  it('shows the flagship card with View Details, Visit Live Site, its tech stack and metrics', async () => {
    const page = await homeToRead()
    const flagship = shared.facts.projects.find((p) => p.featured)!
    const details = page.getByRole('link', { name: 'View Details' })
    expect(await details.getAttribute('href')).toBe(`/projects/${flagship.id}`)
    const live = page.getByRole('link', { name: /Visit Live Site/ })
    expect(await live.getAttribute('href')).toBe(flagship.liveUrl)
    expect(await live.getAttribute('rel')).toBe('noopener noreferrer')
    expect(
      await page
        .getByRole('list', { name: 'Performance metrics' })
        .or(page.getByLabel('Performance metrics'))
        .first()
        .textContent(),
    ).toContain('99.9%')
    expect(await page.getByLabel(`${flagship.title} tech stack`).textContent()).toContain('React')
  })

  it('shows the five other projects as cards with Details, Live and GitHub buttons', async () => {
    const page = await homeToRead()
    const others = shared.facts.projects.filter((p) => !p.featured)
    expect(others).toHaveLength(5)
    const detailHrefs = await page
      .getByRole('link', { name: /^Details of / })
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(detailHrefs).toEqual(others.map((p) => `/projects/${p.id}`))
    const liveHrefs = await page
      .getByRole('link', { name: /^Live\b/ })
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(liveHrefs).toEqual(others.map((p) => p.liveUrl))
    const githubHrefs = await page
      .locator('#projects')
      .getByRole('link', { name: /^GitHub\b/ })
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(githubHrefs).toEqual(others.filter((p) => p.githubUrl).map((p) => p.githubUrl))
  })

  it('has a footer with the resume and two profile links on every page', async () => {
    for (const path of ['', `projects/${shared.facts.projects[1]!.id}`]) {
      const page = await open(path)
      const footer = page.locator('footer')
      const hrefs = await footer.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      expect(hrefs).toEqual(
        expect.arrayContaining([
          resumeHref(),
          shared.facts.portfolio.links.github,
          shared.facts.portfolio.links.linkedin,
        ]),
      )
      const pdf = await download(page, footer.getByRole('link', { name: /Resume/ }))
      expect(pdf.equals(readFileSync(join(siteDir, 'resume.pdf')))).toBe(true)
      await page.context().close()
    }
  })

  it('scrolls smoothly at once to a section when a nav item is chosen on /', async () => {
    const page = await open()
    await page.evaluate(() => document.fonts.ready)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click()
    const early = await page.evaluate(() => window.scrollY)
    // Contact is the last section: it is reached when it is at the top or the page cannot scroll further.
    const settled = () =>
      page.evaluate(
        () =>
          document.getElementById('contact')!.getBoundingClientRect().top < 120 ||
          Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
      )
    await expect.poll(settled).toBe(true)
    const final = await page.evaluate(() => window.scrollY)
    expect(early).toBeLessThan(final) // it moved over time: smooth, not a jump
    expect(new URL(page.url()).pathname).toBe('/')
    await page.context().close()
  })

  it('from a project page, goes to / and scrolls to the section after about 100 ms', async () => {
    const context = await shared.browser.newContext(DESKTOP)
    // The page's clock, paused once it has loaded: the 100 ms wait passes when the test says so, not with machine load.
    await context.clock.install()
    const page = await context.newPage()
    await page.goto(`${siteUrl}projects/${shared.facts.projects[2]!.id}`)
    await context.clock.pauseAt(Date.now() + 60_000)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About' }).click()
    await page.waitForURL(siteUrl)
    await expect.poll(() => page.locator('#about').count()).toBe(1)
    await context.clock.runFor(90)
    await page.waitForTimeout(500) // real time, for a scroll started too early to show
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50) // not yet: the home page renders first
    await context.clock.runFor(20)
    await context.clock.resume()
    await expect.poll(() => sectionTop(page, 'about')).toBeLessThan(120)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200)
    await page.context().close()
  })

  it('opens and closes the mobile menu, and closes it after a choice, at phone width', async () => {
    const page = await open('', PHONE)
    const menu = page.getByRole('button', { name: 'Menu' })
    await expect.poll(() => menu.isVisible()).toBe(true)
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => page.getByRole('button', { name: 'Projects' }).isVisible()).toBe(false)
    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await expect.poll(() => page.getByRole('button', { name: 'Projects' }).isVisible()).toBe(true)
    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await menu.click()
    await page.getByRole('button', { name: 'Projects' }).click()
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => sectionTop(page, 'projects')).toBeLessThan(120)
    await page.context().close()
  })

  it('has no horizontal scroll at 360, 768 and 1440 px', async () => {
    const visits = [360, 768, 1440].flatMap((width) =>
      ['', `projects/${shared.facts.projects[0]!.id}`, `projects/tech/${firstTechSlug()}`].map((path) => ({
        width,
        path,
      })),
    )
    // Three pages side by side, each loading its share of the visits at the visit's width: a page
    // navigated from one visit to the next costs much less than a fresh context for each.
    const pages = await Promise.all(Array.from({ length: 3 }, () => shared.browser.newPage()))
    const overflows = await inTabs(visits, pages.length, async ({ width, path }, tab) => {
      const page = pages[tab]!
      await page.setViewportSize({ width, height: 800 })
      await page.goto(siteUrl + path)
      return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    })
    await Promise.all(pages.map((page) => page.context().close()))
    visits.forEach(({ width, path }, i) => {
      expect(overflows[i], `${path || '/'} at ${width}px`).toBe(0)
    })
  })
})

describe('theme', () => {
  it('follows the system preference before any script of the app runs (no flash)', async () => {
    // Both preferences side by side, each in a context of its own.
    await Promise.all(
      (['dark', 'light'] as const).map(async (colorScheme) => {
        const context = await shared.browser.newContext({ ...DESKTOP, colorScheme })
        const page = await context.newPage()
        await page.goto(siteUrl + `projects/${shared.facts.projects[0]!.id}`, { waitUntil: 'domcontentloaded' })
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme)
        await context.close()
      }),
    )
  })

  it('toggles, exposes aria-pressed, and remembers the choice across a reload', async () => {
    const context = await shared.browser.newContext({ ...DESKTOP, colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto(siteUrl)
    const toggle = page.getByRole('button', { name: 'Dark mode' })
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await page.reload()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    await expect.poll(() => page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true')
    await context.close()
  })
})

describe('every route', () => {
  it('loads without console errors, warnings or hydration mismatches', async () => {
    const paths = [
      '',
      ...shared.facts.projects.map((p) => `projects/${p.id}`),
      `projects/tech/${firstTechSlug()}`,
      'does-not-exist',
    ]
    // A fresh context per route, as a first visit; a few side by side, since each mostly waits.
    const found = await inTabs(paths, 3, async (path) => {
      const context = await shared.browser.newContext(DESKTOP)
      const page = await context.newPage()
      const problems = watchConsole(page)
      await page.goto(siteUrl + path, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: /Open chat/ }).click() // proves hydration: the handler is live
      await expect.poll(() => page.getByRole('dialog').count()).toBe(1)
      await context.close()
      return problems
    })
    paths.forEach((path, i) => {
      expect(
        found[i]!.filter((p) => !(path === 'does-not-exist' && p.includes('404'))),
        `/${path}`,
      ).toEqual([])
    })
  })
})
