import type { Browser, Response } from 'playwright-core'
import { BUDGETS, formatKb, kb, type Miss } from './budgets.ts'
import { DEVICES, type DeviceName } from './bytes.ts'

/** One image file a page downloaded. */
export interface ImageDownload {
  /** Path on the server, e.g. /media/3f9a0c1d2e4b5a69-800.avif. */
  path: string
  /** Bytes of the body (images are sent as they are: no transfer compression). */
  bytes: number
  contentType: string
}

/** What a visitor downloads in images reading a whole page, and whether anything moved meanwhile. */
export interface ImageVisit {
  url: string
  device: DeviceName
  images: ImageDownload[]
  imageBytes: number
  /** Layout shift (PerformanceObserver, without recent input) from navigation until every image was in. */
  cls: number
  /** <img> elements that were not loaded (or broken) at the end. */
  notLoaded: string[]
}

const CLS_OBSERVER = `(() => {
  window.__imageCls = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__imageCls += entry.value
  }).observe({ type: 'layout-shift', buffered: true })
})()`

/** Scrolls a viewport at a time to the bottom (so every lazy image is asked for), then waits for each image. */
export const READ_WHOLE_PAGE = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
    scrollTo({ top: y, behavior: 'instant' })
    await frame()
  }
  await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)))
  scrollTo({ top: 0, behavior: 'instant' })
  await frame()
})()`

/**
 * A cold visit to `url` that reads the whole page: scrolled to the end a half screen at a time, so
 * every lazy image loads, as it would for a visitor who reads it all. Sums the image responses (the
 * placeholders are data: URLs inside the page, not downloads) and the layout shift meanwhile.
 */
export async function measureImages(browser: Browser, url: string, device: DeviceName = 'mobile'): Promise<ImageVisit> {
  const context = await browser.newContext({ ...DEVICES[device], serviceWorkers: 'block' })
  try {
    await context.addInitScript(CLS_OBSERVER)
    const page = await context.newPage()
    const bodies: Promise<ImageDownload | undefined>[] = []
    page.on('response', (response: Response) => {
      if (response.request().resourceType() !== 'image' || !response.url().startsWith('http')) return
      bodies.push(
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            bytes: body.length,
            contentType: response.headers()['content-type'] ?? '',
          }),
          () => undefined,
        ),
      )
    })
    const response = await page.goto(url, { waitUntil: 'load' })
    if (!response || response.status() !== 200)
      throw new Error(`${url} answered ${response?.status() ?? 'nothing'}, expected 200`)
    await page.evaluate(READ_WHOLE_PAGE)
    await page.waitForLoadState('networkidle')
    const { cls, notLoaded } = (await page.evaluate(`({
      cls: Number(window.__imageCls ?? 0),
      notLoaded: [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.currentSrc || img.src),
    })`)) as { cls: number; notLoaded: string[] }
    const images = (await Promise.all(bodies)).filter((i): i is ImageDownload => i !== undefined)
    images.sort((a, b) => a.path.localeCompare(b.path))
    return { url, device, images, imageBytes: images.reduce((sum, i) => sum + i.bytes, 0), cls, notLoaded }
  } finally {
    await context.close()
  }
}

/** The home page's images on a phone against their budget, and layout shift while a page's images load. */
export function checkImages(route: string, visit: ImageVisit): Miss[] {
  const misses: Miss[] = []
  if (route === '/' && visit.device === 'mobile' && kb(visit.imageBytes) > BUDGETS.homeImagesKb)
    misses.push({
      kind: 'images',
      route,
      check: 'images read through at a 412 px phone width',
      actual: formatKb(visit.imageBytes),
      budget: `<= ${BUDGETS.homeImagesKb} kB`,
      detail: visit.images.map((i) => `${i.path} ${formatKb(i.bytes)}`).join(', '),
    })
  if (visit.cls > BUDGETS.cls)
    misses.push({
      kind: 'cls',
      route,
      check: `CLS while the images load (${visit.device})`,
      actual: visit.cls.toFixed(4),
      budget: `<= ${BUDGETS.cls}`,
    })
  if (visit.notLoaded.length > 0)
    misses.push({
      kind: 'images',
      route,
      check: `images that did not load (${visit.device})`,
      actual: String(visit.notLoaded.length),
      budget: '0',
      detail: visit.notLoaded.slice(0, 5).join(', '),
    })
  return misses
}
