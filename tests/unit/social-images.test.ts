import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { CardSource } from '../../cli/social/card-specs.ts'
import { FONT_FILES } from '../../cli/social/card-font-files.ts'
import { measureText } from '../../cli/social/card-fonts.ts'
import { escapeXml } from '../../cli/social/card-frame.ts'
import { cardSvg } from '../../cli/social/card-svg.ts'
import { CARD_RENDERER, renderCard } from '../../cli/social/render-card.ts'
import { Renderer } from '@takumi-rs/core'
import {
  cardKey,
  fontsKey,
  socialCardSpecs,
  writeSocialCards,
  type CardDrawn,
  type CardJob,
} from '../../cli/social/social-images.ts'
import { openPool } from '../../cli/pipeline/jobs.ts'
import { wrapText } from '../../cli/social/wrap-text.ts'
import { openStore } from '../../cli/cache/store.ts'
import { openFileDigests } from '../../cli/cache/file-digests.ts'
import { noStore } from '../../cli/cache/no-store.ts'

const temps: string[] = []
afterEach(() => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
  temps.push(dir)
  return dir
}

const content = (overrides: { title?: string; description?: string; tech?: string[] } = {}): CardSource => ({
  portfolio: {
    site: { url: 'https://jane.example' },
    owner: { name: 'Jane Doe', role: 'Full-Stack Developer' },
    hero: {
      headline: 'I build dependable web apps',
      claims: [
        { value: '99.9%', label: 'Uptime' },
        { value: '500', label: 'Concurrent users' },
      ],
    },
    availability: { text: 'Open to work' },
  },
  projects: [
    {
      id: 'alpha',
      title: overrides.title ?? 'Alpha',
      description: overrides.description ?? 'A project that does one thing well.',
      tech: overrides.tech ?? ['React', 'Node.js'],
    },
    { id: 'beta-two', title: 'Beta', description: 'Another one.', tech: [] },
  ],
})

/** The pool's in-thread mode drawing the cards, as a build's pool does for a batch too small for workers. */
const cardPool = openPool('never')
afterAll(() => cardPool.close())
const drawInThread =
  (signal?: AbortSignal) =>
  (jobs: readonly CardJob[]): Promise<CardDrawn[]> =>
    cardPool.runJobs('card', jobs, signal ? { signal } : {})

/** The file digests the card fonts are hashed through (each build has its own; these tests share one). */
const digests = openFileDigests(noStore)
const fonts = () => fontsKey(digests)

/** A store of its own in a temporary folder, for one test. */
const storeIn = (prefix: string) => openStore(tempDir(prefix), 'v1')

const svgs = (c: CardSource) => socialCardSpecs(c).map((spec) => ({ file: spec.file, svg: cardSvg(spec) }))

function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/**
 * resvg set to the bundled fonts only, never the machine's: the reference the cards are held to,
 * and the measure of where their text's ink falls.
 */
const RESVG_OPTIONS = {
  fitTo: { mode: 'original' as const },
  font: { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  shapeRendering: 2 as const,
}

/** A PNG's RGBA pixels, decoded by a renderer that is not the one under test's encoder path. */
async function decodePng(png: Buffer): Promise<Buffer> {
  const size = { width: 1200, height: 630 }
  return new Renderer().render({ type: 'image', src: png, style: size }, { ...size, format: 'raw' })
}

/** Pixels that differ from the top-left one in a rendered card: how much was drawn on a plain background. */
async function drawnPixels(svg: string): Promise<number> {
  const pixels = await decodePng(await renderCard(svg))
  let drawn = 0
  for (let i = 0; i < pixels.length; i += 4)
    if (pixels[i] !== pixels[0] || pixels[i + 1] !== pixels[1] || pixels[i + 2] !== pixels[2]) drawn += 1
  return drawn
}

describe('measureText', () => {
  it('measures with the bundled font’s own advance widths, proportional to the size', () => {
    expect(measureText('', 40)).toBe(0)
    expect(measureText('W', 40)).toBeGreaterThan(measureText('i', 40))
    expect(measureText('Hello', 80)).toBeCloseTo(measureText('Hello', 40) * 2, 5)
    expect(measureText('ab', 40, 'regular', 3)).toBeCloseTo(measureText('ab', 40) + 6, 5)
    // DejaVu Sans: "M" advances 1767 of 2048 units; the bold face is wider.
    expect(measureText('M', 2048)).toBe(1767)
    expect(measureText('Hello', 40, 'bold')).toBeGreaterThan(measureText('Hello', 40))
  })

  it('gives a width to characters outside the Basic Multilingual Plane or missing from the font', () => {
    expect(measureText('😀', 40)).toBeGreaterThan(0)
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

describe('card SVGs', () => {
  it('draws one card for / and one per project, named as the pages link them', () => {
    const cards = svgs(content())
    expect(cards.map((c) => c.file)).toEqual(['og/index.png', 'og/alpha.png', 'og/beta-two.png'])
    expect(cards[0]!.svg).toContain('>Jane Doe</text>')
    expect(cards[0]!.svg).toContain('>Full-Stack Developer</text>')
    expect(cards[0]!.svg).toContain('jane.example')
    expect(cards[1]!.svg).toContain('>Alpha</text>')
    expect(cards[1]!.svg).toContain('>React</text>')
    expect(cards[1]!.svg).toContain('>CASE STUDY</text>')
  })

  it('sets its text in the bundled fonts, bold as a face of its own', async () => {
    const line = (attributes: string, text: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" font-family="DejaVu Sans"><rect width="1200" height="630" fill="#000"/><text x="100" y="300" font-size="80" fill="#fff" ${attributes}>${text}</text></svg>`
    expect(await drawnPixels(line('', ''))).toBe(0)
    expect(await drawnPixels(line('', 'Hello'))).toBeGreaterThan(1000)
    expect(await drawnPixels(line('font-weight="bold"', 'Hello'))).toBeGreaterThan(await drawnPixels(line('', 'Hello')))
  })

  it('escapes the content, so any title is well-formed SVG text and never markup', () => {
    const cards = svgs(content({ title: 'A <b>b</b> & "q"', tech: ['C<script>'] }))
    expect(cards[1]!.svg).toContain('>A &lt;b&gt;b&lt;/b&gt; &amp; &quot;q&quot;</text>')
    expect(cards[1]!.svg).not.toContain('<script>')
    expect(() => new Resvg(cards[1]!.svg, RESVG_OPTIONS)).not.toThrow()
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;')
  })

  it('drops characters XML forbids, which a YAML escape can carry', async () => {
    const svg = svgs(content({ title: 'Bell\u0007 and form feed\u000c' }))[1]!.svg
    expect(svg).toContain('>Bell and form feed</text>')
    await expect(renderCard(svg)).resolves.toBeInstanceOf(Buffer)
  })

  it('keeps long text inside the card: wrapped, cut with an ellipsis, extra tags folded into "+N"', () => {
    const long = 'word '.repeat(200).trim()
    const tech = Array.from({ length: 30 }, (_, i) => `Technology${i}`)
    const svg = svgs(content({ title: long, description: long, tech }))[1]!.svg
    expect(svg).toContain('…')
    expect(svg).toMatch(/>\+\d+<\/text>/)
    const lines = [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)]
    expect(lines.length).toBeGreaterThan(10)
    for (const [element, label] of lines) {
      // The ink of each line, as resvg sets it, stays within the right padding.
      const box = new Resvg(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" font-family="DejaVu Sans">${element}</svg>`,
        RESVG_OPTIONS,
      ).getBBox()
      expect(box, label).toBeDefined()
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(1200 - 80 + 0.5)
    }
    for (const [, x, width] of svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="46"/g))
      expect(Number(x) + Number(width)).toBeLessThanOrEqual(1200 - 80)
  })

  it('is deterministic', () => {
    expect(svgs(content())).toEqual(svgs(content()))
  })
})

describe('renderCard', () => {
  it('rasterises a card to a 1200x630 PNG, the same bytes for the same SVG', async () => {
    const svg = svgs(content())[1]!.svg
    const png = await renderCard(svg)
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 })
    expect(png.equals(await renderCard(svg))).toBe(true)
  })

  it('draws every card pixel for pixel as the reference renderer does (resvg, the bundled fonts only)', async () => {
    const long = 'A title long enough to wrap onto a second line, with an ellipsis at the end of it all'
    const cards = [...svgs(content()), ...svgs(content({ title: long, description: long, tech: ['Ünïcödé', 'C#'] }))]
    for (const { file, svg } of cards) {
      const reference = new Resvg(svg, RESVG_OPTIONS).render().pixels
      expect((await decodePng(await renderCard(svg))).equals(reference), file).toBe(true)
    }
  })

  it('throws on an SVG it cannot read, instead of drawing a blank card', async () => {
    await expect(renderCard('<svg')).rejects.toThrow("the card's SVG could not be read (measured 0x0")
    await expect(renderCard('not an image')).rejects.toThrow('could not be read')
  })

  it('names its renderer and version for the cards’ keys', () => {
    expect(CARD_RENDERER).toMatch(/^@takumi-rs\/core \d+\.\d+\.\d+$/)
  })
})

describe('writeSocialCards', () => {
  it('writes og/index.png and og/<id>.png into the site folder', async () => {
    const dir = tempDir('portfolio-og-')
    const files = await writeSocialCards(dir, socialCardSpecs(content()), storeIn('portfolio-og-cache-'), {
      digests,
      draw: drawInThread(),
    })
    expect(files).toEqual(['og/index.png', 'og/alpha.png', 'og/beta-two.png'])
    for (const file of files) expect(pngSize(readFileSync(path.join(dir, file)))).toEqual({ width: 1200, height: 630 })
  })

  it('fails when a card cannot be written', async () => {
    const dir = tempDir('portfolio-og-')
    writeFileSync(path.join(dir, 'og'), 'a file where the folder goes')
    await expect(
      writeSocialCards(dir, socialCardSpecs(content()), storeIn('portfolio-og-cache-'), {
        digests,
        draw: drawInThread(),
      }),
    ).rejects.toThrow()
  })

  it('stops when the build stops: the call rejects with the reason, and no card is written after', async () => {
    const many: CardSource = {
      ...content(),
      projects: Array.from({ length: 40 }, (_, i) => ({
        id: `p-${i}`,
        title: `Project ${i}`,
        description: 'A project.',
        tech: ['Go'],
      })),
    }
    const specs = socialCardSpecs(many)
    const [site, cache] = [tempDir('og-stop-'), storeIn('og-stop-cache-')]
    await expect(
      writeSocialCards(site, specs, cache, {
        digests,
        signal: AbortSignal.abort(new Error('the build stopped')),
        draw: drawInThread(),
      }),
    ).rejects.toThrow('the build stopped')
    expect(readdirSync(path.join(site, 'og'))).toEqual([])
    const stop = new AbortController()
    const drawing = writeSocialCards(site, specs, cache, {
      digests,
      signal: stop.signal,
      draw: drawInThread(stop.signal),
    })
    setTimeout(() => stop.abort(new Error('the build stopped')), 0)
    await expect(drawing).rejects.toThrow('the build stopped')
    const written = readdirSync(path.join(site, 'og')).length
    expect(written).toBeLessThan(specs.length)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(readdirSync(path.join(site, 'og')).length).toBe(written)
  }, 60_000)
})

describe('social card cache', () => {
  it('keys a card by what it shows: the same content finds the same key, any change another', () => {
    const store = storeIn('og-keys-')
    const keys = (c: CardSource) => svgs(c).map((card) => cardKey(store, card.svg, fonts()))
    expect(keys(content())).toEqual(keys(content()))
    expect(new Set(keys(content())).size).toBe(3)
    expect(keys(content({ title: 'Alpha!' }))[1]).not.toBe(keys(content())[1])
    const designer = {
      ...content(),
      portfolio: { ...content().portfolio, owner: { name: 'Jane Doe', role: 'Designer' } },
    }
    expect(keys(designer)[1]).not.toBe(keys(content())[1])
    // Another version of the tool: another key for the same card.
    expect(cardKey(openStore(tempDir('og-keys-v2-'), 'v2'), svgs(content())[1]!.svg, fonts())).not.toBe(
      keys(content())[1],
    )
  })

  it('reuses a rendered card for the same content and renders again when the kept one is damaged', async () => {
    const [site, root] = [tempDir('og-cache-'), tempDir('og-cache-store-')]
    const store = openStore(root, 'v1')
    const cards = svgs(content())
    const [indexKey, alphaKey] = [cardKey(store, cards[0]!.svg, fonts()), cardKey(store, cards[1]!.svg, fonts())]
    await writeSocialCards(site, socialCardSpecs(content()), store, { digests, draw: drawInThread() })
    const first = readFileSync(path.join(site, 'og/index.png'))
    const kept = path.join(root, 'store', 'card')
    expect(readdirSync(kept).sort()).toEqual(cards.map((card) => `${cardKey(store, card.svg, fonts())}.bin`).sort())
    // A hit is written as it was kept: another card kept under the home card's key comes out in the site.
    const alpha = store.get('card', alphaKey) as Buffer
    store.set('card', indexKey, alpha)
    await writeSocialCards(site, socialCardSpecs(content()), store, { digests, draw: drawInThread() })
    expect(readFileSync(path.join(site, 'og/index.png')).equals(alpha)).toBe(true)
    // An entry cut short (an interrupted write) or not an entry at all is not trusted: rendered again and kept.
    const entry = path.join(kept, `${indexKey}.bin`)
    for (const damaged of [readFileSync(entry).subarray(0, 1000), Buffer.from('not a card')]) {
      writeFileSync(entry, damaged)
      await writeSocialCards(site, socialCardSpecs(content()), store, { digests, draw: drawInThread() })
      expect(readFileSync(path.join(site, 'og/index.png')).equals(first)).toBe(true)
      expect((store.get('card', indexKey) as Buffer).equals(first)).toBe(true)
    }
  }, 60_000)

  it('keeps the cards a build used when the store is pruned, however old they were', async () => {
    const specs = socialCardSpecs(content())
    const [site, root] = [tempDir('og-prune-'), tempDir('og-prune-store-')]
    const store = openStore(root, 'v1')
    await writeSocialCards(site, specs, store, { digests, draw: drawInThread() })
    const kept = path.join(root, 'store', 'card')
    const used = readdirSync(kept)
    expect(used).toHaveLength(specs.length)
    // The build's cards are the oldest entries of the store; then newer cards of other content.
    for (const file of used) utimesSync(path.join(kept, file), 1000, 1000)
    const planted = Array.from({ length: 5 }, (_, i) => store.key('card', `old ${i}`))
    planted.forEach((key, i) => {
      store.set('card', key, Buffer.from('x'))
      utimesSync(path.join(kept, `${key}.bin`), 2000 + i, 2000 + i)
    })
    // A build of the same content takes its cards from the store: they are used, so kept; the oldest others go.
    await writeSocialCards(site, specs, store, { digests, draw: drawInThread() })
    expect(store.prune(specs.length + 2)).toBe(3)
    expect(readdirSync(kept).sort()).toEqual([...used, ...planted.slice(3).map((key) => `${key}.bin`)].sort())
  }, 60_000)
})

describe('cards in the site in place', () => {
  /** A build's cards drawn beside the site, then swapped in as the build does. */
  async function buildCards(c: CardSource, store: ReturnType<typeof openStore>, out: string): Promise<void> {
    const work = tempDir('og-work-')
    await writeSocialCards(work, socialCardSpecs(c), store, { digests, site: out, draw: drawInThread() })
    rmSync(path.join(out, 'og'), { recursive: true, force: true })
    renameSync(path.join(work, 'og'), path.join(out, 'og'))
  }
  const cardFiles = (out: string) =>
    Object.fromEntries(
      readdirSync(path.join(out, 'og')).map((name) => [name, readFileSync(path.join(out, 'og', name))]),
    )

  it('takes an unchanged card from the site it replaces, not from the store; a changed or damaged one is drawn again', async () => {
    const [out, root] = [tempDir('og-site-'), tempDir('og-site-store-')]
    const store = openStore(root, 'v1')
    const kept = path.join(root, 'store', 'card')
    await buildCards(content(), store, out)
    const first = cardFiles(out)
    expect(Object.keys(first).sort()).toEqual(['alpha.png', 'beta-two.png', 'index.png'])

    // With no card left in the store, the same content still gives the same cards: every one came from the site.
    rmSync(kept, { recursive: true })
    await buildCards(content(), store, out)
    expect(cardFiles(out)).toEqual(first)
    expect(existsSync(kept)).toBe(false)

    // A card in the site with other bytes (here another card's) is not trusted: drawn again, the others still from the site.
    writeFileSync(path.join(out, 'og', 'alpha.png'), first['index.png']!)
    await buildCards(content(), store, out)
    expect(cardFiles(out)).toEqual(first)
    expect(readdirSync(kept)).toEqual([`${cardKey(store, svgs(content())[1]!.svg, fonts())}.bin`])

    // An edited title: that card alone is drawn, the way a cold build draws it.
    rmSync(kept, { recursive: true })
    const edited = content({ title: 'Alpha, edited' })
    await buildCards(edited, store, out)
    const after = cardFiles(out)
    expect(after['alpha.png']!.equals(await renderCard(svgs(edited)[1]!.svg))).toBe(true)
    expect(after['alpha.png']!.equals(first['alpha.png']!)).toBe(false)
    expect({ ...after, 'alpha.png': first['alpha.png'] }).toEqual(first)
    expect(readdirSync(kept)).toEqual([`${cardKey(store, svgs(edited)[1]!.svg, fonts())}.bin`])
  }, 60_000)

  it('trusts no card of the site when its index is damaged, or for another output folder holding the same files', async () => {
    const [out, root] = [tempDir('og-index-'), tempDir('og-index-store-')]
    const store = openStore(root, 'v1')
    const kept = path.join(root, 'store', 'card')
    await buildCards(content(), store, out)
    const first = cardFiles(out)
    const index = readdirSync(path.join(root, 'store', 'cards'))
    expect(index).toHaveLength(1)
    writeFileSync(path.join(root, 'store', 'cards', index[0]!), 'damaged')
    rmSync(kept, { recursive: true })
    await buildCards(content(), store, out)
    expect(cardFiles(out)).toEqual(first)
    expect(readdirSync(kept)).toHaveLength(3)
    // The same card files in another output folder: its index has no record of them.
    const other = tempDir('og-other-')
    cpSync(path.join(out, 'og'), path.join(other, 'og'), { recursive: true })
    rmSync(kept, { recursive: true })
    await buildCards(content(), store, other)
    expect(cardFiles(other)).toEqual(first)
    expect(readdirSync(kept)).toHaveLength(3)
  }, 60_000)
})
