import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { parse } from 'yaml'
import type { PostSummary } from '../../cli/content/content-types.ts'
import { FIXTURES_DIR } from '../helpers/fixtures.ts'
import { WRITING_FIXTURE } from '../helpers/writing-content.ts'
import { DESKTOP, launchBrowser, setTheme, watchConsole } from './browser.ts'
import { inTabs } from '../../scripts/audit/in-tabs.ts'
import { bothThemes } from './axe.ts'

/**
 * Writing (issue 47) as a visitor meets it, in real Chromium, on the shipped content built with the
 * writing fixture's posts (tests/fixtures/writing/posts/: two published, one a draft; the global
 * setup builds and serves it): /writing, a post, a tag page, the home page's and a case study's
 * lists of posts, the navigation, the feeds, what a draft and an unknown address give, moving
 * between them in the app, axe, and a post page's width on a phone and a desktop.
 */
const siteUrl = inject('postsSiteUrl')
const siteDir = inject('postsSiteDir')
/** The shipped content without posts, for what a site without writing does not show. */
const plainSiteUrl = inject('siteUrl')

interface FrontMatter {
  title: string
  summary: string
  published: string
  updated?: string
  tags: string[]
  projects?: string[]
  cover?: { src: string; alt: string }
}

/** Expectations come from the fixture's own front matter, not a copy of it. */
function frontMatter(slug: string): FrontMatter {
  const text = readFileSync(path.join(FIXTURES_DIR, 'writing', 'posts', `${slug}.md`), 'utf8')
  return parse(/^---\n([\s\S]*?)\n---\n/.exec(text)![1]!) as FrontMatter
}
const [WEBHOOKS, TOKENS] = WRITING_FIXTURE.published
const DRAFT = WRITING_FIXTURE.draft
const webhooks = frontMatter(WEBHOOKS)
const tokens = frontMatter(TOKENS)
const draft = frontMatter(DRAFT)
/** The reading time the build counted, from the index it wrote (the count itself is the compile tests'). */
const index = JSON.parse(readFileSync(path.join(siteDir, 'data/posts.json'), 'utf8')) as PostSummary[]
const minutes = (slug: string) => `${index.find((post) => post.slug === slug)!.readingMinutes} min read`

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
/** "March 14, 2026", as a reader of an English page sees "2026-03-14". */
const spelled = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number)
  return `${MONTHS[month! - 1]} ${day}, ${year}`
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** The app sets this on <html> once it has hydrated and handled the first location. */
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')

async function open(route: string, options = DESKTOP): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage()
  await page.goto(siteUrl + route)
  await hydrated(page)
  return page
}

/** Each post of a list as a visitor reads it: title, the meta line, and its tags. */
const listed = (page: Page, scope: string) =>
  page.locator(`${scope} .post-item`).evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('.post-item__title')?.textContent ?? '',
      href: item.querySelector('.post-item__title a')?.getAttribute('href') ?? '',
      meta: [...item.querySelectorAll('.post-meta > span')].map((span) => span.textContent ?? ''),
      tags: [...item.querySelectorAll('.tags a')].map((a) => a.textContent ?? ''),
    })),
  )

describe('/writing', () => {
  it('lists the published posts newest first, each with its dates, reading time and tags, and never the draft', async () => {
    const page = await open('writing')
    expect(await page.title()).toMatch(/Writing/)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Posts')
    expect(await listed(page, 'main')).toEqual([
      {
        title: webhooks.title,
        href: `/writing/${WEBHOOKS}`,
        meta: [`Published ${spelled(webhooks.published)}`, `Updated ${spelled(webhooks.updated!)}`, minutes(WEBHOOKS)],
        tags: webhooks.tags,
      },
      {
        title: tokens.title,
        href: `/writing/${TOKENS}`,
        meta: [`Published ${spelled(tokens.published)}`, minutes(TOKENS)],
        tags: tokens.tags,
      },
    ])
    expect(await page.getByText(draft.title).count()).toBe(0)
    // Every tag of the published posts, and none only the draft has.
    const every = await page.getByRole('list', { name: 'Every tag' }).getByRole('link').allTextContents()
    expect(every.sort()).toEqual([...new Set([...webhooks.tags, ...tokens.tags])].sort())
    await page.context().close()
  })

  it('shows a visible link to each feed, and the feed it links to is served with the posts at their addresses', async () => {
    const page = await open('writing')
    const feeds = [
      { name: 'Atom feed', href: '/feed.xml', type: 'application/atom+xml' },
      { name: 'RSS feed', href: '/rss.xml', type: 'application/rss+xml' },
      { name: 'JSON Feed feed', href: '/feed.json', type: 'application/feed+json' },
    ]
    for (const feed of feeds) {
      const link = page.getByRole('main').getByRole('link', { name: feed.name, exact: true })
      expect(await link.isVisible(), feed.name).toBe(true)
      expect(await link.getAttribute('href')).toBe(feed.href)
      expect(await link.getAttribute('type')).toBe(feed.type)
      const response = await page.request.get(new URL(feed.href, siteUrl).href)
      expect(response.status(), feed.href).toBe(200)
      const text = await response.text()
      // Absolute from site.url; the newest post first; never the draft.
      const [first, second] = [WEBHOOKS, TOKENS].map((slug) => text.indexOf(`https://aaravsharma.dev/writing/${slug}`))
      expect(first, feed.href).toBeGreaterThan(-1)
      expect(second, feed.href).toBeGreaterThan(first!)
      expect(text).not.toContain(DRAFT)
    }
    await page.context().close()
  })
})

describe('the head of every page names the three feeds', () => {
  it('with <link rel="alternate"> on /, /writing, a post, a tag page and a case study; a site without posts names none', async () => {
    const context = await browser.newContext(DESKTOP)
    const alternates = (page: Page) =>
      page
        .locator('head link[rel="alternate"]')
        .evaluateAll((links) => links.map((l) => `${l.getAttribute('type')} ${l.getAttribute('href')}`))
    // The routes in three tabs side by side, each navigating from one route to the next.
    const routes = ['', 'writing', `writing/${WEBHOOKS}`, 'writing/tags/security', 'projects/authstack']
    const tabs = await Promise.all(Array.from({ length: 3 }, () => context.newPage()))
    const found = await inTabs(routes, tabs.length, async (route, tab) => {
      await tabs[tab]!.goto(siteUrl + route)
      return alternates(tabs[tab]!)
    })
    routes.forEach((route, i) => {
      expect(found[i], `/${route}`).toEqual([
        'application/atom+xml https://aaravsharma.dev/feed.xml',
        'application/rss+xml https://aaravsharma.dev/rss.xml',
        'application/feed+json https://aaravsharma.dev/feed.json',
      ])
    })
    const page = tabs[0]!
    await page.goto(plainSiteUrl)
    expect(await alternates(page)).toEqual([])
    expect((await page.request.get(`${plainSiteUrl}feed.xml`)).status()).toBe(404)
    await context.close()
  })
})

describe('a post page', () => {
  it('shows the title, summary, dates, reading time, tags and the cover image', async () => {
    const page = await open(`writing/${WEBHOOKS}`)
    expect(await page.title()).toContain(webhooks.title)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(webhooks.title)
    const header = page.locator('header.post-header')
    expect(await header.textContent()).toContain(webhooks.summary)
    expect(await header.locator('.post-meta > span').allTextContents()).toEqual([
      `Published ${spelled(webhooks.published)}`,
      `Updated ${spelled(webhooks.updated!)}`,
      minutes(WEBHOOKS),
    ])
    expect(await header.getByRole('list', { name: 'Tags' }).getByRole('link').allTextContents()).toEqual(webhooks.tags)
    const cover = header.getByRole('img', { name: webhooks.cover!.alt })
    await cover.scrollIntoViewIfNeeded()
    await expect
      .poll(() => cover.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    const box = await cover.boundingBox()
    expect(box!.width).toBeGreaterThan(300)
    await page.context().close()
  })

  it('keeps the cover its shape before the image arrives, so nothing below it moves when it does', async () => {
    const context = await browser.newContext(DESKTOP)
    const page = await context.newPage()
    // The cover's files are held back: the page lays out with only what its HTML and CSS say.
    await page.route('**/media/**', () => undefined)
    await page.goto(siteUrl + `writing/${WEBHOOKS}`, { waitUntil: 'domcontentloaded' })
    await hydrated(page)
    const cover = page.locator('header.post-header').getByRole('img', { name: webhooks.cover!.alt })
    const box = (await cover.boundingBox())!
    const [width, height] = await cover.evaluate((img) => [
      Number(img.getAttribute('width')),
      Number(img.getAttribute('height')),
    ])
    expect(box.width).toBeGreaterThan(300)
    // The box has its 1 px border around the image's shape.
    expect(Math.abs(box.height - 2 - ((box.width - 2) * height!) / width!)).toBeLessThan(1)
    await context.close()
  })

  it('has a table of contents when it is long, whose links land on their headings; a short post has none', async () => {
    const page = await open(`writing/${WEBHOOKS}`, { ...DESKTOP, reducedMotion: 'reduce' })
    const toc = page.getByRole('navigation', { name: 'On this page' })
    expect(await toc.getByRole('link').allTextContents()).toEqual([
      'The raw body is the message',
      'Compare in constant time',
      'Where it sits in the checkout',
    ])
    await toc.getByRole('link', { name: 'Where it sits in the checkout' }).click()
    await page.waitForURL(/#where-it-sits-in-the-checkout$/)
    const heading = page.getByRole('heading', { level: 2, name: 'Where it sits in the checkout' })
    await expect.poll(() => heading.evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeLessThan(200)
    expect(await heading.evaluate((h) => h.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0)
    await page.goto(`${siteUrl}writing/${TOKENS}`)
    await hydrated(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(tokens.title)
    expect(await page.getByRole('navigation', { name: 'On this page' }).count()).toBe(0)
    await page.context().close()
  })

  it('highlights its code: keywords and strings are coloured unlike the plain code', async () => {
    const page = await open(`writing/${WEBHOOKS}`)
    const code = page.locator('.post-body pre code.language-ts')
    expect(await code.textContent()).toContain("app.post('/webhooks/razorpay'")
    const colours = await code.evaluate((el) => ({
      plain: getComputedStyle(el).color,
      keyword: getComputedStyle(el.querySelector('.hljs-keyword')!).color,
      string: getComputedStyle(el.querySelector('.hljs-string')!).color,
    }))
    expect(colours.keyword).not.toBe(colours.plain)
    expect(colours.string).not.toBe(colours.plain)
    await page.context().close()
  })

  it('draws the Mermaid diagram with its title; on a phone it offers "View full size", which opens at readable size and closes on Escape', async () => {
    const desktop = await open(`writing/${WEBHOOKS}`)
    const figure = desktop.locator('.post-body figure.diagram')
    expect(await figure.locator('figcaption').textContent()).toBe('Webhook flow')
    const svg = figure.locator('.diagram__canvas svg')
    expect(await svg.getAttribute('aria-label')).toBe('Webhook flow')
    // The participants and messages are drawn, as text in the picture.
    const drawn = await svg.locator('text').allTextContents()
    for (const text of ['Gateway', 'Webhook route', 'Order service', 'mark the order paid'])
      expect(drawn.join('\n')).toContain(text)
    expect((await svg.boundingBox())!.width).toBeGreaterThan(300)
    await desktop.context().close()

    const phone = await open(`writing/${WEBHOOKS}`, { viewport: { width: 390, height: 800 } })
    await phone.waitForFunction(() => (document.querySelector('.post-body .diagram') as HTMLElement).dataset.fit)
    const button = phone.locator('.post-body .diagram').getByRole('button', { name: /View full size/ })
    expect(await button.isVisible()).toBe(true)
    await button.click()
    const dialog = phone.locator('dialog.diagram-dialog[open]')
    await dialog.waitFor()
    expect(await dialog.locator('svg text').allTextContents()).toContain('Gateway')
    // Readable there: the picture's text at 12 CSS px or more.
    const smallest = await dialog.evaluate((d) =>
      Math.min(
        ...[...d.querySelectorAll('svg text')].map((t) => {
          const own = (t as SVGTextElement).getBBox().height
          return own > 0 ? (parseFloat(getComputedStyle(t).fontSize) * t.getBoundingClientRect().height) / own : 99
        }),
      ),
    )
    expect(smallest).toBeGreaterThanOrEqual(11.95)
    // It zooms.
    const zoom = dialog.locator('output')
    expect(await zoom.textContent()).toBe('100%')
    await phone.keyboard.press('+')
    expect(await zoom.textContent()).toBe('125%')
    await phone.keyboard.press('Escape')
    await expect.poll(() => phone.locator('dialog.diagram-dialog[open]').count()).toBe(0)
    await phone.context().close()
  })

  it('ends with the cards of its related projects, each leading to its case study, which lists the post under "Writing about this project"', async () => {
    const page = await open(`writing/${WEBHOOKS}`)
    const related = page.getByRole('region', { name: 'Related projects' })
    const details = await related
      .getByRole('link', { name: /^Details of / })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(details).toEqual(webhooks.projects!.map((id) => `/projects/${id}`))
    await related
      .getByRole('link', { name: /^Details of / })
      .first()
      .click()
    await page.waitForURL(`${siteUrl}projects/${webhooks.projects![0]}`)
    const about = page.getByRole('region', { name: 'Writing about this project' })
    await about.waitFor()
    expect((await listed(page, '.project-posts')).map((post) => post.title)).toEqual([webhooks.title])
    // AuthStack is named by both posts: newest first.
    await page.goto(`${siteUrl}projects/authstack`)
    await hydrated(page)
    expect((await listed(page, '.project-posts')).map((post) => post.title)).toEqual([webhooks.title, tokens.title])
    // The draft's project lists nothing.
    await page.goto(`${siteUrl}projects/${draft.projects![0]}`)
    await hydrated(page)
    expect(await page.getByRole('region', { name: 'Writing about this project' }).count()).toBe(0)
    await page.context().close()
  })

  it('leads from a tag to its page: "N posts tagged X", the posts with it newest first, the other tags', async () => {
    const page = await open(`writing/${WEBHOOKS}`)
    await page.locator('header.post-header').getByRole('link', { name: 'Node.js', exact: true }).click()
    await page.waitForURL(`${siteUrl}writing/tags/node-js`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Node.js')
    expect(await page.getByText('2 posts tagged Node.js').isVisible()).toBe(true)
    expect((await listed(page, 'main')).map((post) => post.title)).toEqual([webhooks.title, tokens.title])
    await page.goto(`${siteUrl}writing/tags/payments`)
    await hydrated(page)
    expect(await page.getByText('1 post tagged payments').isVisible()).toBe(true)
    expect((await listed(page, 'main')).map((post) => post.title)).toEqual([webhooks.title])
    expect(await page.getByRole('list', { name: 'Other tags' }).getByRole('link').allTextContents()).not.toContain(
      'payments',
    )
    await page.context().close()
  })
})

describe('the rest of the site', () => {
  it('shows the latest posts on the home page, with a link to all of them', async () => {
    const page = await open('')
    const section = page.getByRole('region', { name: 'Latest writing' })
    expect((await listed(page, '#writing')).map((post) => post.title)).toEqual([webhooks.title, tokens.title])
    await section.getByRole('link', { name: 'All posts' }).click()
    await page.waitForURL(`${siteUrl}writing`)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Posts')
    await page.context().close()
  })

  it('has "Writing" in the navigation, marked current on /writing; a site without posts has none', async () => {
    const page = await open('')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const writing = nav.getByRole('link', { name: 'Writing', exact: true })
    expect(await writing.isVisible()).toBe(true)
    await writing.click()
    await page.waitForURL(`${siteUrl}writing`)
    expect(await writing.getAttribute('aria-current')).toBe('page')
    await page.goto(plainSiteUrl)
    await hydrated(page)
    expect(await nav.getByText('Writing', { exact: true }).count()).toBe(0)
    expect(await page.getByRole('region', { name: 'Latest writing' }).count()).toBe(0)
    await page.context().close()
  })
})

describe('what is not there', () => {
  for (const [label, route] of [
    ['the draft', `writing/${DRAFT}`],
    ['an unknown post', 'writing/no-such-post'],
    ['an unknown tag', 'writing/tags/no-such-tag'],
    ['a tag only the draft has', `writing/tags/${draft.tags[0]}`],
  ] as const) {
    it(`answers ${label} with the not-found page and status 404, also once the app has started`, async () => {
      const page = await (await browser.newContext(DESKTOP)).newPage()
      const response = await page.goto(siteUrl + route)
      expect(response?.status()).toBe(404)
      await hydrated(page)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found')
      await expect.poll(() => page.locator('main').textContent()).toContain(`There is no page at /${route}.`)
      await page.context().close()
    })
  }

  it('does not publish the draft: no data file, no social card, absent from the sitemap', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    expect((await page.request.get(`${siteUrl}data/posts/${DRAFT}.json`)).status()).toBe(404)
    expect((await page.request.get(`${siteUrl}og/writing/${DRAFT}.png`)).status()).toBe(404)
    const sitemap = await (await page.request.get(`${siteUrl}sitemap.xml`)).text()
    expect(sitemap).toContain(`/writing/${WEBHOOKS}</loc>`)
    expect(sitemap).not.toContain(DRAFT)
    await page.context().close()
  })
})

describe('moving in the app', () => {
  it('goes from /writing to a post and back without a full page load, and without a console error', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage()
    const problems = watchConsole(page)
    await page.goto(siteUrl + 'writing', { waitUntil: 'networkidle' })
    await hydrated(page)
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }))
    await page.getByRole('link', { name: tokens.title }).click()
    await page.waitForURL(`${siteUrl}writing/${TOKENS}`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(tokens.title)
    expect(await page.locator('.post-body pre code.language-sql').count()).toBe(1)
    expect(await page.title()).toContain(tokens.title)
    await page.goBack()
    await page.waitForURL(`${siteUrl}writing`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Posts')
    expect((await listed(page, 'main')).map((post) => post.title)).toEqual([webhooks.title, tokens.title])
    // And to the other post through its "All posts" link, into a tag page, and back home.
    await page.getByRole('link', { name: webhooks.title }).click()
    await page.waitForURL(`${siteUrl}writing/${WEBHOOKS}`)
    await page.getByRole('img', { name: 'Webhook flow' }).waitFor()
    await page.getByRole('link', { name: 'All posts' }).click()
    await page.waitForURL(`${siteUrl}writing`)
    await page.getByRole('list', { name: 'Every tag' }).getByRole('link', { name: 'security' }).click()
    await page.waitForURL(`${siteUrl}writing/tags/security`)
    await expect.poll(() => page.getByText('2 posts tagged security').count()).toBe(1)
    expect(await page.evaluate(() => 'stayedInApp' in window), 'no full page load').toBe(true)
    expect(problems).toEqual([])
    await page.context().close()
  })
})

describe('accessibility and layout', () => {
  it('axe finds no violations on /writing, a post and a tag page, in both themes', async () => {
    // The three pages side by side, in tabs of one context.
    const context = await browser.newContext(DESKTOP)
    const found = (
      await Promise.all(
        ['writing', `writing/${WEBHOOKS}`, 'writing/tags/node-js'].map(async (route) => {
          const page = await context.newPage()
          await page.goto(siteUrl + route)
          await hydrated(page)
          return bothThemes(page, `/${route}`)
        }),
      )
    ).flat()
    expect(found).toEqual([])
    await context.close()
  }, 120_000)

  it('a post page has nothing wider than the screen at 390 and 1440 px, in the light and dark themes', async () => {
    // The two widths side by side, each in a context of its own.
    const problems = (
      await Promise.all(
        [390, 1440].map(async (width) => {
          const problems: string[] = []
          const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage()
          await page.goto(`${siteUrl}writing/${WEBHOOKS}`)
          await hydrated(page)
          for (const theme of ['light', 'dark'] as const) {
            await setTheme(page, theme)
            const { scrollWidth, wide } = await page.evaluate(() => ({
              scrollWidth: document.documentElement.scrollWidth,
              // Anything reaching past the viewport's right edge, other than inside a box that scrolls it.
              wide: [...document.querySelectorAll('main *')]
                .filter((el) => {
                  const rect = el.getBoundingClientRect()
                  if (rect.width === 0 || rect.right <= document.documentElement.clientWidth + 0.5) return false
                  for (let up = el.parentElement; up; up = up.parentElement)
                    if (/auto|scroll|hidden/.test(getComputedStyle(up).overflowX)) return false
                  return true
                })
                .slice(0, 5)
                .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
            }))
            if (scrollWidth > width) problems.push(`${width}px ${theme}: the page scrolls sideways (${scrollWidth}px)`)
            if (wide.length > 0) problems.push(`${width}px ${theme}: past the edge: ${wide.join(', ')}`)
          }
          await page.context().close()
          return problems
        }),
      )
    ).flat()
    expect(problems).toEqual([])
  })
})
