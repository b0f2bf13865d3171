import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, launchBrowser, watchConsole } from './browser.ts'

const siteUrl = inject('siteUrl')
const baseSiteUrl = inject('baseSiteUrl')
const siteDir = inject('siteDir')
let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('errors and fallbacks', () => {
  it('answers an unknown route with a helpful 404 page and a way home', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    const response = await page.goto(siteUrl + 'no/such/page')
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i)
    const home = page.getByRole('main').getByRole('link', { name: /home/i }).first()
    await home.click()
    await page.waitForURL(siteUrl)
    await page.context().close()
  })

  it('renders an unknown project id as the 404 page', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    await page.goto(siteUrl + 'projects/no-such-project')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/not found/i)
    await page.context().close()
  })

  it('shows "Unexpected Application Error!" with the error text when a route fails to load', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    await page.goto(siteUrl, { waitUntil: 'networkidle' })
    // The case study's data fails to download: the route's loader throws.
    await page.route(/\/data\/projects\/authstack\.json$/, (route) => route.abort())
    await page
      .getByRole('link', { name: /^Details of / })
      .first()
      .click()
    const heading = page.getByRole('heading', { name: 'Unexpected Application Error!' })
    await expect.poll(() => heading.count()).toBe(1)
    expect((await page.getByRole('main').textContent())?.length).toBeGreaterThan(
      'Unexpected Application Error!'.length + 5,
    )
    await context.close()
  })

  it('reads fine with JavaScript disabled: every page has its text in the HTML', async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(siteUrl)
    expect(await page.locator('#hero h1').textContent()).toBeTruthy()
    expect(await page.locator('#projects').textContent()).toContain('logic-i')
    await page.goto(siteUrl + 'projects/warehouse-booking')
    expect(await page.locator('#api table').textContent()).toContain('/api/payments/webhook')
    expect(await page.locator('#payment-integration').textContent()).toContain('Invalid signature')
    await context.close()
  })

  it('writes a sitemap, robots.txt, and a CSP without unsafe-inline scripts into every page', () => {
    const sitemap = readFileSync(path.join(siteDir, 'sitemap.xml'), 'utf8')
    expect(sitemap).toContain('<loc>https://aaravsharma.dev/projects/logic-i</loc>')
    expect(readFileSync(path.join(siteDir, 'robots.txt'), 'utf8')).toContain(
      'Sitemap: https://aaravsharma.dev/sitemap.xml',
    )
    for (const file of ['index.html', 'projects/logic-i/index.html']) {
      const html = readFileSync(path.join(siteDir, file), 'utf8')
      const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? ''
      expect(csp).toMatch(/script-src 'self' 'sha256-/)
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(html).toMatch(/<link rel="canonical" href="https:\/\/aaravsharma\.dev\//)
    }
  })
})

describe('a --base build served under a prefix', () => {
  it('works under /my-portfolio/: links, assets, navigation and the sitemap carry the prefix', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    const problems = watchConsole(page)
    await page.goto(baseSiteUrl, { waitUntil: 'networkidle' })
    expect(problems).toEqual([])
    expect(
      await page
        .locator('#hero')
        .getByRole('link', { name: /Download Resume/ })
        .getAttribute('href'),
    ).toBe('/my-portfolio/resume.pdf')
    await page.getByRole('link', { name: 'View Details' }).click()
    await page.waitForURL(baseSiteUrl + 'projects/logic-i')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('logic-i')
    await page.reload({ waitUntil: 'networkidle' })
    expect(await page.locator('#architecture svg').count()).toBeGreaterThan(0)
    expect(problems).toEqual([])
    const sitemap = await (await page.request.get(baseSiteUrl + 'sitemap.xml')).text()
    expect(sitemap).toContain('<loc>https://aaravsharma.dev/my-portfolio/projects/logic-i</loc>')
    await context.close()
  })
})
