import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP } from './browser.ts'
import { useBrowserAndFacts } from './content.ts'

const siteUrl = inject('siteUrl')
const baseSiteUrl = inject('baseSiteUrl')
const shared = useBrowserAndFacts()

async function open(path: string): Promise<Page> {
  const page = await (await shared.browser.newContext(DESKTOP)).newPage()
  await page.goto(siteUrl + path)
  return page
}
const sectionTop = (page: Page, id: string) =>
  page.evaluate((s) => document.getElementById(s)?.getBoundingClientRect().top ?? NaN, id)

/**
 * Every case study, loaded once in a tab of one context, for the tests that only read what a case
 * study shows (they click, scroll or type nothing): the same pages a fresh context per test loaded,
 * loaded side by side instead of three times one after the other.
 */
const caseStudies = new Map<string, Page>()
let caseStudyContext: BrowserContext | undefined
beforeAll(async () => {
  caseStudyContext = await shared.browser.newContext(DESKTOP)
  const context = caseStudyContext
  await Promise.all(
    shared.facts.projects.map(async (project) => {
      const page = await context.newPage()
      await page.goto(`${siteUrl}projects/${project.id}`)
      caseStudies.set(project.id, page)
    }),
  )
})
afterAll(() => caseStudyContext?.close())
const caseStudy = (id: string) => caseStudies.get(id)!

describe('project pages', () => {
  it('each has its title, live and source links in the header and again in the closing section', async () => {
    for (const project of shared.facts.projects) {
      const page = caseStudy(project.id)
      expect(await page.title()).toContain(project.title)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(project.title)
      const live = await page
        .getByRole('link', { name: /Live Demo/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      const source = await page
        .getByRole('link', { name: /Source Code/ })
        .evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      expect(live, project.id).toEqual([project.liveUrl, project.liveUrl])
      expect(source, project.id).toEqual([project.githubUrl, project.githubUrl])
      const cta = project.sections.at(-1)!
      expect(cta.kind).toBe('call-to-action')
      expect(
        await page
          .locator(`#${cta.id}`)
          .getByRole('link', { name: /Live Demo/ })
          .getAttribute('href'),
      ).toBe(project.liveUrl)
    }
  })

  it('each shows every case-study section in order with its anchor and heading', async () => {
    for (const project of shared.facts.projects) {
      const page = caseStudy(project.id)
      const ids = await page.locator('main section[id]').evaluateAll((els) => els.map((e) => e.id))
      expect(ids, project.id).toEqual(project.sections.map((s) => s.id))
      for (const section of project.sections) {
        expect(await page.locator(`#${section.id}`).getByRole('heading', { level: 2 }).textContent()).toBe(
          section.title,
        )
      }
      expect(await page.getByText('4111 1111 1111 1111').count(), `${project.id} test card`).toBeGreaterThan(0)
    }
  })

  it('renders endpoints as a table with every method and path, and diagrams as inline SVG', async () => {
    for (const project of shared.facts.projects) {
      const page = caseStudy(project.id)
      const api = project.sections.find((s) => s.kind === 'endpoints')!
      const rows = await page.locator(`#${api.id} table tbody tr:not(.endpoint-example)`).allTextContents()
      expect(rows, project.id).toHaveLength(api.endpoints!.length)
      api.endpoints!.forEach((endpoint, i) => {
        expect(rows[i]).toContain(endpoint.method)
        expect(rows[i]).toContain(endpoint.path)
      })
      expect(await page.locator('#architecture svg.diagram-svg').count(), project.id).toBeGreaterThan(0)
      expect(await page.locator('#database table').count(), project.id).toBeGreaterThan(0)
    }
  })

  it('highlights code at build time (the reverse-proxy excerpt) and has the payment integration section where the spec wants it', async () => {
    expect(
      await caseStudy('authstack')
        .locator(
          '#deployment pre code.language-nginx .hljs-attribute, #deployment pre code.language-nginx [class^="hljs-"]',
        )
        .count(),
    ).toBeGreaterThan(3)
    const payments = caseStudy('warehouse-booking').locator('#payment-integration')
    expect(await payments.getByRole('heading', { level: 2 }).textContent()).toBe('Payment Integration')
    const text = await payments.textContent()
    for (const fact of ['INR', 'paise', 'Invalid signature', 'Webhook validation failed']) expect(text).toContain(fact)
  })

  it('opens at the top when reached from a scrolled home page', async () => {
    const page = await open('')
    await page.locator('#projects').scrollIntoViewIfNeeded()
    await page
      .getByRole('link', { name: /^Details of / })
      .first()
      .click()
    await page.waitForURL(/\/projects\//)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await page.context().close()
  })

  it('back link goes to /#projects and lands on the projects section', async () => {
    const page = await open('projects/todoapppro')
    const back = page.getByRole('link', { name: /Back to projects/ })
    expect(await back.getAttribute('href')).toBe('/#projects')
    await back.click()
    await page.waitForURL(siteUrl + '#projects')
    await expect.poll(() => sectionTop(page, 'projects')).toBeLessThan(120)
    expect(await sectionTop(page, 'projects')).toBeGreaterThan(-20)
    await page.context().close()
  })

  it('lands on the architecture section for /projects/logic-i#architecture', async () => {
    const page = await open('projects/logic-i#architecture')
    await expect.poll(() => sectionTop(page, 'architecture')).toBeLessThan(120)
    expect(await sectionTop(page, 'architecture')).toBeGreaterThan(-20)
    await page.context().close()
  })

  it("a link in the prose to another case study's section stays inside the base, moves in the app and lands on that section", async () => {
    // The two sites in tabs side by side: each in a context of its own, so one cannot affect the other.
    await Promise.all(
      [siteUrl, baseSiteUrl].map(async (root) => {
        const page = await (await shared.browser.newContext(DESKTOP)).newPage()
        await page.goto(root + 'projects/warehouse-listing')
        const link = page.locator('#overview').getByRole('link', { name: 'Warehouse Booking schema' })
        const base = new URL(root).pathname
        expect(await link.getAttribute('href')).toBe(`${base}projects/warehouse-booking#database`)
        await page.evaluate(() => Object.assign(window, { stayedInApp: true }))
        await link.click()
        await page.waitForURL(root + 'projects/warehouse-booking#database')
        const heading = page.locator('#database-title')
        const inView = () =>
          heading.evaluate(
            (el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight,
          )
        await expect.poll(inView).toBe(true)
        expect(await page.evaluate(() => 'stayedInApp' in window), 'no full page load').toBe(true)
        await page.context().close()
      }),
    )
  })
})
