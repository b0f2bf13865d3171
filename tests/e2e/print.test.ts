import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type ProjectFacts, useBrowserAndFacts } from './content.ts'

/**
 * Printing / and a case study gives a clean CV (issue 48, section 4): each page printed to PDF by
 * Chromium in the dark theme, read back with pdfjs-dist. The PDF holds the content, the addresses
 * of external links and none of the screen's controls, in about as many pages as its text needs,
 * with no card split across two pages; the print layout has light colours and nothing wider than
 * the page.
 */
const siteUrl = inject('siteUrl')
const shared = useBrowserAndFacts()

/** A4, the paper most recruiters print on (Chromium's default is Letter, which is wider and shorter). */
const PAPER = { format: 'A4' } as const
/**
 * The printable box of an A4 page in CSS px (96 per inch) inside print.css's @page margins (14 mm
 * at the sides and top, 16 mm at the bottom): the width the print layout is measured at, and the
 * height a card must fit in to be kept whole.
 */
const PRINTABLE = { width: Math.floor(((210 - 28) / 25.4) * 96), height: Math.floor(((297 - 30) / 25.4) * 96) }
/**
 * The page-count bound. A page of 11 pt text holds about 3500 characters (spaces left out); cards,
 * headings and the whitespace a card moved to the next page leaves behind bring a clean print of
 * this site to 800-1000 per page. Under 700 on average, pages are going to something other than the
 * content: the header repeated on each page, a diagram printed larger than the page, one card per
 * page. The bound follows the content, so a longer case study may take more pages.
 */
const MIN_CHARS_PER_PAGE = 700

/** Characters the PDF's text of a card may have beyond its markup's: list markers, separators. */
const SPAN_SLACK = 40

interface PrintedPdf {
  /** Each page's text, whitespace removed and lower-cased (lines wrap, ligatures split, CSS uppercases). */
  pages: string[]
}

/** Text compared with the PDF's: no whitespace (the PDF's lines break elsewhere), one case, ligatures unfolded. */
const squash = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase()

async function readPdf(bytes: Buffer): Promise<PrintedPdf> {
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise
  const pages: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    pages.push(squash(content.items.map((item) => ('str' in item ? item.str : '')).join('')))
  }
  await doc.destroy()
  return { pages }
}

/** The page (0-based) that holds character `index` of the pages' text joined in order. */
function pageAt(pdf: PrintedPdf, index: number): number {
  let end = 0
  for (const [page, text] of pdf.pages.entries()) {
    end += text.length
    if (index < end) return page
  }
  return pdf.pages.length - 1
}

interface PrintedCard {
  /** The card's first words, as printed (squashed). */
  head: string
  /** Its lowest text on the page (the CSS may reorder what the markup has last), squashed. */
  tail: string
  /** How many characters of the PDF's text it may span, squashed. */
  span: number
  /** Its height in the print layout, CSS px. */
  height: number
}

/**
 * The cards of the print layout, in document order. Runs in the page under print emulation. A
 * card's text is what prints: hidden parts left out, an external link followed by its address (as
 * print.css's ::after adds it); a diagram's SVG text only counts towards its span (its order in the
 * PDF follows the drawing, not the markup).
 */
function printedCards(): PrintedCard[] {
  const squash = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase()
  const visibleText = (node: Text) => {
    const parent = node.parentElement
    return !!parent && !parent.closest('.visually-hidden, svg') && parent.checkVisibility() && squash(node.data) !== ''
  }
  const printed = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return visibleText(node as Text) ? (node as Text).data : ''
    if (!(node instanceof HTMLElement)) return ''
    const inner = [...node.childNodes].map(printed).join('')
    return node.matches('a[href^="http"]') ? `${inner} (${node.getAttribute('href')})` : inner
  }
  const cards = [...document.querySelectorAll<HTMLElement>('.card')].filter((card) => card.checkVisibility())
  return cards.map((card) => {
    const text = squash(printed(card))
    // The lowest text node, rightmost on its line, with a few characters to find it by.
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
    let tail = ''
    let lowest = { bottom: -Infinity, right: -Infinity }
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!visibleText(node) || squash(node.data).length < 6) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const r = range.getBoundingClientRect()
      if (r.bottom > lowest.bottom + 1 || (Math.abs(r.bottom - lowest.bottom) <= 1 && r.right > lowest.right)) {
        lowest = { bottom: r.bottom, right: r.right }
        tail = squash(node.data).slice(-24)
      }
    }
    const svgText = [...card.querySelectorAll('svg')].reduce((n, svg) => n + squash(svg.textContent ?? '').length, 0)
    return { head: text.slice(0, 24), tail, span: text.length + svgText, height: card.getBoundingClientRect().height }
  })
}

/** Text in the print layout whose colour falls under 4.5:1 against white paper. Runs in the page. */
function faintText(): string[] {
  const channel = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
  const luminance = (rgb: number[]) => 0.2126 * channel(rgb[0]!) + 0.7152 * channel(rgb[1]!) + 0.0722 * channel(rgb[2]!)
  // Computed colours come as rgb()/rgba() (0-255) or color(srgb ...) (0-1), with an optional alpha.
  const parse = (color: string): { rgb: number[]; alpha: number } | undefined => {
    const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(color)
    if (srgb) return { rgb: srgb.slice(1, 4).map(Number), alpha: srgb[4] === undefined ? 1 : Number(srgb[4]) }
    const rgb = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(color)
    if (rgb)
      return { rgb: rgb.slice(1, 4).map((v) => Number(v) / 255), alpha: rgb[4] === undefined ? 1 : Number(rgb[4]) }
    return undefined
  }
  const faint: string[] = []
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const own = [...element.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => (n as Text).data)
      .join('')
      .trim()
    if (!own || !element.checkVisibility() || element.closest('svg, .visually-hidden')) continue
    const color = parse(getComputedStyle(element).color)
    if (!color) {
      faint.push(`"${own.slice(0, 30)}": colour ${getComputedStyle(element).color} not understood`)
      continue
    }
    // Faded text is mixed with the white page behind it.
    const rgb = color.rgb.map((c) => c * color.alpha + (1 - color.alpha))
    const contrast = 1.05 / (luminance(rgb) + 0.05)
    if (contrast < 4.5)
      faint.push(`"${own.slice(0, 30)}" ${getComputedStyle(element).color} (${contrast.toFixed(2)}:1)`)
  }
  return faint
}

/** Controls and parts that only work on a screen, each as the PDF must not show it. */
const SCREEN_ONLY_TEXT = ['Skip to content', 'Open chat', 'Back to projects', 'On this page']
/** The screen-only parts of the layout: print.css hides them. */
const SCREEN_ONLY = ['.site-header', '.theme-toggle', '.chat', 'dialog', '.toc', '.copy-button']

describe('printing', () => {
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    // The dark theme, as a visitor who chose it has it: print must turn it light.
    context = await shared.browser.newContext({ colorScheme: 'dark' })
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'))
    page = await context.newPage()
  })
  afterAll(() => context?.close())

  const featured = () => shared.facts.projects.find((p) => p.featured) as ProjectFacts

  /** Opens `path`, checks the print layout in the page, then prints it. */
  async function print(path: string) {
    await page.goto(siteUrl + path)
    await page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth') // hydrated
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    const pdf = await readPdf(await page.pdf(PAPER))
    // The layout the PDF was made from, at the page's printable width.
    await page.setViewportSize(PRINTABLE)
    await page.emulateMedia({ media: 'print' })
    const layout = {
      shown: await page.evaluate(
        (selectors) =>
          selectors.filter((selector) =>
            [...document.querySelectorAll(selector)].some((e) => (e as HTMLElement).checkVisibility()),
          ),
        SCREEN_ONLY,
      ),
      // Nothing wider than the page: diagrams, images, tables and code fit or wrap.
      overflowing: await page.evaluate(() =>
        [...document.querySelectorAll('main svg, main img, main table, main pre')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((e) => `<${e.tagName.toLowerCase()}> ${Math.round(e.getBoundingClientRect().width)} px wide`),
      ),
      pageWidth: await page.evaluate(() => document.documentElement.scrollWidth),
      cards: await page.evaluate(printedCards),
      faint: await page.evaluate(faintText),
    }
    // emulateMedia stays set until reset, and page.pdf would print the screen layout.
    await page.emulateMedia({ media: null })
    return { pdf, layout }
  }

  /** Every check, each reported on its own (soft), so one run shows all that is wrong. */
  function expectClean({ pdf, layout }: Awaited<ReturnType<typeof print>>, keyText: string[]) {
    const all = pdf.pages.join('')
    const missing = keyText.filter((text) => !all.includes(squash(text)))
    expect.soft(missing, 'text missing from the PDF').toEqual([])
    expect
      .soft(
        SCREEN_ONLY_TEXT.filter((text) => all.includes(squash(text))),
        'screen-only text in the PDF',
      )
      .toEqual([])
    expect.soft(layout.shown, 'screen-only parts in the print layout').toEqual([])
    // The first few: in the dark theme, without print's light colours, it is every line.
    expect.soft(layout.faint.slice(0, 8), `text too light for white paper (${layout.faint.length})`).toEqual([])
    expect.soft(layout.overflowing, 'wider than the page').toEqual([])
    expect.soft(layout.pageWidth).toBeLessThanOrEqual(PRINTABLE.width)

    expect.soft(pdf.pages.length).toBeGreaterThanOrEqual(2)
    expect
      .soft(pdf.pages.length, `${all.length} characters`)
      .toBeLessThanOrEqual(Math.ceil(all.length / MIN_CHARS_PER_PAGE))

    // Each card that fits on a page begins and ends on the same page: its first words, found in
    // order (a cursor moves on, so a card's words repeated elsewhere are not taken for it), and its
    // lowest text, the last time it occurs within the card's span of the PDF's text.
    const split: string[] = []
    let cursor = 0
    for (const card of layout.cards) {
      const name = `card "${card.head}…"`
      const start = all.indexOf(card.head, cursor)
      const end = start < 0 ? -1 : all.lastIndexOf(card.tail, start + card.span + SPAN_SLACK)
      if (start < 0 || end < start) {
        split.push(`${name} (ending "${card.tail}") not found whole in the PDF: split or reordered`)
        continue
      }
      cursor = start
      const [first, last] = [pageAt(pdf, start), pageAt(pdf, end + card.tail.length - 1)]
      if (card.height <= PRINTABLE.height && first !== last)
        split.push(`${name} (${Math.round(card.height)} px) runs from page ${first + 1} to ${last + 1}`)
    }
    expect.soft(layout.cards.length).toBeGreaterThan(0)
    expect.soft(split).toEqual([])
  }

  it('/ prints the owner, every project with its addresses, and the contact, in light colours', async () => {
    const printed = await print('')
    const { portfolio, projects } = shared.facts
    const owner = (portfolio as unknown as { owner: { name: string }; hero: { headline: string } }).owner
    const hero = (portfolio as unknown as { hero: { headline: string } }).hero
    expectClean(printed, [
      owner.name,
      hero.headline,
      portfolio.availability.text,
      // The featured card links its live demo only; the others their source code too.
      ...projects.flatMap((p) => [p.title, p.liveUrl, ...(p.githubUrl && !p.featured ? [p.githubUrl] : [])]),
      portfolio.links.github,
      portfolio.links.linkedin,
    ])
  })

  it('the flagship case study prints every section, the demo login and its addresses, in light colours', async () => {
    const project = featured()
    const printed = await print(`projects/${project.id}`)
    expectClean(printed, [
      project.title,
      project.liveUrl,
      ...(project.githubUrl ? [project.githubUrl] : []),
      'Demo login',
      ...project.sections.map((s) => s.title),
    ])
  })
})
