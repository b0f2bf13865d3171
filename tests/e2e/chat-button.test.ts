import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { useBrowserAndFacts } from './content.ts'

/**
 * The floating chat button is fixed at the bottom right of the screen: on the first screen of /
 * and scrolled to the end of it, it must not lie over anything a visitor reads as a control or a
 * fact to tap (a link, a button, a hero chip), on the common phone, tablet and desktop viewports.
 */
const siteUrl = inject('siteUrl')
const shared = useBrowserAndFacts()

const VIEWPORTS = [
  { width: 320, height: 568 },
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const

/** What the button must leave uncovered: controls, and the hero's chips. */
const TARGETS = 'a[href], button, [role="button"], input, select, textarea, .hero__experience li'

/** Every visible target the chat button's box overlaps, described for the failure message. */
function coveredTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const toggle = document.querySelector('.chat__toggle')
    if (!toggle) return ['no chat button on the page']
    const b = toggle.getBoundingClientRect()
    const covered: string[] = []
    for (const element of document.querySelectorAll(selector)) {
      if (element.closest('.chat')) continue
      const r = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue
      if (r.bottom <= 0 || r.top >= window.innerHeight) continue
      if (r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom) {
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
        covered.push(
          `<${element.tagName.toLowerCase()}> "${text}" at ${[r.left, r.top, r.right, r.bottom].map(Math.round).join(',')}`,
        )
      }
    }
    return covered
  }, TARGETS)
}

describe('the floating chat button', () => {
  describe.each(VIEWPORTS)('at $width x $height', (viewport) => {
    it('covers no chip, link or button on the first screen of /, nor scrolled to the end', async () => {
      const phone = viewport.width < 768
      const context = await shared.browser.newContext({ viewport, isMobile: phone, hasTouch: phone })
      const page = await context.newPage()
      try {
        await page.goto(siteUrl)
        await page.locator('.chat__toggle').waitFor()
        // The page keeps its width: a row pushed wider would move the button off the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewport.width)
        const box = await page.locator('.chat__toggle').boundingBox()
        expect(box && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true)
        expect(await coveredTargets(page)).toEqual([])

        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }))
        await expect
          .poll(() =>
            page.evaluate(
              () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
            ),
          )
          .toBe(true)
        // The footer's links are what the end of the page shows; they are there to be covered or not.
        expect(await page.locator('.site-footer a[href]').count()).toBeGreaterThan(0)
        expect(await coveredTargets(page)).toEqual([])
      } finally {
        await context.close()
      }
    })
  })
})
