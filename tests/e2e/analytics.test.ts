import { execFileSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { Server as HttpServer } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDist } from '../../cli/dev/serve-dist.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { VALID_MINIMAL } from '../helpers/fixtures.ts'
import { launchBrowser, watchConsole } from './browser.ts'

/**
 * The owner's analytics in real Chromium: the minimal content with GoatCounter at a self-hosted
 * `host`, a stand-in for it on https://127.0.0.1 (a self-signed certificate, which this test's
 * browser context accepts), the site built and served like any other. GoatCounter is the provider
 * whose script counts only the page it loads on, so the page views after the first are the site's
 * own navigation counter's: one per navigation is what this checks, and that the policy the build
 * derived lets the script load and the page views go out with no violation.
 */
const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-e2e-analytics-'))
/** Paths counted by the stand-in, in the order they arrived. */
const counted: string[] = []
let tracker: Server
let trackerOrigin: string
let site: HttpServer
let siteUrl: string
let browser: Browser

/** Shaped like count.js: reads its endpoint from data-goatcounter, counts on load, exposes goatcounter.count(). */
const STAND_IN = `(function () {
  var endpoint = document.querySelector('script[data-goatcounter]').dataset.goatcounter
  var g = (window.goatcounter = window.goatcounter || {})
  g.count = function (vars) {
    var path = (vars && vars.path) || location.pathname + location.search
    navigator.sendBeacon(endpoint + '?p=' + encodeURIComponent(path))
  }
  g.count()
})()`

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(work, 'key.pem'),
      '-out',
      path.join(work, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  tracker = createServer(
    { key: readFileSync(path.join(work, 'key.pem')), cert: readFileSync(path.join(work, 'cert.pem')) },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'https://127.0.0.1')
      if (url.pathname === '/count.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(STAND_IN)
        return
      }
      if (url.pathname === '/count') counted.push(url.searchParams.get('p') ?? '')
      response.writeHead(204).end()
    },
  )
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve))
  trackerOrigin = `https://127.0.0.1:${(tracker.address() as AddressInfo).port}`

  const content = path.join(work, 'content')
  cpSync(VALID_MINIMAL, content, { recursive: true })
  appendFileSync(
    path.join(content, 'portfolio.yaml'),
    `analytics:\n  provider: goatcounter\n  siteId: standin\n  host: ${trackerOrigin}\n`,
  )
  const result = await runBuild({ root: content, outDir: path.join(work, 'dist'), base: '/' })
  if (!result.compiled)
    throw new Error(
      `analytics fixture build failed:\n${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`).join('\n')}`,
    )
  // The loopback host is the one thing the content is warned about.
  expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['warning URL_LOCAL'])
  const served = await serveDist(path.join(work, 'dist'), { base: '/', port: 0 })
  site = served.server
  siteUrl = served.url
  browser = await launchBrowser()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)))
  await new Promise((resolve) => (tracker ? tracker.close(resolve) : resolve(undefined)))
  rmSync(work, { recursive: true, force: true })
})

/** A page that records every policy violation from its first script on. */
async function openPage(context: BrowserContext): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage()
  const problems = watchConsole(page)
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { violations: string[] }).violations = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`))
  })
  return { page, problems }
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { violations: string[] }).violations)
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')
/** Waits until the stand-in has counted `paths`, then a while longer, so a second count of any would show. */
async function countedExactly(paths: string[]): Promise<void> {
  await expect.poll(() => counted.length).toBeGreaterThanOrEqual(paths.length)
  await new Promise((resolve) => setTimeout(resolve, 800))
  expect(counted).toEqual(paths)
}

describe('analytics the owner chose, in Chromium', () => {
  it('writes the stand-in host into script-src and connect-src of every page, and nothing else of its own', () => {
    for (const file of ['index.html', 'projects/alpha/index.html']) {
      const html = readFileSync(path.join(work, 'dist', file), 'utf8')
      const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? ''
      expect(policy).toMatch(new RegExp(`script-src 'self'( 'sha256-[^']+')+ ${trackerOrigin}(;|$)`))
      expect(policy).toContain(`connect-src 'self' ${trackerOrigin};`)
      expect(policy).not.toMatch(/unsafe-inline'[^;]*;[^;]*connect|script-src[^;]*unsafe-inline/)
      expect(html).toContain(`<script data-goatcounter="${trackerOrigin}/count" async src="${trackerOrigin}/count.js">`)
    }
  })

  it('loads the tracker under the policy and counts one page view per navigation, with no violation and no cookie', async () => {
    counted.length = 0
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } })
    const { page, problems } = await openPage(context)
    const script = page.waitForResponse(`${trackerOrigin}/count.js`)
    await page.goto(siteUrl)
    expect((await script).status()).toBe(200)
    await hydrated(page)
    await countedExactly(['/'])

    // A client-side navigation (the window survives it) to a case study: the site's counter counts it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await page.locator('a[href="/projects/alpha"]').first().click()
    await page.waitForURL('**/projects/alpha')
    await countedExactly(['/', '/projects/alpha'])
    // Back is a navigation too; forward again another.
    await page.goBack()
    await page.waitForURL(siteUrl)
    await countedExactly(['/', '/projects/alpha', '/'])
    await page.goForward()
    await page.waitForURL('**/projects/alpha')
    await countedExactly(['/', '/projects/alpha', '/', '/projects/alpha'])
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)

    expect(await violations(page)).toEqual([])
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([])
    expect(await page.evaluate(() => document.cookie)).toBe('')
    expect(await context.cookies()).toEqual([])
    await context.close()
  })
})
