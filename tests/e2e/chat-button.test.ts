import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser } from './browser.ts'
import { inTabs } from '../../scripts/audit/in-tabs.ts'

/**
 * The floating chat button is fixed at the bottom right of the screen (the same place on every
 * page). On the first screen of every page, and scrolled to the end of it, it must not lie over
 * anything a visitor taps (a link, a button, a field) or reads as a fact (a hero chip), on the common
 * phone, tablet and desktop viewports (issue 48, section 2). The button rests where the CSS puts it
 * and steps up while a control is under it (use-step-aside.ts); the footer's padding keeps the end
 * of every page clear.
 */
const siteUrl = inject('siteUrl')
const siteDir = inject('siteDir')

/**
 * Every page the build prerendered, read from its sitemap (a page added later is covered without
 * touching this test), and the not-found page, which is not in the sitemap.
 */
const ROUTES = [
  ...[...readFileSync(path.join(siteDir, 'sitemap.xml'), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname,
  ),
  '/no-such-page',
]

const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const

/** What the button must leave uncovered: controls, and the hero's chips. */
const TARGETS = 'a[href], button, [role="button"], input, select, textarea, summary, .hero__experience li'

/**
 * How long the button may take to step aside once the page rests: the hook waits 120 ms after the
 * last scroll or resize, then moves in 0.2 s. A passing check returns as soon as nothing is covered;
 * only a failing one waits this long, on a busy machine too.
 */
const SETTLE_TIMEOUT_MS = 3000

/** Every visible target the chat button's box overlaps, described for the failure message. */
function coveredTargets(selector: string): string[] {
  const toggle = document.querySelector('.chat__toggle')
  if (!toggle) return ['no chat button on the page']
  const b = toggle.getBoundingClientRect()
  const covered: string[] = []
  for (const element of document.querySelectorAll(selector)) {
    if (element.closest('.chat')) continue
    const r = element.getBoundingClientRect()
    if (r.width === 0 || r.height === 0 || getComputedStyle(element).visibility === 'hidden') continue
    if (r.bottom <= 0 || r.top >= window.innerHeight) continue
    if (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom) {
      const text = (element.textContent || element.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ')
      covered.push(
        `<${element.tagName.toLowerCase()}> "${text.slice(0, 40)}" at ${[r.left, r.top, r.right, r.bottom].map(Math.round).join(',')} under the button at ${[b.left, b.top, b.right, b.bottom].map(Math.round).join(',')}`,
      )
    }
  }
  return covered
}

/**
 * What the button covers once it has had the time to step aside: nothing, as soon as that is so,
 * else what it still covers after SETTLE_TIMEOUT_MS. The button and where it must stay are checked too.
 */
async function coveredOnceSettled(page: Page): Promise<string[]> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS
  let covered = await page.evaluate(coveredTargets, TARGETS)
  while (covered.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(50)
    covered = await page.evaluate(coveredTargets, TARGETS)
  }
  // Stepping aside keeps it whole on the screen, below the fixed header.
  const inView = await page.evaluate(() => {
    const b = document.querySelector('.chat__toggle')?.getBoundingClientRect()
    const header = document.querySelector('.site-header')?.getBoundingClientRect()
    return !!b && !!header && b.top >= header.bottom && b.bottom <= window.innerHeight && b.right <= window.innerWidth
  })
  return inView ? covered : [...covered, 'the button is not whole on the screen below the header']
}

/** What the button covers on one route, at its first screen and at its end, on a page of the viewport's width. */
async function routeProblems(page: Page, route: string, viewportWidth: number): Promise<string[]> {
  const problems: string[] = []
  await page.goto(siteUrl + route.slice(1))
  // The app sets this once it has hydrated and handled the first location: the button's
  // handlers, and the step aside, are live.
  await page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')
  // The page keeps its width: a row pushed wider would move the button off the screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  if (width !== viewportWidth) problems.push(`${route}: the page is ${width} px wide`)
  for (const covered of await coveredOnceSettled(page)) problems.push(`${route}, first screen: ${covered}`)

  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
  await page.waitForFunction(
    () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
  )
  // The footer's links are what the end of the page shows; they are there to be covered or not.
  expect(await page.locator('.site-footer a[href]').count()).toBeGreaterThan(0)
  for (const covered of await coveredOnceSettled(page)) problems.push(`${route}, end of page: ${covered}`)
  return problems
}

/** Pages of one viewport visiting the routes side by side. */
const TABS = 3

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('the floating chat button', () => {
  it('is checked on / and every case study', () => {
    expect(ROUTES[0]).toBe('/')
    expect(ROUTES.filter((r) => r.startsWith('/projects/')).length).toBeGreaterThan(0)
  })

  // Per viewport, three pages visiting the routes side by side, each navigating from one route to the
  // next: a fresh page per route costs far more, and a visit mostly waits (loading, the step aside).
  describe.each(VIEWPORTS)('at $width x $height', (viewport) => {
    it('covers no link, button, field or hero chip on the first screen or at the end of any page', async () => {
      const phone = viewport.width < 768
      const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone })
      const pages = await Promise.all(Array.from({ length: TABS }, () => context.newPage()))
      let problems: string[]
      try {
        problems = (
          await inTabs(ROUTES, TABS, (route, tab) => routeProblems(pages[tab]!, route, viewport.width))
        ).flat()
      } finally {
        await context.close()
      }
      expect(problems).toEqual([])
    })
  })

  it('is not shown before the app has placed it, so it never lies over the demo login on a phone', async () => {
    const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
    const flagship = ROUTES.find((route) => route.startsWith('/projects/'))!
    // Without JavaScript it cannot open, and nothing would move it off a control: it is not there.
    const still = await browser.newContext({ ...phone, javaScriptEnabled: false })
    try {
      const page = await still.newPage()
      await page.goto(siteUrl + flagship.slice(1))
      expect(await page.locator('.chat__toggle').isVisible()).toBe(false)
    } finally {
      await still.close()
    }
    // With it, the button appears where it rests or clear of what is under it, never in between.
    const live = await browser.newContext(phone)
    try {
      const page = await live.newPage()
      await page.goto(siteUrl + flagship.slice(1))
      await page.locator('.chat__toggle').waitFor({ state: 'visible' })
      expect(await page.evaluate(coveredTargets, TARGETS)).toEqual([])
    } finally {
      await live.close()
    }
  })
})
