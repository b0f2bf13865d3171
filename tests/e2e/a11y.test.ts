import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bothThemes } from './axe.ts'
import { DESKTOP, launchBrowser, PHONE } from './browser.ts'
import { loadFacts } from './content.ts'
import { inTabs } from '../../scripts/audit/in-tabs.ts'
import { techPages } from '../../site/src/technologies.ts'

/**
 * Accessibility in real Chromium: axe on every route at phone and desktop width in both themes (and
 * with the chat and the mobile menu open), then what axe cannot see: keyboard order and focus
 * rings, Escape and focus return, the chat's live region, control state, reduced motion.
 */
const siteUrl = inject('siteUrl')
let browser: Browser
let facts: Awaited<ReturnType<typeof loadFacts>>
let routes: string[]

beforeAll(async () => {
  browser = await launchBrowser()
  facts = await loadFacts()
  techSlug = techPages(facts.projects as unknown as { id: string; tech: string[] }[])[0]!.slug
  routes = ['', ...facts.projects.map((p) => `projects/${p.id}`), `projects/tech/${techSlug}`, 'no-such-page']
})
/** The page of the most used technology (the one with the most cards): every tech page is the same template. */
let techSlug: string
afterAll(() => browser?.close())

const WIDTHS = { phone: 360, desktop: 1440 } as const

/** The app sets this on <html> once it has hydrated and handled the first location. */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')

async function openPage(path: string, options = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage()
  await page.goto(siteUrl + path)
  await hydrated(page)
  return page
}

/**
 * axe in both themes on one route at one width, in `page` (navigated there): at phone width on every
 * route, where each case study's own content (tables, code, diagrams) is narrowest; at desktop width
 * on one route of each template (/, a case study, a technology page, the not-found page). On / and
 * the first case study also with the chat open, and on / at phone width with the menu open.
 */
async function auditRoute(page: Page, width: number, path: string): Promise<string[]> {
  const found: string[] = []
  await page.goto(siteUrl + path)
  await hydrated(page)
  found.push(...(await bothThemes(page, `/${path} ${width}px`)))
  if (path === '') {
    // A technology chosen: the filter's status, its two actions and the chosen chips.
    await page.locator('#projects .tag--link').first().focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Show all projects' }).waitFor()
    found.push(...(await bothThemes(page, `/ ${width}px technology chosen`, { scope: '#projects', injected: true })))
    await page.getByRole('button', { name: 'Show all projects' }).click()
  }
  if (path !== '' && path !== routes[1]) return found
  // Opening the menu or the chat changes only that part of the page: check it there.
  if (width === WIDTHS.phone && path === '') {
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Projects' }).waitFor()
    found.push(...(await bothThemes(page, `/${path} ${width}px menu open`, { scope: '.site-header', injected: true })))
    await page.keyboard.press('Escape')
  }
  await page.getByRole('button', { name: 'Open chat' }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: facts.portfolio.chat.quickQuestions[0]!.question })
    .waitFor()
  found.push(...(await bothThemes(page, `/${path} ${width}px chat open`, { scope: '.chat', injected: true })))
  return found
}

describe('axe', () => {
  it(`finds no violations on any route at phone width (${WIDTHS.phone}px), nor on each template at desktop width (${WIDTHS.desktop}px), in both themes, with the chat and the mobile menu open too`, async () => {
    const visits = [
      ...routes.map((path) => ({ width: WIDTHS.phone, path })),
      ...routes.filter((_, i) => i <= 1 || i >= routes.length - 2).map((path) => ({ width: WIDTHS.desktop, path })),
    ]
    // Two pages side by side (each has a renderer process of its own), each navigated from one visit
    // to the next, with a context per width: the visits are shared out as each page comes free, so
    // both work to the end instead of the desktop one waiting for the phone one's longer list.
    const contexts: BrowserContext[] = []
    const pages = new Map<string, Promise<Page>>()
    const pageFor = (tab: number, width: number) => {
      const key = `${tab} ${width}`
      let page = pages.get(key)
      if (!page) {
        page = browser.newContext({ viewport: { width, height: 800 } }).then((context) => {
          contexts.push(context)
          return context.newPage()
        })
        pages.set(key, page)
      }
      return page
    }
    let found: string[][]
    try {
      found = await inTabs(visits, 2, async ({ width, path }, tab) =>
        auditRoute(await pageFor(tab, width), width, path),
      )
    } finally {
      await Promise.all(contexts.map((context) => context.close()))
    }
    expect(found.flat()).toEqual([])
    // axe on 9 routes and 4 templates (and / with a technology chosen), 2 themes, is CPU-bound.
  }, 360_000)
})

interface Stop {
  index: number
  name: string
  outline: string
  visible: boolean
}

/** Presses Tab until focus leaves the page or comes round again; returns each stop in order. */
async function tabThrough(page: Page, limit = 200): Promise<Stop[]> {
  await page.evaluate(() => {
    const all = [...document.querySelectorAll('*')]
    ;(window as unknown as { __order: (e: Element | null) => number }).__order = (e) => (e ? all.indexOf(e) : -1)
  })
  const stops: Stop[] = []
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const el = document.activeElement
      if (!el || el === document.body) return null
      const style = getComputedStyle(el)
      const rect = el.getBoundingClientRect()
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
      return {
        index: (window as unknown as { __order: (e: Element | null) => number }).__order(el),
        name,
        outline:
          style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2
            ? `${style.outlineWidth} ${style.outlineStyle}`
            : '',
        visible:
          rect.width > 0 &&
          rect.height > 0 &&
          rect.bottom > 0 &&
          rect.top < window.innerHeight &&
          style.visibility !== 'hidden',
      }
    })
    if (!stop || (stops.length > 0 && stop.index === stops[0]!.index)) break
    stops.push(stop)
  }
  return stops
}

/** Elements a keyboard user should be able to reach: visible links, buttons, fields and scroll boxes. */
const tabbableCount = (page: Page) =>
  page.evaluate(
    () =>
      [
        ...document.querySelectorAll(
          'a[href], button:not([disabled]), textarea, input, select, summary, [tabindex]:not([tabindex="-1"])',
        ),
      ].filter((el) => {
        const rect = el.getBoundingClientRect()
        return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== 'hidden'
      }).length,
  )

describe('keyboard', () => {
  it('starts with a skip link that moves focus to the main content', async () => {
    const page = await openPage('')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
    const box = await skip.boundingBox()
    expect(box && box.y >= 0 && box.width > 0).toBe(true) // shown while focused
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.context().close()
  })

  for (const [label, path, options] of [
    ['the home page on a desktop', () => '', DESKTOP],
    ['a case study on a desktop', () => `projects/${facts.projects[0]!.id}`, DESKTOP],
    ['the home page on a phone', () => '', PHONE],
    ['a technology page on a desktop', () => `projects/tech/${techSlug}`, DESKTOP],
  ] as const) {
    it(`reaches every control of ${label} in document order, each with a visible focus ring`, async () => {
      // Reduced motion: the scroll that brings each focused control into view is then immediate.
      const page = await openPage(path(), { ...options, reducedMotion: 'reduce' })
      const stops = await tabThrough(page)
      expect(stops.length).toBe(await tabbableCount(page))
      const outOfOrder = stops.filter((stop, i) => i > 0 && stop.index < stops[i - 1]!.index).map((s) => s.name)
      expect(outOfOrder).toEqual([])
      expect(stops.filter((s) => !s.outline).map((s) => s.name)).toEqual([])
      expect(stops.filter((s) => !s.visible).map((s) => s.name)).toEqual([])
      await page.context().close()
    })
  }

  it('goes from the menu button into the open mobile menu; Escape closes it and returns focus to the button', async () => {
    const page = await openPage('', PHONE)
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.focus()
    await page.keyboard.press('Enter')
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home')
    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Home' }).isVisible()).toBe(
      false,
    )
    await page.context().close()
  })

  it('opens the chat from the keyboard with focus in the message box; Escape closes it and returns focus', async () => {
    const page = await openPage(`projects/${facts.projects[1]!.id}`)
    const toggle = page.getByRole('button', { name: 'Open chat' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-input')
    expect(await page.locator('.chat__toggle').getAttribute('aria-expanded')).toBe('true')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await page.locator('.chat__toggle').evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await page.locator('.chat__toggle').getAttribute('aria-expanded')).toBe('false')
    await page.context().close()
  })
})

describe('screen readers', () => {
  it('announces the conversation: messages arrive inside a polite log live region', async () => {
    const page = await openPage('')
    await page.getByRole('button', { name: 'Open chat' }).click()
    const log = page.getByRole('log', { name: 'Conversation' })
    expect(await log.getAttribute('aria-live')).toBe('polite')
    expect(await log.textContent()).toContain(facts.portfolio.chat.greeting.slice(0, 30))
    const question = facts.portfolio.chat.quickQuestions[1]!
    await page.getByRole('dialog').getByRole('button', { name: question.question }).click()
    await expect.poll(() => log.textContent()).toContain(question.answer.slice(0, 40))
    expect(await log.textContent()).toMatch(/You: .*Assistant: /s) // who said what is spoken too
    await page.context().close()
  })

  it('announces how many projects use a technology chosen from the keyboard, in a polite status region, and which chips are chosen', async () => {
    const page = await openPage('')
    const status = page.locator('#projects').getByRole('status')
    expect(await status.getAttribute('aria-live')).toBe('polite')
    const chip = page.locator('#projects').getByRole('link', { name: 'MongoDB', exact: true }).first()
    await chip.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => status.textContent()).toMatch(/^\d+ projects use MongoDB\.$/)
    expect(await chip.evaluate((el) => el === document.activeElement)).toBe(true) // focus stays where it was
    expect(await chip.getAttribute('aria-current')).toBe('true')
    await page.getByRole('button', { name: 'Show all projects' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => status.textContent()).toBe('Choose a technology to see the projects that use it.')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('projects')
    await page.context().close()
  })

  it('exposes the state of the theme toggle (aria-pressed), the menu and the chat buttons (aria-expanded)', async () => {
    const page = await openPage('', { ...PHONE, colorScheme: 'light' })
    const theme = page.getByRole('button', { name: 'Dark mode' })
    expect(await theme.getAttribute('aria-pressed')).toBe('false')
    await theme.focus()
    await page.keyboard.press('Space')
    expect(await theme.getAttribute('aria-pressed')).toBe('true')
    const menu = page.getByRole('button', { name: 'Menu' })
    expect(await menu.getAttribute('aria-controls')).toBe(await page.locator('.site-nav__list').getAttribute('id'))
    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    const chat = page.locator('.chat__toggle')
    expect(await chat.getAttribute('aria-expanded')).toBe('false')
    await chat.click()
    expect(await chat.getAttribute('aria-expanded')).toBe('true')
    expect(await chat.getAttribute('aria-controls')).toBe(await page.getByRole('dialog').getAttribute('id'))
    await page.context().close()
  })
})

describe('reduced motion', () => {
  it('turns smooth scrolling and animations off: a nav choice lands at once', async () => {
    const page = await openPage('', { ...DESKTOP, reducedMotion: 'reduce' })
    const styles = await page.evaluate(() => ({
      scroll: getComputedStyle(document.documentElement).scrollBehavior,
      pulse: getComputedStyle(document.querySelector('.availability__dot')!, '::after').animationName,
    }))
    expect(styles).toEqual({ scroll: 'auto', pulse: 'none' })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Contact' }).click()
    // Right after the click the page is already where it ends up: it jumped, it did not glide.
    const landed = await page.evaluate(() => window.scrollY)
    expect(landed).toBeGreaterThan(500)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.scrollY)).toBe(landed)
    const contact = await page.evaluate(() => ({
      top: document.getElementById('contact')!.getBoundingClientRect().top,
      atBottom: Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    }))
    expect(contact.top < 120 || contact.atBottom).toBe(true)
    await page.context().close()
  })

  it('keeps them on otherwise', async () => {
    const page = await openPage('', { ...DESKTOP, reducedMotion: 'no-preference' })
    const styles = await page.evaluate(() => ({
      scroll: getComputedStyle(document.documentElement).scrollBehavior,
      pulse: getComputedStyle(document.querySelector('.availability__dot')!, '::after').animationName,
    }))
    expect(styles).toEqual({ scroll: 'smooth', pulse: 'pulse' })
    await page.context().close()
  })
})
