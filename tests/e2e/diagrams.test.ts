import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { DESKTOP_COLUMN_PX, MIN_TEXT_PX } from '../../cli/compile/diagram-width.ts'
import { useBrowserAndFacts } from './content.ts'

/**
 * Diagrams a visitor can read: on every case study, at phone, tablet and desktop width, each diagram
 * fits its box (nothing to scroll sideways) and either shows its smallest text at >= 12 CSS px or
 * offers "View full size", whose dialog shows it at >= 12 px, opens and closes from the keyboard
 * and passes axe. One browser, one page per width, reused across the case studies.
 */
const siteUrl = inject('siteUrl')
const shared = useBrowserAndFacts()
const WIDTHS = [390, 768, 1440] as const

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth')

interface Measured {
  title: string
  fit: string | undefined
  /** How far the picture reaches past its box's content edge (px); 0 when it fits. */
  overflow: number
  /** The smallest text of the picture as displayed: font size times the picture's on-screen scale. */
  smallestText: number
  hasFullSize: boolean
  label: string
  canvasWidth: number
}

/** Displayed text size of each SVG under `root`: its text elements' on-screen height over their own (SVG unit) height, times their font size. */
function measureIn(page: Page, selector: string): Promise<Measured[]> {
  return page.$$eval(selector, (figures) =>
    figures.map((figure) => {
      const canvas = figure.querySelector('.diagram__canvas, .diagram-dialog__picture') as HTMLElement
      const svg = canvas.querySelector('svg') as SVGSVGElement
      const style = getComputedStyle(canvas)
      const inner = canvas.getBoundingClientRect()
      const contentRight = inner.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth)
      let smallest = Infinity
      for (const text of svg.querySelectorAll('text')) {
        const box = (text as SVGTextElement).getBBox()
        const onScreen = text.getBoundingClientRect()
        if (box.height === 0) continue
        smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * (onScreen.height / box.height))
      }
      return {
        title: figure.querySelector('.diagram__caption strong, .diagram-dialog__title')?.textContent ?? '',
        fit: (figure as HTMLElement).dataset.fit,
        overflow: Math.max(
          0,
          svg.getBoundingClientRect().right - contentRight,
          canvas.scrollWidth - canvas.clientWidth,
        ),
        smallestText: Math.round(smallest * 100) / 100,
        hasFullSize:
          (figure.querySelector('button.diagram__full-size') as HTMLElement | null)?.checkVisibility() ?? false,
        label: svg.getAttribute('aria-label') ?? '',
        canvasWidth: inner.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      }
    }),
  )
}

describe('diagrams', () => {
  it('fit their box on every case study at 390, 768 and 1440 px: text >= 12 px, or a full-size view; every database section has its ER diagram', async () => {
    const problems: string[] = []
    for (const width of WIDTHS) {
      const page = await shared.browser.newPage({ viewport: { width, height: 900 } })
      for (const project of shared.facts.projects) {
        await page.goto(`${siteUrl}projects/${project.id}`)
        await hydrated(page)
        // Each figure says whether it fits once it has measured itself.
        await page.waitForFunction(() =>
          [...document.querySelectorAll('.diagram')].every((f) => (f as HTMLElement).dataset.fit),
        )
        const figures = await measureIn(page, '.diagram')
        const where = (m: Measured) => `${project.id} ${width}px "${m.title}"`
        for (const m of figures) {
          if (m.overflow > 0.5) problems.push(`${where(m)} overflows its box by ${m.overflow.toFixed(1)} px`)
          if (m.fit === 'yes' && m.smallestText < MIN_TEXT_PX - 0.05)
            problems.push(`${where(m)} shows text at ${m.smallestText} px without a full-size view`)
          if (m.fit === 'no' && !m.hasFullSize)
            problems.push(`${where(m)} is too small to read and has no "View full size"`)
          if (m.fit === 'yes' && m.hasFullSize) problems.push(`${where(m)} reads in place yet offers a full-size view`)
        }
        // The build's warning assumes this column width at desktop size.
        if (width === 1440 && figures.some((m) => Math.abs(m.canvasWidth - DESKTOP_COLUMN_PX) > 1))
          problems.push(
            `${project.id}: the diagram column is ${figures[0]?.canvasWidth} px wide at 1440 px, not DESKTOP_COLUMN_PX (${DESKTOP_COLUMN_PX})`,
          )
        const databases = project.sections.filter((s) => s.kind === 'database')
        const erFigures = await page.$$eval('[data-kind="database"] .diagram__canvas svg.diagram-svg', (svgs) =>
          svgs.map((svg) => svg.getAttribute('aria-label') ?? ''),
        )
        if (erFigures.length !== databases.length)
          problems.push(
            `${project.id} ${width}px: ${erFigures.length} ER diagrams for ${databases.length} database sections`,
          )
        for (const label of erFigures)
          if (!/^Entity-relationship diagram\. Entities: .+\./.test(label))
            problems.push(`${project.id}: ER diagram without a text alternative (${label})`)
      }
      await page.close()
    }
    expect(problems).toEqual([])
  }, 180_000)

  it('opens "View full size" from the keyboard at readable size, zooms with + and -, passes axe, and closes on Escape with focus back on its button', async () => {
    const page = await shared.browser.newPage({ viewport: { width: 390, height: 800 } })
    await page.goto(`${siteUrl}projects/${shared.facts.projects.find((p) => p.featured)!.id}`)
    await hydrated(page)
    const button = page.locator('.diagram[data-fit="no"] button.diagram__full-size').first()
    await button.focus()
    await page.keyboard.press('Enter')
    const dialog = page.locator('dialog.diagram-dialog[open]')
    await dialog.waitFor()
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    const [shown] = await measureIn(page, 'dialog.diagram-dialog[open]')
    expect(shown!.smallestText).toBeGreaterThanOrEqual(MIN_TEXT_PX - 0.05)
    const zoom = dialog.locator('output')
    expect(await zoom.textContent()).toBe('100%')
    await page.keyboard.press('+')
    expect(await zoom.textContent()).toBe('125%')
    await page.keyboard.press('-')
    expect(await zoom.textContent()).toBe('100%')
    // The picture pans: Tab reaches it (a focusable scroll area) and the arrow keys scroll it.
    await dialog.locator('.diagram-dialog__view').focus()
    const before = await dialog.locator('.diagram-dialog__view').evaluate((v) => v.scrollLeft)
    await page.keyboard.press('ArrowRight')
    await page.waitForFunction(
      (start) => (document.querySelector('.diagram-dialog__view') as HTMLElement).scrollLeft > start,
      before,
    )
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
      const { violations } = await new AxeBuilder({ page })
        .setLegacyMode(true)
        .include('dialog.diagram-dialog[open]')
        .analyze()
      expect(violations.map((v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
        [],
      )
    }
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' }).catch(() => undefined)
    expect(await page.locator('dialog.diagram-dialog[open]').count()).toBe(0)
    expect(await button.evaluate((b) => b === document.activeElement)).toBe(true)
    await page.close()
  }, 60_000)
})
