import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { CompiledContent } from '../../cli/pipeline/compile-content.ts'
import { escapeXml, FONT_FILES, loadFonts, readFontMetrics, RESVG_OPTIONS, renderCard, socialCardSvgs, wrapText, writeSocialImages } from '../../cli/pipeline/social-images.ts'

const temps: string[] = []
afterEach(() => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

const content = (overrides: { title?: string; description?: string; tech?: string[] } = {}): CompiledContent => ({
  portfolio: {
    site: { url: 'https://jane.example', title: 'Jane Doe' },
    owner: { name: 'Jane Doe', role: 'Full-Stack Developer' },
    hero: { headline: 'I build dependable web apps', claims: [{ value: '99.9%', label: 'Uptime' }, { value: '500', label: 'Concurrent users' }] },
    availability: { text: 'Open to work' },
  },
  projects: [
    { id: 'alpha', title: overrides.title ?? 'Alpha', description: overrides.description ?? 'A project that does one thing well.', tech: overrides.tech ?? ['React', 'Node.js'] },
    { id: 'beta-two', title: 'Beta', description: 'Another one.', tech: [] },
  ],
})

/** Width, height and RGBA pixels of a PNG, decoded by resvg (an <image> of it at 1:1). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** Pixels that differ from the top-left one: how much was drawn on a plain background. */
function drawnPixels(svg: string): number {
  const image = new Resvg(svg, RESVG_OPTIONS).render()
  const { pixels } = image
  let drawn = 0
  for (let i = 0; i < pixels.length; i += 4) if (pixels[i] !== pixels[0] || pixels[i + 1] !== pixels[1] || pixels[i + 2] !== pixels[2]) drawn += 1
  return drawn
}

describe('readFontMetrics', () => {
  const font = readFontMetrics(readFileSync(FONT_FILES.regular))

  it('measures with the font’s own advance widths, proportional to the size', () => {
    expect(font.measure('', 40)).toBe(0)
    expect(font.measure('W', 40)).toBeGreaterThan(font.measure('i', 40))
    expect(font.measure('Hello', 80)).toBeCloseTo(font.measure('Hello', 40) * 2, 5)
    expect(font.measure('ab', 40, 3)).toBeCloseTo(font.measure('ab', 40) + 6, 5)
    // DejaVu Sans: "M" advances 1767 of 2048 units.
    expect(font.measure('M', 2048)).toBe(1767)
  })

  it('gives a width to characters outside the Basic Multilingual Plane or missing from the font', () => {
    expect(font.measure('😀', 40)).toBeGreaterThan(0)
  })
})

describe('wrapText', () => {
  const measure = (text: string) => text.length * 10

  it('wraps words greedily to the width', () => {
    expect(wrapText('one two three four', measure, 90, 5)).toEqual(['one two', 'three', 'four'])
  })

  it('ends with an ellipsis when the text needs more lines than allowed', () => {
    const lines = wrapText('one two three four five six', measure, 90, 2)
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/…$/)
    expect(lines.every((line) => measure(line) <= 90)).toBe(true)
  })

  it('breaks a word longer than a line', () => {
    const lines = wrapText('abcdefghijklmnop', measure, 50, 5)
    expect(lines.join('')).toBe('abcdefghijklmnop')
    expect(lines.every((line) => measure(line) <= 50)).toBe(true)
  })

  it('returns no lines for empty text', () => {
    expect(wrapText('   ', measure, 50, 2)).toEqual([])
  })
})

describe('socialCardSvgs', () => {
  it('draws one card for / and one per project, named as the pages link them', () => {
    const cards = socialCardSvgs(content())
    expect(cards.map((c) => c.file)).toEqual(['og/index.png', 'og/alpha.png', 'og/beta-two.png'])
    expect(cards[0]!.svg).toContain('Jane Doe')
    expect(cards[0]!.svg).toContain('Full-Stack Developer')
    expect(cards[0]!.svg).toContain('jane.example')
    expect(cards[1]!.svg).toContain('>Alpha<')
    expect(cards[1]!.svg).toContain('>React<')
    expect(cards[1]!.svg).toContain('CASE STUDY')
  })

  it('escapes the content, so any title is well-formed SVG text and never markup', () => {
    const cards = socialCardSvgs(content({ title: 'A <b>b</b> & "q"', tech: ['C<script>'] }))
    expect(cards[1]!.svg).toContain('>A &lt;b&gt;b&lt;/b&gt; &amp; &quot;q&quot;<')
    expect(cards[1]!.svg).not.toContain('<script>')
    expect(() => new Resvg(cards[1]!.svg, RESVG_OPTIONS)).not.toThrow()
  })

  it('keeps long text inside the card: wrapped, cut with an ellipsis, extra tags folded into "+N"', () => {
    const fonts = loadFonts()
    const long = 'word '.repeat(200).trim()
    const tech = Array.from({ length: 30 }, (_, i) => `Technology${i}`)
    const svg = socialCardSvgs(content({ title: long, description: long, tech }), fonts)[1]!.svg
    expect(svg).toContain('…')
    expect(svg).toMatch(/>\+\d+</)
    for (const [, x, size, weight, text] of svg.matchAll(/<text x="([\d.]+)" y="[\d.]+" font-family="DejaVu Sans" font-size="(\d+)" font-weight="(\d+)" fill="[^"]+">([^<]*)<\/text>/g)) {
      const font = weight === '700' ? fonts.bold : fonts.regular
      expect(Number(x) + font.measure(text!.replace(/&amp;/g, '&'), Number(size)), text).toBeLessThanOrEqual(1200 - 80 + 0.5)
    }
  })

  it('is deterministic', () => {
    expect(socialCardSvgs(content())).toEqual(socialCardSvgs(content()))
  })
})

describe('renderCard', () => {
  it('rasterises a card to a 1200x630 PNG', () => {
    const png = renderCard(socialCardSvgs(content())[0]!.svg)
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 })
  })

  it('draws text with the bundled font alone (no system fonts are loaded)', () => {
    expect(RESVG_OPTIONS.font.loadSystemFonts).toBe(false)
    const frame = (text: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#000"/><text x="100" y="300" font-family="DejaVu Sans" font-size="80" fill="#fff">${text}</text></svg>`
    expect(drawnPixels(frame(''))).toBe(0)
    expect(drawnPixels(frame('Hello'))).toBeGreaterThan(1000)
    // Bold is a face of its own, not a synthesised one: it draws more ink.
    expect(drawnPixels(frame('<tspan font-weight="700">Hello</tspan>'))).toBeGreaterThan(drawnPixels(frame('Hello')))
  })
})

describe('writeSocialImages', () => {
  it('writes og/index.png and og/<id>.png into the site folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-og-'))
    temps.push(dir)
    const files = await writeSocialImages(dir, content())
    expect(files).toEqual(['og/index.png', 'og/alpha.png', 'og/beta-two.png'])
    for (const file of files) expect(pngSize(readFileSync(path.join(dir, file)))).toEqual({ width: 1200, height: 630 })
  })

  it('escapes XML special characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;')
  })
})

describe('social image cache', () => {
  it('reuses a rendered card for the same SVG and re-renders when the cached file is not a PNG', async () => {
    const { checkContent } = await import('../../cli/pipeline/check-content.ts')
    const { compileContent } = await import('../../cli/pipeline/compile-content.ts')
    const { writeSocialImages } = await import('../../cli/pipeline/social-images.ts')
    const repo = path.resolve(import.meta.dirname, '../..')
    const checked = await checkContent(repo)
    const { compiled } = compileContent(checked.content!, checked.parsed)
    const site = mkdtempSync(path.join(os.tmpdir(), 'og-cache-'))
    try {
      await writeSocialImages(site, compiled)
      const first = readFileSync(path.join(site, 'og/index.png'))
      const cacheDir = path.join(repo, 'node_modules/.cache/portfolio/og')
      for (const file of readdirSync(cacheDir)) writeFileSync(path.join(cacheDir, file), 'not a png')
      await writeSocialImages(site, compiled)
      const second = readFileSync(path.join(site, 'og/index.png'))
      expect(second.equals(first)).toBe(true)
      expect(second.subarray(1, 4).toString()).toBe('PNG')
    } finally {
      rmSync(site, { recursive: true, force: true })
    }
  }, 60_000)
})
