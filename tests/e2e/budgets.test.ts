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
import { WRITING_FIXTURE } from '../helpers/writing-content.ts'

/**
 * The deterministic part of `npm run audit`, in CI: byte, render-blocking, image and layout-shift
 * budgets on every route, and one Lighthouse mobile pass on / for accessibility, best practices and SEO.
 * Performance scores and timings move with machine load (0.73 once on a busy machine), so they are
 * measured by `npm run audit` alone. The rules and numbers live in scripts/audit/. Writing, on the
 * build with the writing fixture's posts: /writing, a tag page, and the post with a cover, code and a
 * diagram, held to a case study's budgets, with a Lighthouse mobile pass of its own.
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

/** The build with the writing fixture's posts: /writing, the post with a cover, code and a diagram, and a tag page. */
const postsSiteUrl = inject('postsSiteUrl')
const postsSiteDir = inject('postsSiteDir')
const post = `/writing/${WRITING_FIXTURE.published[0]}`
const wanted = ['/writing', post, '/writing/tags/node-js']

let browser: Browser | undefined
const measured = new Map<string, RouteMeasurement>()
const writing = new Map<string, RouteMeasurement>()

beforeAll(async () => {
  browser = await launchAuditBrowser()
  const all = await listAuditRoutes(postsSiteDir)
  const chosen = all.filter((r) => wanted.includes(r.route))
  // Three routes side by side on each build, and the two builds side by side: each visit mostly
  // waits for the network to rest, and what it measures does not move with time.
  const [shipped, posts] = await Promise.all([
    measureRoutes(browser, routes, { distDir: siteDir, base: '/', siteUrl, home, tabs: 3 }),
    measureRoutes(browser, chosen, { distDir: postsSiteDir, base: '/', siteUrl: postsSiteUrl, home: all[0]!, tabs: 3 }),
  ])
  for (const m of shipped) measured.set(m.route, m)
  for (const m of posts) writing.set(m.route, m)
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

/** Lighthouse mobile on one route of a served build, gzipped as GitHub Pages serves it (the e2e servers send files uncompressed). */
async function lighthouseMisses(root: string, route: string) {
  const front = await gzipFront(root)
  const chrome = await launchDebuggableChromium()
  try {
    const summary = await runLighthouse(front.url + route.slice(1), 'mobile', chrome.port, DETERMINISTIC)
    expect(summary.runtimeError).toBeUndefined()
    return checkLighthouse(route, summary, DETERMINISTIC)
  } finally {
    await chrome.close()
    await front.close()
  }
}

describe('Lighthouse', () => {
  it('mobile on / scores 1 for accessibility, best practices and SEO', async () => {
    expect(await lighthouseMisses(siteUrl, '/')).toEqual([])
  }, 150_000)
})

describe('writing', () => {
  it('lists /writing, each post and each tag page from the build, never the draft', async () => {
    const routes = (await listAuditRoutes(postsSiteDir)).map((r) => r.route)
    expect(routes).toEqual(expect.arrayContaining(wanted))
    expect(routes.filter((r) => r.includes(WRITING_FIXTURE.draft))).toEqual([])
  })

  it.each(wanted)(
    `%s meets the byte, render-blocking, image and layout-shift budgets (at most ${BUDGETS.caseStudyExtraJsKb} kB JS beyond /, moving there and cold)`,
    (route) => {
      const m = writing.get(route)!
      expect(firstVisitJs(m)).toBeGreaterThan(0)
      if (route === post) expect(m.navigation?.method).toBe('link click') // from the home page's latest posts
      expect(checkRoute(m)).toEqual([])
    },
  )

  it('Lighthouse mobile on a post scores 1 for accessibility, best practices and SEO', async () => {
    expect(await lighthouseMisses(postsSiteUrl, post)).toEqual([])
  }, 150_000)
})
