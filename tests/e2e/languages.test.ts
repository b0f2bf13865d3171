import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDist } from '../../cli/dev/serve-dist.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { parse } from 'yaml'
import { FIXTURES_DIR } from '../helpers/fixtures.ts'
import { DESKTOP, launchBrowser, PHONE, watchConsole } from './browser.ts'

/**
 * A portfolio in four languages (tests/fixtures/i18n: English the default, French, Arabic written
 * right to left, Hindi in Devanagari), built under /intl/: what a visitor in each language sees.
 */
/** Served under a base path, so a language's prefix is tested beside one. */
const BASE = '/intl/'
let siteUrl = ''
let siteDir = ''
const LANGUAGES = ['fr', 'ar', 'hi'] as const
const fixture = (file: string) =>
  parse(readFileSync(path.join(FIXTURES_DIR, 'i18n', file), 'utf8')) as Record<string, unknown>
const heroOf = (file: string) => (fixture(file).hero as { headline: string }).headline

let browser: Browser
let served: Server | undefined
let work = ''
// Built here rather than in the global setup: only this file reads it, so it is built beside the other files' tests.
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-languages-'))
  const root = path.join(work, 'content')
  cpSync(path.join(FIXTURES_DIR, 'i18n'), root, { recursive: true })
  siteDir = path.join(work, 'site')
  const result = await runBuild({ root, outDir: siteDir, base: BASE })
  if (!result.compiled)
    throw new Error(`the languages' build failed: ${result.diagnostics.map((d) => d.code).join(', ')}`)
  const site = await serveDist(siteDir, { base: BASE, port: 0 })
  served = site.server
  siteUrl = site.url
  browser = await launchBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => served?.close(resolve))
  rmSync(work, { recursive: true, force: true })
})

/** The app sets this on <html> once it has hydrated and handled the first location. */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')

async function open(route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await (await browser.newContext(DESKTOP)).newPage()
  const errors = watchConsole(page)
  await page.goto(siteUrl + route)
  await hydrated(page)
  return { page, errors }
}

/** Every page file of a language's folder (the default's: the root, without the languages' folders). */
function pagesOf(folder: string): string[] {
  const root = path.join(siteDir, folder)
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .filter((file) => folder !== '' || !LANGUAGES.some((lang) => file.startsWith(`${lang}/`)))
    .sort()
}

describe('every language has every page', () => {
  it('builds the same pages in each language under its prefix', () => {
    const pages = pagesOf('')
    expect(pages).toContain('projects/ledger/index.html')
    expect(pages).toContain('writing/caching-builds/index.html')
    for (const lang of LANGUAGES) expect(pagesOf(lang)).toEqual(pages)
  })

  it('names each translated page in every language with hreflang, reciprocally, with x-default', async () => {
    const { page } = await open('fr/projects/ledger')
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]))
    const own = 'https://amira.example.com/intl/fr/projects/ledger'
    expect(alternates).toEqual([
      ['en', 'https://amira.example.com/intl/projects/ledger'],
      ['fr', own],
      ['ar', 'https://amira.example.com/intl/ar/projects/ledger'],
      ['hi', 'https://amira.example.com/intl/hi/projects/ledger'],
      ['x-default', 'https://amira.example.com/intl/projects/ledger'],
    ])
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(own)
    // Each sibling names this page back.
    for (const [lang] of alternates.filter(([tag]) => tag !== 'x-default' && tag !== 'fr')) {
      const prefix = lang === 'en' ? '' : `${lang}/`
      const html = readFileSync(path.join(siteDir, prefix, 'projects/ledger/index.html'), 'utf8')
      expect(html).toContain(`<link rel="alternate" hreflang="fr" href="${own}">`)
    }
    await page.context().close()
  })

  it('shows each language its own words and content, with <html lang dir>, and no console error', async () => {
    // The languages side by side, each in a context of its own.
    await Promise.all(
      LANGUAGES.map(async (lang) => {
        const { page, errors } = await open(`${lang}/`)
        expect(await page.locator('html').getAttribute('lang')).toBe(lang)
        expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : null)
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heroOf(`portfolio.${lang}.yaml`))
        expect(errors, lang).toEqual([])
        await page.context().close()
      }),
    )
  })
})

describe('a missing page', () => {
  it("is answered in the language its address names, from the host's one 404 page", async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    const response = await page.goto(`${siteUrl}fr/nowhere`)
    expect(response?.status()).toBe(404)
    await hydrated(page)
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable')
    await page.goto(`${siteUrl}ar/projects/nowhere`)
    await hydrated(page)
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
    await page.context().close()
  })
})

describe('a page not translated', () => {
  it('is built with a notice in its language and a canonical link to its source, and is in no hreflang set', async () => {
    // projects/bookings has no Hindi translation.
    const { page } = await open('hi/projects/bookings')
    expect(await page.getByRole('note').textContent()).toBe('इस पेज का अभी हिन्दी में अनुवाद नहीं हुआ है।')
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      'https://amira.example.com/intl/projects/bookings',
    )
    expect(await page.locator('link[rel="alternate"][hreflang]').count()).toBe(0)
    const english = readFileSync(path.join(siteDir, 'projects/bookings/index.html'), 'utf8')
    expect(english).not.toContain('hreflang="hi"')
    await page.context().close()
  })
})

describe('the language switcher', () => {
  it('leads to the same page in another language, keeping the #hash', async () => {
    const { page } = await open('projects/ledger#features')
    await page.locator('.language-switcher summary').click()
    const french = page.locator('.language-switcher a[hreflang="fr"]')
    await expect.poll(() => french.getAttribute('href')).toBe('/intl/fr/projects/ledger#features')
    expect(await french.textContent()).toBe('Français')
    expect(await french.getAttribute('lang')).toBe('fr')
    await french.click()
    await page.waitForURL('**/intl/fr/projects/ledger#features')
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    // An untranslated page is linked, and marked.
    await page.goto(`${siteUrl}fr/projects/bookings`)
    await hydrated(page)
    const hindi = page.locator('.language-switcher a[hreflang="hi"]')
    expect(await hindi.getAttribute('data-untranslated')).toBe('')
    await page.context().close()
  })

  it('works with JavaScript off: its links are in the HTML', () => {
    const html = readFileSync(path.join(siteDir, 'ar/index.html'), 'utf8')
    expect(html).toContain('href="/intl/"')
    expect(html).toMatch(/<a href="\/intl\/hi\/" lang="hi" hrefLang="hi"[^>]*>हिन्दी/)
  })
})

describe('dates and direction', () => {
  it("writes a post's date in the page's language", async () => {
    const day = (lang: string) =>
      new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        Date.UTC(2025, 2, 10),
      )
    await Promise.all(
      (['fr', 'ar'] as const).map(async (lang) => {
        const { page } = await open(`${lang}/writing/caching-builds`)
        expect(await page.locator('header.post-header time').first().textContent()).toBe(day(lang))
        await page.context().close()
      }),
    )
  })

  it('mirrors a right-to-left page: the name at the right, the text flush right, the navigation and the chat button at the left', async () => {
    const { page } = await open('ar/')
    const { width, height } = DESKTOP.viewport!
    // The header: the owner's name at the right edge, the navigation to its left.
    const brand = (await page.locator('header .brand').boundingBox())!
    const nav = (await page.locator('header nav').boundingBox())!
    expect(brand.x).toBeGreaterThan(width / 2)
    expect(nav.x + nav.width).toBeLessThanOrEqual(brand.x)
    // A paragraph of text (not a centred one) whose last line is short: that line ends at the
    // paragraph's right edge and starts well inside its left one (left to right, the other way round).
    const lines = await page.evaluate(() => {
      for (const p of document.querySelectorAll('main p')) {
        if (getComputedStyle(p).textAlign === 'center') continue
        const range = document.createRange()
        range.selectNodeContents(p)
        // One rect per run of one direction: the last line is the union of the rects on the lowest line.
        const rects = [...range.getClientRects()].filter((r) => r.width > 0)
        const bottom = Math.max(...rects.map((r) => r.bottom))
        const onLast = rects.filter((r) => r.bottom > bottom - 2)
        const last = onLast.length
          ? {
              left: Math.min(...onLast.map((r) => r.left)),
              right: Math.max(...onLast.map((r) => r.right)),
              width: Math.max(...onLast.map((r) => r.right)) - Math.min(...onLast.map((r) => r.left)),
            }
          : undefined
        const box = p.getBoundingClientRect()
        const style = getComputedStyle(p)
        const left = box.left + Number.parseFloat(style.paddingLeft)
        const right = box.right - Number.parseFloat(style.paddingRight)
        if (last && right - left - last.width > 80)
          return { text: p.textContent, left, right, lineLeft: last.left, lineRight: last.right }
      }
      return undefined
    })
    expect(lines, 'a paragraph with a short last line').toBeDefined()
    expect(Math.abs(lines!.lineRight - lines!.right), lines!.text ?? '').toBeLessThan(2)
    expect(lines!.lineLeft - lines!.left).toBeGreaterThan(40)
    // The chat's button rests in the bottom corner on the side the text ends: the left.
    const chat = (await page.getByRole('button', { name: 'افتح المحادثة' }).boundingBox())!
    expect(chat.x + chat.width).toBeLessThan(width / 2)
    expect(chat.y).toBeGreaterThan(height / 2)
    await page.context().close()
  })
})

describe('the header on a phone', () => {
  it('keeps to one line at 320 px in every language, the switcher a compact control that still holds its links', async () => {
    // The languages side by side, each in a context of its own.
    const inLanguage = async (lang: string) => {
      const context = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } })
      const page = await context.newPage()
      await page.goto(siteUrl + (lang ? `${lang}/` : ''))
      await hydrated(page)
      const header = (await page.locator('header .site-header__inner').boundingBox())!
      const line = await page.evaluate(() => {
        const inner = document.querySelector('.site-header__inner') as HTMLElement
        const brand = document.querySelector('.site-header .brand') as HTMLElement
        // The owner's name is the brand's last node, after its mark: one box per line it takes.
        const name = document.createRange()
        name.selectNodeContents(brand.lastChild as Node)
        return {
          nameLines: [...name.getClientRects()].filter((r) => r.width > 0).length,
          overflow: inner.scrollWidth - inner.clientWidth,
          controls: [...inner.children].map((child) => child.getBoundingClientRect().height),
        }
      })
      // The owner's name is one line, nothing sticks out of the bar, and every control fits its height.
      expect(line.nameLines, lang || 'en').toBe(1)
      expect(line.overflow, lang || 'en').toBe(0)
      for (const height of line.controls) expect(height, lang || 'en').toBeLessThanOrEqual(header.height)
      const switcher = (await page.locator('.language-switcher summary').boundingBox())!
      expect(switcher.width, lang || 'en').toBeLessThanOrEqual(44)
      await page.locator('.language-switcher summary').click()
      expect(await page.locator('.language-switcher a[hreflang]').count()).toBe(LANGUAGES.length + 1)
      await context.close()
    }
    await Promise.all(['', ...LANGUAGES].map(inLanguage))
  })
})

describe('the chat', () => {
  const ask = async (lang: string, open: string, question: string) => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    await page.goto(`${siteUrl}${lang}/`)
    await hydrated(page) // the button's handler is live
    await page.getByRole('button', { name: open }).click()
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true)
    await page.locator('#chat-input').fill(question)
    await page.locator('#chat-input').press('Enter')
    const reply = page.locator('[data-from="assistant"]:not(.chat__typing)').nth(1)
    await reply.waitFor({ timeout: 10_000 })
    const text = (await reply.textContent()) ?? ''
    const greeting = (await page.locator('[data-from="assistant"]').first().textContent()) ?? ''
    await page.context().close()
    return { text, greeting }
  }

  it('greets and answers in the language of the page, from its content', async () => {
    // The three conversations side by side, each in a context of its own: each mostly waits for the
    // reply's one-second delay.
    const [french, arabic, hindi] = await Promise.all([
      ask('fr', 'Ouvrir la discussion', 'Comment envoyer une facture ?'),
      ask('ar', 'افتح المحادثة', 'كيف أرسل الفاتورة؟'),
      ask('hi', 'चैट खोलें', 'चालान कैसे भेजें?'),
    ])
    expect(french.greeting).toContain((fixture('portfolio.fr.yaml').chat as { greeting: string }).greeting)
    expect(french.text).toContain('Créer, envoyer et relancer les factures')
    expect(arabic.text).toContain('إنشاء الفواتير وإرسالها')
    expect(hindi.text).toContain('चालान बनाएँ, भेजें')
  }, 60_000)
})
