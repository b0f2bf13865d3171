import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContextOptions, Page, Response } from 'playwright-core'
import { readStaticPage, type StaticPage } from './html.ts'

/** One downloaded (or statically referenced) file and its size raw and gzipped at level 9. */
export interface Asset {
  /** Path on the server, e.g. /assets/index-abc.js. */
  path: string
  bytes: number
  gzipBytes: number
  /** The file holds React's development build (see DEVELOPMENT_MARKERS). */
  development?: boolean
}

/**
 * Text only React's development build ships (its DOM-nesting warning). Vite bundles that build when
 * NODE_ENV is not "production" while it builds — under Vitest NODE_ENV is "test" — and it is ~60 kB
 * gzip larger, so byte budgets measured on it say nothing about the real site.
 */
export const DEVELOPMENT_MARKERS: readonly string[] = Object.freeze(['In HTML, %s cannot be a child of'])

export function isDevelopmentBuild(content: Uint8Array | string): boolean {
  const text = typeof content === 'string' ? content : Buffer.from(content).toString('utf8')
  return DEVELOPMENT_MARKERS.some((marker) => text.includes(marker))
}

function toAsset(urlPath: string, content: Uint8Array): Asset {
  const asset: Asset = { path: urlPath, bytes: content.length, gzipBytes: gzipSize(content) }
  if (!urlPath.endsWith('.css') && isDevelopmentBuild(content)) asset.development = true
  return asset
}

export interface AssetTotals {
  js: Asset[]
  css: Asset[]
  jsGzip: number
  cssGzip: number
}

export type DeviceName = 'mobile' | 'desktop'

/** Lighthouse's emulated devices (moto g power for mobile, its desktop preset's window). */
export const DEVICES: Readonly<Record<DeviceName, BrowserContextOptions>> = Object.freeze({
  mobile: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
})

/** A cold first visit in real Chromium: fresh context, empty cache, page load plus idle. */
export interface FirstVisit extends AssetTotals {
  url: string
  device: DeviceName
  /** Sum of layout-shift entries without recent input (PerformanceObserver), from navigation start to idle. */
  cls: number
  /** <img> elements in the live DOM (after hydration) lacking a width or height attribute. */
  imagesWithoutSize: string[]
  /** Requests that tried to leave 127.0.0.1 (they cannot resolve; listed so the bytes are not silently short). */
  offOrigin: string[]
}

export function gzipSize(content: Uint8Array | string): number {
  return gzipSync(content, { level: 9 }).length
}

export function totals(js: Asset[], css: Asset[]): AssetTotals {
  const sum = (assets: Asset[]) => assets.reduce((total, asset) => total + asset.gzipBytes, 0)
  const byPath = (a: Asset, b: Asset) => a.path.localeCompare(b.path)
  return { js: [...js].sort(byPath), css: [...css].sort(byPath), jsGzip: sum(js), cssGzip: sum(css) }
}

const isLoopback = (url: string) => {
  const { protocol, hostname } = new URL(url)
  return protocol === 'data:' || protocol === 'blob:' || protocol === 'about:' || hostname === '127.0.0.1'
}

/** Records every script and stylesheet response of a page (deduplicated by URL) until `stop` is called. */
function recordAssets(page: Page) {
  const seen = new Map<string, { type: 'script' | 'stylesheet'; asset: Promise<Asset | undefined> }>()
  const offOrigin: string[] = []
  const onResponse = (response: Response) => {
    const type = response.request().resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    const url = response.url()
    if (seen.has(url) || !url.startsWith('http')) return
    seen.set(url, {
      type,
      asset: response.body().then(
        (body) => toAsset(new URL(url).pathname, body),
        () => undefined, // the page navigated away before the body arrived: it was not needed for this visit
      ),
    })
  }
  const onRequest = (request: { url(): string }) => {
    if (!isLoopback(request.url())) offOrigin.push(request.url())
  }
  page.on('response', onResponse)
  page.on('request', onRequest)
  return {
    async stop(): Promise<AssetTotals & { offOrigin: string[] }> {
      page.off('response', onResponse)
      page.off('request', onRequest)
      const of = async (type: 'script' | 'stylesheet') =>
        (await Promise.all([...seen.values()].filter((e) => e.type === type).map((e) => e.asset))).filter(
          (a): a is Asset => a !== undefined,
        )
      return { ...totals(await of('script'), await of('stylesheet')), offOrigin }
    },
  }
}

/** Waits for load, a quiet network, an idle main thread, and a quiet network again (idle-time prefetches). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load')
  await page.waitForLoadState('networkidle')
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2_000 })
        else setTimeout(resolve, 200)
      }),
  )
  await page.waitForTimeout(300)
  await page.waitForLoadState('networkidle')
}

const CLS_OBSERVER = `(() => {
  window.__auditCls = 0
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__auditCls += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  } catch {}
})()`

/** A cold first visit to `url`: every script/stylesheet response during load plus idle, CLS, and <img> sizes. */
export async function measureFirstVisit(
  browser: Browser,
  url: string,
  device: DeviceName = 'mobile',
): Promise<FirstVisit> {
  const context = await browser.newContext({ ...DEVICES[device], serviceWorkers: 'block' })
  try {
    await context.addInitScript(CLS_OBSERVER)
    const page = await context.newPage()
    const recorder = recordAssets(page)
    const response = await page.goto(url, { waitUntil: 'load' })
    if (!response || response.status() !== 200)
      throw new Error(`${url} answered ${response?.status() ?? 'nothing'}, expected 200`)
    await settle(page)
    const assets = await recorder.stop()
    const { cls, imagesWithoutSize } = await page.evaluate(() => ({
      cls: Number((window as unknown as { __auditCls?: number }).__auditCls ?? 0),
      imagesWithoutSize: [...document.images]
        .filter((img) => !img.hasAttribute('width') || !img.hasAttribute('height'))
        .map((img) => img.getAttribute('src') ?? img.outerHTML.slice(0, 80)),
    }))
    return { url, device, ...assets, cls, imagesWithoutSize }
  } finally {
    await context.close()
  }
}

export interface Navigation extends AssetTotals {
  from: string
  to: string
  /** How the in-app navigation was triggered. */
  method: 'link click' | 'history.pushState'
}

/**
 * What a visitor who lands on `homeUrl` downloads on moving to `targetUrl` inside the app (client-side
 * routing; the home page's own files are already there): the JavaScript and CSS fetched for the move.
 */
export async function measureNavigation(
  browser: Browser,
  homeUrl: string,
  targetUrl: string,
  device: DeviceName = 'mobile',
): Promise<Navigation> {
  const context = await browser.newContext({ ...DEVICES[device], serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    await page.goto(homeUrl, { waitUntil: 'load' })
    await settle(page)
    const recorder = recordAssets(page)
    const targetPath = new URL(targetUrl).pathname
    // No named helpers inside page functions: tsx and Vite's keepNames would wrap them in a __name()
    // the page does not have.
    const method = await page.evaluate((target) => {
      ;(window as unknown as { __auditSameDocument?: boolean }).__auditSameDocument = true
      const wanted = target.replace(/\/+$/, '') || '/'
      const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
        (a) => a.origin === location.origin && (a.pathname.replace(/\/+$/, '') || '/') === wanted && !a.hash,
      )
      if (link) {
        link.click()
        return 'link click' as const
      }
      history.pushState(null, '', target)
      dispatchEvent(new PopStateEvent('popstate'))
      return 'history.pushState' as const
    }, targetPath)
    await page.waitForURL((url) => url.pathname.replace(/\/+$/, '') === targetPath.replace(/\/+$/, ''))
    await settle(page)
    const sameDocument = await page.evaluate(
      () => (window as unknown as { __auditSameDocument?: boolean }).__auditSameDocument === true,
    )
    if (!sameDocument)
      throw new Error(`moving from ${homeUrl} to ${targetUrl} reloaded the page instead of routing in the app`)
    const assets = await recorder.stop()
    return {
      from: homeUrl,
      to: targetUrl,
      method,
      js: assets.js,
      css: assets.css,
      jsGzip: assets.jsGzip,
      cssGzip: assets.cssGzip,
    }
  } finally {
    await context.close()
  }
}

export interface StaticRoute extends AssetTotals {
  /** The markup facts the render-blocking and image rules read. */
  page: StaticPage
  /** Referenced files that are not in the build (a broken build, reported as a problem). */
  missing: string[]
}

/**
 * The static cross-check: the scripts, module preloads and stylesheets the built HTML names, read from
 * the build folder and gzipped. Files a page imports at run time (route chunks) are not in here, which
 * is why the first-visit measurement is the one the budgets use.
 */
export async function staticRoute(distDir: string, base: string, htmlFile: string): Promise<StaticRoute> {
  const page = readStaticPage(await readFile(path.join(distDir, htmlFile), 'utf8'))
  const missing: string[] = []
  const load = async (refs: string[]): Promise<Asset[]> => {
    const assets: Asset[] = []
    for (const ref of [...new Set(refs)]) {
      const url = new URL(ref, 'http://127.0.0.1' + base)
      if (url.origin !== 'http://127.0.0.1' || !url.pathname.startsWith(base)) {
        missing.push(ref)
        continue
      }
      const content = await readFile(path.join(distDir, url.pathname.slice(base.length))).catch(() => undefined)
      if (!content) missing.push(ref)
      else assets.push(toAsset(url.pathname, content))
    }
    return assets
  }
  const js = await load([...page.scripts, ...page.modulePreloads])
  const css = await load(page.stylesheets)
  return { ...totals(js, css), page, missing }
}
