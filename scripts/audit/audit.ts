import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { checkChatIndex, checkLighthouse, checkRoute, BUDGETS, type Miss, type RouteMeasurement } from './budgets.ts'
import { chatData } from '../../site/src/chat/index-path.ts'
import {
  gzipSize,
  measureFirstVisit,
  measureNavigation,
  staticRoute,
  totals,
  type Asset,
  type DeviceName,
  type FirstVisit,
} from './bytes.ts'
import { chromiumPath, launchAuditBrowser, launchDebuggableChromium } from './chromium.ts'
import { checkImages, measureImages, type ImageVisit } from './images.ts'
import { inTabs } from './in-tabs.ts'
import { runLighthouseMedian, type LighthouseSummary, type Preset } from './lighthouse-runner.ts'
import { routeUrl, type AuditRoute } from './routes.ts'
import { serveBuild, type Compression } from './serve.ts'

export const DEVICE_NAMES: readonly DeviceName[] = ['mobile', 'desktop']

export interface MeasureOptions {
  distDir: string
  /** The base path the build was made for, e.g. / or /my-portfolio/. */
  base: string
  /** Root URL of the served build (with the base). */
  siteUrl: string
  /** The home route of the build: the baseline for every case study, measured even when not selected. */
  home: AuditRoute
  devices?: readonly DeviceName[]
  /**
   * How many routes are measured side by side, each visit in a context of its own (1, the default:
   * one after another). What is measured (bytes, layout shift, markup) does not depend on timing.
   */
  tabs?: number
}

/** Byte and markup measurements of `routes` (cold first visits per device, static HTML, in-app move from /). */
export async function measureRoutes(
  browser: Browser,
  routes: readonly AuditRoute[],
  options: MeasureOptions,
  onRoute?: (m: RouteMeasurement) => void,
): Promise<RouteMeasurement[]> {
  const devices = options.devices ?? DEVICE_NAMES
  const visit = async (route: AuditRoute): Promise<FirstVisit[]> => {
    const visits: FirstVisit[] = []
    for (const device of devices)
      visits.push(await measureFirstVisit(browser, routeUrl(options.siteUrl, route), device))
    return visits
  }
  const homeUrl = routeUrl(options.siteUrl, options.home)
  const homeVisits = await visit(options.home)
  const homeJs = Math.max(0, ...homeVisits.map((v) => v.jsGzip))
  const homePaths = new Set(homeVisits.flatMap((v) => v.js.map((a) => a.path)))
  return inTabs(routes, options.tabs ?? 1, async (route) => {
    const isHome = route.route === options.home.route
    const visits = isHome ? homeVisits : await visit(route)
    const measurement: RouteMeasurement = {
      route: route.route,
      url: routeUrl(options.siteUrl, route),
      visits,
      static: await staticRoute(options.distDir, options.base, route.file),
    }
    // A case study or a writing page: what it adds to /, moving there in the app and on a cold visit.
    if (route.projectId || route.postSlug || route.tagSlug || route.route === '/writing') {
      measurement.navigation = await measureNavigation(browser, homeUrl, measurement.url)
      const js = Math.max(0, ...visits.map((v) => v.jsGzip))
      const extra = totals(visits[0]?.js.filter((a) => !homePaths.has(a.path)) ?? [], [])
      measurement.coldExtra = { jsGzip: js - homeJs, js: extra.js }
    }
    onRoute?.(measurement)
    return measurement
  })
}

/** The chat's overview in the build (fetched only when the chat is opened, so in no first visit), or null. */
export async function measureChatIndex(distDir: string): Promise<Asset | null> {
  const content = await readFile(path.join(distDir, chatData.overview.file)).catch(() => null)
  return content ? { path: `/${chatData.overview.file}`, bytes: content.length, gzipBytes: gzipSize(content) } : null
}

export interface LighthouseRun {
  route: string
  summary: LighthouseSummary & { runs: number[] }
}

/** Lighthouse, one pass after another (never in parallel on a 2-core machine), on one Chromium. */
export async function runLighthousePasses(
  siteUrl: string,
  plan: readonly { route: AuditRoute; preset: Preset }[],
  runs: number,
  onRun?: (run: LighthouseRun) => void,
): Promise<LighthouseRun[]> {
  if (plan.length === 0) return []
  const chrome = await launchDebuggableChromium()
  try {
    const results: LighthouseRun[] = []
    for (const { route, preset } of plan) {
      const run = {
        route: route.route,
        summary: await runLighthouseMedian(routeUrl(siteUrl, route), preset, chrome.port, runs),
      }
      onRun?.(run)
      results.push(run)
    }
    return results
  } finally {
    await chrome.close()
  }
}

export interface AuditOptions {
  distDir: string
  base: string
  routes: readonly AuditRoute[]
  home: AuditRoute
  presets: readonly Preset[]
  /** Routes Lighthouse runs on (all of `routes` in a full audit, / in quick mode). */
  lighthouseRoutes: readonly AuditRoute[]
  /** Lighthouse runs per route and preset; the median by performance score is kept. */
  runs: number
  mode: 'full' | 'quick'
  /** gzip like GitHub Pages (default), or the files as they are. */
  compression?: Compression
  /** Also read every route through on a phone: the images it downloads and any shift while they load. */
  images?: boolean
  log?: (line: string) => void
}

export interface AuditReport {
  mode: 'full' | 'quick'
  startedAt: string
  distDir: string
  base: string
  compression: Compression
  chromium: string
  machine: { cpus: number; cpuModel: string; loadAverage: number[] }
  budgets: typeof BUDGETS
  routes: RouteMeasurement[]
  chatIndex: Asset | null
  /** Routes read through on a phone (AuditOptions.images). */
  images: ImageVisit[]
  lighthouse: LighthouseRun[]
  misses: Miss[]
  timings: { buildMs?: number; bytesMs: number; lighthouseMs: number; totalMs: number }
}

/** Serves the build on 127.0.0.1 (gzip like GitHub Pages), measures bytes and markup on every route, runs Lighthouse per the plan, and checks every budget. */
export async function runAudit(options: AuditOptions): Promise<AuditReport> {
  const started = performance.now()
  const log = options.log ?? (() => undefined)
  const cpus = os.cpus()
  const compression = options.compression ?? 'gzip'
  const server = await serveBuild(options.distDir, options.base, compression)
  const url = server.url
  try {
    log(`serving ${options.distDir} at ${url} (${compression === 'gzip' ? 'gzip, like GitHub Pages' : 'uncompressed'})`)
    const bytesStarted = performance.now()
    const browser = await launchAuditBrowser()
    let routes: RouteMeasurement[]
    try {
      routes = await measureRoutes(
        browser,
        options.routes,
        { distDir: options.distDir, base: options.base, siteUrl: url, home: options.home },
        (m) => log(`  bytes ${m.route}`),
      )
    } finally {
      await browser.close()
    }
    const images: ImageVisit[] = []
    if (options.images) {
      const reader = await launchAuditBrowser()
      try {
        for (const route of options.routes) {
          images.push(await measureImages(reader, routeUrl(url, route), 'mobile'))
          log(`  images ${route.route}`)
        }
      } finally {
        await reader.close()
      }
    }
    const bytesMs = performance.now() - bytesStarted
    const lighthouseStarted = performance.now()
    const plan = options.lighthouseRoutes.flatMap((route) => options.presets.map((preset) => ({ route, preset })))
    const lighthouse = await runLighthousePasses(url, plan, options.runs, (run) =>
      log(
        `  lighthouse ${run.summary.preset.padEnd(7)} ${run.route} performance ${run.summary.scores.performance ?? 'n/a'} (${(run.summary.durationMs / 1000).toFixed(1)} s)`,
      ),
    )
    const lighthouseMs = performance.now() - lighthouseStarted
    const chatIndex = await measureChatIndex(options.distDir)
    const misses = [
      ...routes.flatMap(checkRoute),
      ...checkChatIndex(chatIndex),
      ...images.flatMap((visit, i) => checkImages(options.routes[i]!.route, visit)),
      ...lighthouse.flatMap((run) => checkLighthouse(run.route, run.summary)),
    ]
    return {
      mode: options.mode,
      startedAt: new Date(Date.now() - (performance.now() - started)).toISOString(),
      distDir: options.distDir,
      base: options.base,
      compression,
      chromium: chromiumPath,
      machine: {
        cpus: cpus.length,
        cpuModel: cpus[0]?.model ?? 'unknown',
        loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
      },
      budgets: BUDGETS,
      routes,
      chatIndex,
      images,
      lighthouse,
      misses,
      timings: { bytesMs, lighthouseMs, totalMs: performance.now() - started },
    }
  } finally {
    await server.close()
  }
}
