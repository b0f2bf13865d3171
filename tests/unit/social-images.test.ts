import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { afterEach, describe, expect, it } from 'vitest'
import type { CompiledContent } from '../../cli/compile/compile-content.ts'
import { cardKey, escapeXml, FONT_FILES, socialCardSpecs, loadFonts, readFontMetrics, RESVG_OPTIONS, socialCardSvgs, wrapText, writeSocialImages } from '../../cli/social/social-images.ts'
import { renderPng } from '../../cli/workers/social-worker.ts'

/** A whole card rendered as the build renders one from its SVG. */
const renderCard = (svg: string) => renderPng(svg, RESVG_OPTIONS)

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
function drawnPixels(svg: string, options: ConstructorParameters<typeof Resvg>[1] = RESVG_OPTIONS): number {
  const image = new Resvg(svg, options).render()
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

  it('reads the pair kerning of the font’s "kern" feature', () => {
    // DejaVu Sans kerns "AV" by -131 of 2048 units; "oo" not at all.
    expect(font.kerning(font.glyph(0x41), font.glyph(0x56))).toBe(-131)
    expect(font.kerning(font.glyph(0x6f), font.glyph(0x6f))).toBe(0)
    expect(font.drawnWidth('AV', 2048)).toBe(font.measure('AV', 2048) - 131)
  })
})

describe('text as glyph outlines', () => {
  const fonts = loadFonts()
  const withFonts = { font: { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } }
  const canvas = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="160"><rect width="1200" height="160" fill="#000"/>${body}</svg>`
  const sample = 'AVATAR Typography: “quoted”, café — naïve Ω 99.9% {x}…'

  it.each([
    ['regular', 400],
    ['bold', 700],
  ] as const)('draws %s text as resvg draws it with the font itself (kerning and composite glyphs included)', (face, weight) => {
    const drawn = fonts[face].textPath(sample, { x: 20.5, y: 100, size: 40 })!
    const asPath = new Resvg(canvas(`<path fill="#fff" transform="${drawn.transform}" d="${drawn.d}"/>`), RESVG_OPTIONS).render().pixels
    const asText = new Resvg(canvas(`<text x="20.5" y="100" font-family="DejaVu Sans" font-size="40" font-weight="${weight}" fill="#fff">${escapeXml(sample)}</text>`), withFonts).render().pixels
    let ink = 0
    let differ = 0
    for (let i = 0; i < asText.length; i += 4) {
      if (asText[i]! > 0) ink += 1
      if (Math.abs(asText[i]! - asPath[i]!) > 8) differ += 1
    }
    expect(ink).toBeGreaterThan(5000)
    expect(differ / ink).toBeLessThan(0.002)
  })

  it('centres text on x with anchor "middle", by its drawn width', () => {
    const start = fonts.regular.textPath('Node.js', { x: 300, y: 50, size: 24 })!
    const middle = fonts.regular.textPath('Node.js', { x: 300, y: 50, size: 24, anchor: 'middle' })!
    expect(middle.d).toBe(start.d)
    expect(middle.transform).toBe(start.transform.replace(' 300 ', ` ${Math.round((300 - start.width / 2) * 100) / 100} `))
  })

  it('draws nothing for blank text', () => {
    expect(fonts.regular.textPath('   ', { x: 0, y: 0, size: 24 })).toBeUndefined()
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
    expect(cards[1]!.svg).toContain('aria-label="Alpha"')
    expect(cards[1]!.svg).toContain('aria-label="React"')
    expect(cards[1]!.svg).toContain('aria-label="CASE STUDY"')
  })

  it('draws text as paths, so rendering needs no font', () => {
    for (const card of socialCardSvgs(content())) {
      expect(card.svg).not.toContain('<text')
      expect(card.svg).not.toContain('font-family')
    }
  })

  it('escapes the content, so any title is well-formed SVG text and never markup', () => {
    const cards = socialCardSvgs(content({ title: 'A <b>b</b> & "q"', tech: ['C<script>'] }))
    expect(cards[1]!.svg).toContain('aria-label="A &lt;b&gt;b&lt;/b&gt; &amp; &quot;q&quot;"')
    expect(cards[1]!.svg).not.toContain('<script>')
    expect(() => new Resvg(cards[1]!.svg, RESVG_OPTIONS)).not.toThrow()
  })

  it('keeps long text inside the card: wrapped, cut with an ellipsis, extra tags folded into "+N"', () => {
    const fonts = loadFonts()
    const long = 'word '.repeat(200).trim()
    const tech = Array.from({ length: 30 }, (_, i) => `Technology${i}`)
    const svg = socialCardSvgs(content({ title: long, description: long, tech }), fonts)[1]!.svg
    expect(svg).toContain('…')
    expect(svg).toMatch(/aria-label="\+\d+"/)
    const lines = [...svg.matchAll(/<path aria-label="([^"]*)"[^>]*\/>/g)]
    expect(lines.length).toBeGreaterThan(10)
    for (const [path, label] of lines) {
      // The ink of each line, as resvg places it, stays within the right padding.
      const box = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">${path}</svg>`, RESVG_OPTIONS).getBBox()
      expect(box, label).toBeDefined()
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(1200 - 80 + 0.5)
    }
    for (const [, x, width] of svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="46"/g)) expect(Number(x) + Number(width)).toBeLessThanOrEqual(1200 - 80)
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

  it('needs no font at all (neither the bundled ones nor the machine’s are loaded)', () => {
    expect(RESVG_OPTIONS.font.loadSystemFonts).toBe(false)
    expect(RESVG_OPTIONS.font).not.toHaveProperty('fontFiles')
    const fonts = loadFonts()
    const frame = (text: string, font = fonts.regular) => {
      const drawn = font.textPath(text, { x: 100, y: 300, size: 80 })
      return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><rect width="1200" height="630" fill="#000"/>${drawn ? `<path fill="#fff" transform="${drawn.transform}" d="${drawn.d}"/>` : ''}</svg>`
    }
    expect(drawnPixels(frame(''))).toBe(0)
    expect(drawnPixels(frame('Hello'))).toBeGreaterThan(1000)
    // Bold is a face of its own, not a synthesised one: it draws more ink.
    expect(drawnPixels(frame('Hello', fonts.bold))).toBeGreaterThan(drawnPixels(frame('Hello')))
  })

  it('is deterministic: the same SVG gives the same PNG bytes', () => {
    const svg = socialCardSvgs(content())[1]!.svg
    expect(renderCard(svg).equals(renderCard(svg))).toBe(true)
  })

  it('writes an opaque card as an RGB PNG, and anything with transparency through resvg’s encoder', () => {
    const colourType = (png: Buffer) => png[25]
    expect(colourType(renderCard(socialCardSvgs(content())[0]!.svg))).toBe(2)
    const translucent = renderCard('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="4" height="8" fill="#f00" fill-opacity="0.5"/></svg>')
    expect(colourType(translucent)).toBe(6)
    expect(pngSize(translucent)).toEqual({ width: 8, height: 8 })
  })

  it.each([
    ['a card', socialCardSvgs(content())[0]!.svg],
    ['an image whose width is not a multiple of 4', '<svg xmlns="http://www.w3.org/2000/svg" width="7" height="3"><rect width="7" height="3" fill="#123456"/><rect width="3" height="2" fill="#abcdef"/></svg>'],
  ])('writes a PNG that decodes to the pixels resvg drew: %s', (_, svg) => {
    const png = renderCard(svg)
    const { width, height } = pngSize(png)
    const decoded = new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`, RESVG_OPTIONS).render().pixels
    const drawn = new Resvg(svg, RESVG_OPTIONS).render().pixels
    expect(decoded.equals(drawn)).toBe(true)
  })
})

describe('writeSocialImages', () => {
  it('writes og/index.png and og/<id>.png into the site folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-og-'))
    temps.push(dir)
    const cache = mkdtempSync(path.join(os.tmpdir(), 'portfolio-og-cache-'))
    temps.push(cache)
    const files = await writeSocialImages(dir, content(), cache)
    expect(files).toEqual(['og/index.png', 'og/alpha.png', 'og/beta-two.png'])
    for (const file of files) expect(pngSize(readFileSync(path.join(dir, file)))).toEqual({ width: 1200, height: 630 })
  })

  it('escapes XML special characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;')
  })
})

describe('social image cache', () => {
  it('keys a card by what it shows: the same content finds the same file, any change another', () => {
    const specs = socialCardSpecs(content())
    const again = socialCardSpecs(content())
    expect(specs.map(cardKey)).toEqual(again.map(cardKey))
    expect(new Set(specs.map(cardKey)).size).toBe(specs.length)
    const project = specs[1]!
    const retitled = { ...project, project: { ...project.project!, title: `${project.project!.title}!` } }
    expect(cardKey(retitled)).not.toBe(cardKey(project))
    expect(cardKey({ ...project, card: { ...project.card, owner: { ...project.card.owner, role: 'Designer' } } })).not.toBe(cardKey(project))
  })

  it('stops drawing when the build stops: the call rejects with the reason, and no card is written after', async () => {
    const { writeSocialCards } = await import('../../cli/social/social-images.ts')
    const many: CompiledContent = { ...content(), projects: Array.from({ length: 40 }, (_, i) => ({ id: `p-${i}`, title: `Project ${i}`, description: 'A project.', tech: ['Go'] })) }
    const specs = socialCardSpecs(many)
    const [site, cache] = [mkdtempSync(path.join(os.tmpdir(), 'og-stop-')), mkdtempSync(path.join(os.tmpdir(), 'og-stop-cache-'))]
    try {
      await expect(writeSocialCards(site, specs, cache, { signal: AbortSignal.abort(new Error('the build stopped')) })).rejects.toThrow('the build stopped')
      expect(readdirSync(path.join(site, 'og'))).toEqual([])
      const stop = new AbortController()
      const drawing = writeSocialCards(site, specs, cache, { signal: stop.signal })
      setTimeout(() => stop.abort(new Error('the build stopped')), 0)
      await expect(drawing).rejects.toThrow('the build stopped')
      const written = readdirSync(path.join(site, 'og')).length
      expect(written).toBeLessThan(specs.length)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(readdirSync(path.join(site, 'og')).length).toBe(written)
    } finally {
      for (const dir of [site, cache]) rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('keeps the project cards’ shared frame in the cache: a kept frame is drawn on, a damaged one drawn again', async () => {
    const { writeSocialCards } = await import('../../cli/social/social-images.ts')
    const { readEntry, writeEntry } = await import('../../cli/cache/cache-entries.ts')
    const projectSpecs = (c: CompiledContent) => socialCardSpecs(c).filter((spec) => spec.project)
    const specs = projectSpecs(content())
    // Another owner: another frame (its brand and footer), the same bands.
    const others = projectSpecs({ ...content(), portfolio: { ...content().portfolio, owner: { name: 'Sam Roe', role: 'Designer' } } })
    const dirs = Array.from({ length: 7 }, () => mkdtempSync(path.join(os.tmpdir(), 'og-frame-')))
    const [first, fromKept, planted, redrawn, otherSite, cache, otherCache] = dirs as [string, string, string, string, string, string, string]
    const frameEntry = (dir: string) => readdirSync(dir).find((file) => file.startsWith('frame-'))
    const dropCards = () => readdirSync(cache).filter((file) => file.endsWith('.png')).forEach((file) => rmSync(path.join(cache, file)))
    const same = (a: string, b: string, file: string) => readFileSync(path.join(a, file)).equals(readFileSync(path.join(b, file)))
    try {
      const files = await writeSocialCards(first, specs, cache)
      const frameFile = frameEntry(cache)
      expect(frameFile).toBeDefined()
      // Drawn again on the kept frame: the very same cards.
      dropCards()
      await writeSocialCards(fromKept, specs, cache)
      for (const file of files) expect(same(fromKept, first, file), file).toBe(true)
      // The kept frame is what the cards are drawn on: the other owner's frame, planted under this
      // frame's key, gives the other owner's cards.
      await writeSocialCards(otherSite, others, otherCache)
      const key = (file: string) => file.replace(/\.bin$/, '')
      writeEntry(cache, key(frameFile!), readEntry(otherCache, key(frameEntry(otherCache)!)))
      dropCards()
      await writeSocialCards(planted, specs, cache)
      for (const file of files) expect(same(planted, otherSite, file) && !same(planted, first, file), file).toBe(true)
      // A frame entry cut short is not trusted: drawn again, and kept whole.
      const whole = readFileSync(path.join(first, files[0]!))
      writeFileSync(path.join(cache, frameFile!), readFileSync(path.join(cache, frameFile!)).subarray(0, 1000))
      dropCards()
      await writeSocialCards(redrawn, specs, cache)
      for (const file of files) expect(same(redrawn, first, file), file).toBe(true)
      expect(readFileSync(path.join(redrawn, files[0]!)).equals(whole)).toBe(true)
      expect(readFileSync(path.join(cache, frameFile!)).length).toBeGreaterThan(1000)
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('keeps the cache bounded: past its limit the oldest cards the build did not use go, the build’s own stay however old', async () => {
    const { MAX_CACHED_CARDS, writeSocialCards } = await import('../../cli/social/social-images.ts')
    const specs = socialCardSpecs(content())
    const [site, cache] = [mkdtempSync(path.join(os.tmpdir(), 'og-prune-')), mkdtempSync(path.join(os.tmpdir(), 'og-prune-store-'))]
    temps.push(site, cache)
    await writeSocialCards(site, specs, cache)
    const used = readdirSync(cache).filter((file) => file.endsWith('.png'))
    expect(used).toHaveLength(specs.length)
    // The build's cards are the oldest files in the cache; then one more old card than the limit allows.
    for (const file of used) utimesSync(path.join(cache, file), 1000, 1000)
    const planted = Array.from({ length: MAX_CACHED_CARDS + 1 }, (_, i) => `old-${String(i).padStart(5, '0')}.png`)
    planted.forEach((file, i) => {
      writeFileSync(path.join(cache, file), 'x')
      utimesSync(path.join(cache, file), 2000 + i, 2000 + i)
    })
    const frames = readdirSync(cache).filter((file) => !file.endsWith('.png'))
    await writeSocialCards(site, specs, cache)
    const kept = readdirSync(cache)
    // Down to half the limit: the build's cards, the newest planted ones; entries other than cards untouched.
    expect(kept.filter((file) => file.endsWith('.png'))).toHaveLength(MAX_CACHED_CARDS / 2)
    for (const file of [...used, ...frames]) expect(kept, file).toContain(file)
    expect(kept.filter((file) => file.startsWith('old-')).sort()).toEqual(planted.slice(planted.length - (MAX_CACHED_CARDS / 2 - used.length)))
    // Under the limit, nothing goes.
    writeFileSync(path.join(cache, 'old-new.png'), 'x')
    await writeSocialCards(site, specs, cache)
    expect(readdirSync(cache)).toHaveLength(kept.length + 1)
    // One card drawn again: the build's other cards (old, and over the limit again) are still the
    // build's, not unused ones.
    rmSync(path.join(cache, used[0]!))
    for (const file of used.slice(1)) utimesSync(path.join(cache, file), 1000, 1000)
    planted.forEach((file) => writeFileSync(path.join(cache, file), 'x'))
    await writeSocialCards(site, specs, cache)
    for (const file of used) expect(readdirSync(cache), file).toContain(file)
  }, 60_000)

  it('reuses a rendered card for the same content and re-renders when the cached file is not a PNG', async () => {
    const { checkContent } = await import('../../cli/content/check-content.ts')
    const { compileContent } = await import('../../cli/compile/compile-content.ts')
    const repo = path.resolve(import.meta.dirname, '../..')
    const checked = await checkContent(repo)
    const { loadDiagramRenderer } = await import('../../cli/compile/render-diagram.ts')
    const { compiled } = compileContent(checked.content!, checked.parsed, await loadDiagramRenderer())
    const site = mkdtempSync(path.join(os.tmpdir(), 'og-cache-'))
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'og-cache-store-'))
    try {
      await writeSocialImages(site, compiled, cacheDir)
      const first = readFileSync(path.join(site, 'og/index.png'))
      const cached = readdirSync(cacheDir).filter((file) => file.endsWith('.png'))
      expect(cached).toHaveLength(1 + compiled.projects.length)
      // A hit is copied as it is: swap in another valid PNG and it comes out in the site.
      const stand = readFileSync(path.join(site, `og/${String(compiled.projects[0]!.id)}.png`))
      const indexEntry = cached.find((file) => readFileSync(path.join(cacheDir, file)).equals(first))!
      writeFileSync(path.join(cacheDir, indexEntry), stand)
      await writeSocialImages(site, compiled, cacheDir)
      expect(readFileSync(path.join(site, 'og/index.png')).equals(stand)).toBe(true)
      // A cache file cut short (an interrupted write) is ignored and rendered again.
      writeFileSync(path.join(cacheDir, indexEntry), first.subarray(0, first.length >> 1))
      await writeSocialImages(site, compiled, cacheDir)
      expect(readFileSync(path.join(site, 'og/index.png')).equals(first)).toBe(true)
      // So is a cache file that is not a PNG at all.
      for (const file of cached) writeFileSync(path.join(cacheDir, file), 'not a png')
      await writeSocialImages(site, compiled, cacheDir)
      const second = readFileSync(path.join(site, 'og/index.png'))
      expect(second.equals(first)).toBe(true)
      expect(readFileSync(path.join(cacheDir, indexEntry)).equals(first)).toBe(true)
    } finally {
      rmSync(site, { recursive: true, force: true })
      rmSync(cacheDir, { recursive: true, force: true })
    }
  }, 60_000)
})
