import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { measureRoutes } from '../../scripts/audit/audit.ts'
import {
  BUDGETS,
  checkLighthouse,
  checkRoute,
  firstVisitCss,
  firstVisitJs,
  kb,
  type MissKind,
  type RouteMeasurement,
} from '../../scripts/audit/budgets.ts'
import { launchAuditBrowser, launchDebuggableChromium } from '../../scripts/audit/chromium.ts'
import { runLighthouse } from '../../scripts/audit/lighthouse-runner.ts'
import { listAuditRoutes } from '../../scripts/audit/routes.ts'
import { gzipFront } from '../../scripts/audit/serve.ts'
import type { ProjectCard } from '../../site/src/generated/types.ts'
import { projectCardsData } from '../../site/src/paths.ts'
import { techPages } from '../../site/src/technologies.ts'

/**
 * The deterministic part of `npm run audit`, in CI: byte, render-blocking, image and layout-shift
 * budgets on every route, and one Lighthouse mobile pass on / for accessibility, best practices and SEO.
 * Performance scores and timings move with machine load (0.73 once on a busy machine), so they are
 * measured by `npm run audit` alone. The rules and numbers live in scripts/audit/.
 */
const siteUrl = inject('siteUrl')
const siteDir = inject('siteDir')
/**
 * /, every case study, and one technology page: they are one template over the same cards, so the
 * page of the most used technology (the most cards, the most bytes) stands for all of them, which
 * keeps this file's time on a shared 2-core machine near what it was before they existed.
 */
const cards = JSON.parse(await readFile(path.join(siteDir, projectCardsData.file), 'utf8')) as ProjectCard[]
const mostUsed = techPages(cards)[0]?.slug
const routes = (await listAuditRoutes(siteDir)).filter((r) => !r.techSlug || r.techSlug === mostUsed)
const home = routes[0]!

/** The Lighthouse categories whose scores do not move with machine load. */
const DETERMINISTIC = ['accessibility', 'best-practices', 'seo'] as const

let browser: Browser | undefined
const measured = new Map<string, RouteMeasurement>()

beforeAll(async () => {
  browser = await launchAuditBrowser()
  for (const m of await measureRoutes(browser, routes, { distDir: siteDir, base: '/', siteUrl, home }))
    measured.set(m.route, m)
}, 240_000)
afterAll(() => browser?.close())

function missesOf(route: string, ...kinds: MissKind[]) {
  const m = measured.get(route)
  if (!m) throw new Error(`${route} was not measured`)
  return checkRoute(m).filter((miss) => kinds.includes(miss.kind))
}

describe('budgets on every route', () => {
  it('lists / and every case study from the build, and a technology page', () => {
    expect(routes[0]?.route).toBe('/')
    expect(routes.filter((r) => r.projectId).length).toBeGreaterThan(0)
    expect(routes.filter((r) => r.techSlug)).toHaveLength(1)
  })

  describe.each(routes.map((r) => r.route))('%s', (route) => {
    it(`downloads at most ${BUDGETS.cssKb} kB CSS${route === '/' || route.startsWith('/projects/tech/') ? ` and ${BUDGETS.homeJsKb} kB JS` : `, and at most ${BUDGETS.caseStudyExtraJsKb} kB JS beyond /`} (gzip) on a first visit`, () => {
      const m = measured.get(route)!
      expect(firstVisitJs(m)).toBeGreaterThan(0) // the measurement saw the app's code at all
      expect(kb(firstVisitCss(m))).toBeGreaterThan(0)
      expect(missesOf(route, 'bytes')).toEqual([])
    })

    it('blocks rendering on one stylesheet at most, sizes every <img>, and does not shift layout', () => {
      expect(missesOf(route, 'render-blocking', 'images', 'cls', 'network')).toEqual([])
    })
  })
})

describe('Lighthouse', () => {
  it('mobile on / scores 1 for accessibility, best practices and SEO', async () => {
    // Served gzipped, as GitHub Pages does: the e2e server sends files uncompressed.
    const front = await gzipFront(siteUrl)
    const chrome = await launchDebuggableChromium()
    try {
      const summary = await runLighthouse(front.url, 'mobile', chrome.port, DETERMINISTIC)
      expect(summary.runtimeError).toBeUndefined()
      expect(checkLighthouse('/', summary, DETERMINISTIC)).toEqual([])
    } finally {
      await chrome.close()
      await front.close()
    }
  }, 150_000)
})
