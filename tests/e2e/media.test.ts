import { mkdtempSync, rmSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import type { Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { WIDTHS } from '../../cli/media/image-options.ts'
import { checkContent } from '../../cli/content/check-content.ts'
import { MIN_WIDTH } from '../../cli/content/rules/media.ts'
import { openStore } from '../../cli/cache/store.ts'
import { serveDist } from '../../cli/dev/serve-dist.ts'
import { BUDGETS, kb } from '../../scripts/audit/budgets.ts'
import { measureImages, READ_WHOLE_PAGE } from '../../scripts/audit/images.ts'
import {
  MEDIA_FIXTURE_CASE_STUDY,
  MEDIA_FIXTURE_PROJECTS,
  writeMediaFixture,
} from '../../scripts/audit/media-fixture.ts'
import { launchBrowser, watchConsole } from './browser.ts'
import { inTabs } from '../../scripts/audit/in-tabs.ts'
import { bothThemes } from './axe.ts'
import { MEASURE_SLOTS, type SlotWidth } from './image-slots.ts'

/**
 * Project media in real Chromium, on the media fixture (four projects, each a cover and three
 * screenshots, and the owner's photo) built like any content: what a phone downloads, that nothing
 * moves while images arrive, lazy and eager loading, `sizes` against the layout, the gallery and its
 * full-size dialog, and axe in both themes. The pictures are drawn as wide as the largest variant the
 * build makes, not at the audit's 2400 px: every width and format is still made, from a source that
 * costs under half the pixels to draw, decode and resize. The screenshots of the projects whose case
 * study no test opens are drawn 800 px wide (two widths each, every format still made).
 */
const repo = path.resolve(import.meta.dirname, '../..')
const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-e2e-media-'))
let browser: Browser
let server: Server
let siteUrl: string
let gallery: { alt: string; caption?: string }[]

beforeAll(async () => {
  const content = path.join(work, 'content')
  await mkdir(content)
  const widest = Math.max(...WIDTHS)
  await writeMediaFixture(repo, content, {
    sourceWidth: widest,
    // The other projects' screenshots are shown only on their own case studies, which no test here
    // opens: drawn at the narrowest a gallery image may be, they cost a fifth of the pixels to encode.
    screenshotWidth: (project) => (project === MEDIA_FIXTURE_CASE_STUDY ? widest : MIN_WIDTH.media),
  })
  const result = await runBuild({ root: content, outDir: path.join(work, 'dist'), base: '/' })
  if (!result.compiled)
    throw new Error(
      `media fixture build failed:\n${result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`).join('\n')}`,
    )
  // With the store the build kept its checks in: the images it decoded are not decoded again.
  const checked = await checkContent(content, { store: openStore() })
  const project = checked.content?.projects.find((p) => p.id === MEDIA_FIXTURE_CASE_STUDY) as
    | { media?: { alt: string; caption?: string }[] }
    | undefined
  gallery = project?.media ?? []
  const served = await serveDist(path.join(work, 'dist'), { base: '/', port: 0 })
  server = served.server
  siteUrl = served.url
  browser = await launchBrowser()
}, 240_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  rmSync(work, { recursive: true, force: true })
})

const caseStudy = () => `${siteUrl}projects/${MEDIA_FIXTURE_CASE_STUDY}`
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')

async function open(url: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } })
  await page.goto(url)
  await hydrated(page)
  return page
}

/** The variant a srcset lists last (the build lists them narrowest first). */
const largest = (srcset: string) => srcset.split(',').at(-1)!.trim().split(' ')[0]!

describe('what a phone downloads', () => {
  it(`reading / through at 412 px downloads at most ${BUDGETS.homeImagesKb} kB of images: each cover and the photo once, as AVIF`, async () => {
    const visit = await measureImages(browser, siteUrl, 'mobile')
    expect(visit.notLoaded).toEqual([])
    // Four covers and the photo, one variant each (a second variant of the same image would be waste).
    expect(visit.images).toHaveLength(MEDIA_FIXTURE_PROJECTS.length + 1)
    expect(new Set(visit.images.map((i) => i.path.replace(/-\d+\.\w+$/, ''))).size).toBe(visit.images.length)
    expect(visit.images.map((i) => i.contentType)).toEqual(visit.images.map(() => 'image/avif'))
    expect(kb(visit.imageBytes)).toBeLessThanOrEqual(BUDGETS.homeImagesKb)
  })

  it('nothing shifts while the images of / and a case study load, on a phone and a desktop', async () => {
    // The four visits side by side, each in a fresh context of its own: each mostly waits for images.
    const visits = [siteUrl, caseStudy()].flatMap((url) =>
      (['mobile', 'desktop'] as const).map((device) => ({ url, device })),
    )
    const measured = await inTabs(visits, visits.length, ({ url, device }) => measureImages(browser, url, device))
    const shifts: string[] = []
    visits.forEach(({ url, device }, i) => {
      const visit = measured[i]!
      expect(visit.notLoaded).toEqual([])
      if (visit.cls !== 0) shifts.push(`${url} ${device}: CLS ${visit.cls}`)
    })
    expect(shifts).toEqual([])
  }, 120_000)
})

describe('loading', () => {
  const attributes = (page: Page) =>
    page.$$eval('picture > img', (images) =>
      images.map((img) => ({
        slot: img.closest('picture')!.className,
        loading: img.getAttribute('loading'),
        fetchpriority: img.getAttribute('fetchpriority'),
        sized: img.hasAttribute('width') && img.hasAttribute('height'),
      })),
    )

  it('every image on / is lazy; on a case study only the header cover is eager and fetched first', async () => {
    const page = await open(siteUrl, 1440)
    const home = await attributes(page)
    expect(home.length).toBe(MEDIA_FIXTURE_PROJECTS.length + 1)
    expect(home.filter((i) => i.loading !== 'lazy' || i.fetchpriority !== null || !i.sized)).toEqual([])
    await page.goto(caseStudy())
    const study = await attributes(page)
    expect(study.filter((i) => i.loading === 'eager')).toEqual([
      {
        slot: 'picture project-header__cover project-header__cover--cropped',
        loading: 'eager',
        fetchpriority: 'high',
        sized: true,
      },
    ])
    expect(study.filter((i) => i.loading !== 'eager').every((i) => i.loading === 'lazy' && i.sized)).toBe(true)
    expect(study.length).toBe(1 + gallery.length)
    await page.close()
  })

  it('while the files are on their way, each image already has its final box and shows its placeholder', async () => {
    const page = await browser.newPage({ viewport: { width: 412, height: 900 } })
    // The image files wait until the boxes are measured; from then on they pass.
    const held: (() => Promise<void>)[] = []
    let released = false
    await page.route('**/media/**', (route) => {
      if (released) return route.continue()
      held.push(() => route.continue())
    })
    await page.goto(caseStudy(), { waitUntil: 'domcontentloaded' })
    await page.waitForFunction(() => document.querySelectorAll('picture > img').length > 0)
    const boxes = () =>
      page.$$eval('picture > img', (images) =>
        images.map((img) => {
          const box = img.getBoundingClientRect()
          return { width: box.width, height: box.height, background: getComputedStyle(img).backgroundImage }
        }),
      )
    const waiting = await boxes()
    for (const box of waiting) {
      expect(box.height).toBeGreaterThan(0)
      expect(box.background).toMatch(/^url\("data:image\/webp;base64,/)
    }
    expect(held.length).toBeGreaterThan(0)
    released = true
    await Promise.all(held.map((go) => go()))
    await page.evaluate(READ_WHOLE_PAGE)
    const loaded = await boxes()
    expect(loaded.map(({ width, height }) => ({ width, height }))).toEqual(
      waiting.map(({ width, height }) => ({ width, height })),
    )
    await page.close()
  })

  it("each slot's sizes says the width the layout gives its image (within 5%), at phone to desktop widths", async () => {
    // Three pages side by side, each loading its share of the visits at the visit's width.
    const visits = [360, 412, 768, 1024, 1440].flatMap((width) => [siteUrl, caseStudy()].map((url) => ({ width, url })))
    const pages = await Promise.all(Array.from({ length: 3 }, () => browser.newPage()))
    const slots = await inTabs(visits, pages.length, async ({ width, url }, tab) => {
      const page = pages[tab]!
      await page.setViewportSize({ width, height: 900 })
      await page.goto(url)
      await hydrated(page)
      return (await page.evaluate(MEASURE_SLOTS)) as SlotWidth[]
    })
    await Promise.all(pages.map((page) => page.close()))
    const off: string[] = []
    visits.forEach(({ width }, i) => {
      for (const slot of slots[i]!)
        if (Math.abs(slot.sizes - slot.rendered) > Math.max(8, slot.rendered * 0.05))
          off.push(`${width}px ${slot.slot} "${slot.alt}": sizes ${slot.sizes} px, laid out ${slot.rendered} px`)
    })
    expect(off).toEqual([])
  }, 120_000)
})

describe('gallery', () => {
  it('/ and the case study hydrate with their images without a console error or warning, and a gallery image opens', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const problems = watchConsole(page)
    for (const url of [siteUrl, caseStudy()]) {
      await page.goto(url)
      await hydrated(page)
      await page.evaluate(READ_WHOLE_PAGE)
    }
    await page.locator('.gallery__open').last().click()
    await page.locator('dialog.diagram-dialog--image[open] img').evaluate((img: HTMLImageElement) => img.decode())
    await page.keyboard.press('Escape')
    expect(problems).toEqual([])
    await page.close()
  })

  it("shows the project's media in order with their captions, and the table of contents links to it", async () => {
    const page = await open(caseStudy(), 1440)
    const figures = await page.$$eval('.gallery figure', (items) =>
      items.map((figure) => ({
        alt: figure.querySelector('img')!.alt,
        caption: figure.querySelector('figcaption')?.textContent ?? undefined,
      })),
    )
    expect(figures).toEqual(gallery.map(({ alt, caption }) => ({ alt, caption })))
    const section = await page.locator('.gallery').evaluate((list) => list.closest('section')!.id)
    expect(await page.locator(`.toc a[href="#${section}"]`).count()).toBe(1)
    await page.close()
  })

  for (const width of [390, 1440]) {
    it(`at ${width} px an image opens full size (its largest variant) on click and on Enter, zooms, and Escape closes it with focus back on the image`, async () => {
      const page = await open(caseStudy(), width)
      const first = page.locator('.gallery__open').first()
      const dialog = page.locator('dialog.diagram-dialog--image[open]')

      await first.scrollIntoViewIfNeeded()
      await first.click()
      await dialog.waitFor()
      expect(await page.getByRole('dialog', { name: gallery[0]!.caption ?? gallery[0]!.alt }).count()).toBe(1)
      const full = dialog.locator('img')
      await full.evaluate((img: HTMLImageElement) => img.decode())
      const { currentSrc, avif } = await full.evaluate((img: HTMLImageElement) => ({
        currentSrc: new URL(img.currentSrc).pathname,
        avif: img.parentElement!.querySelector('source[type="image/avif"]')!.getAttribute('srcset')!,
      }))
      expect(currentSrc).toBe(largest(avif))
      // Opened to fit the view: nothing to scroll at 100%.
      const fits = await dialog
        .locator('.diagram-dialog__view')
        .evaluate((view) => view.scrollWidth <= view.clientWidth && view.scrollHeight <= view.clientHeight)
      expect(fits).toBe(true)
      expect(await dialog.locator('output').textContent()).toBe('100%')
      await page.keyboard.press('+')
      expect(await dialog.locator('output').textContent()).toBe('125%')
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await first.evaluate((button) => button === document.activeElement)).toBe(true)

      const second = page.locator('.gallery__open').nth(1)
      await second.focus()
      await page.keyboard.press('Enter')
      await dialog.waitFor()
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
      await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      expect(await second.evaluate((button) => button === document.activeElement)).toBe(true)
      await page.close()
    })
  }
})

describe('accessibility', () => {
  for (const width of [390, 1440]) {
    it(`at ${width} px axe finds nothing on / and the case study with their images, nor in the open gallery dialog, in both themes`, async () => {
      // The two pages side by side, each in a context of its own.
      const found = (
        await Promise.all(
          [siteUrl, caseStudy()].map(async (url) => {
            const page = await open(url, width)
            await page.evaluate(READ_WHOLE_PAGE)
            const onPage = await bothThemes(page, url)
            if (url !== siteUrl) {
              await page.locator('.gallery__open').first().click()
              await page.locator('dialog.diagram-dialog--image[open]').waitFor()
              onPage.push(...(await bothThemes(page, 'dialog', { scope: 'dialog[open]', injected: true })))
            }
            await page.close()
            return onPage
          }),
        )
      ).flat()
      expect(found).toEqual([])
    }, 60_000)
  }
})
