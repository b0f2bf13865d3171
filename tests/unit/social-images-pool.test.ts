import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'
import { deflateSync, inflateSync } from 'node:zlib'
import { Resvg } from '@resvg/resvg-js'
import { describe, expect, it } from 'vitest'
import type { CompiledContent } from '../../cli/compile/compile-content.ts'
import { CARD_BAND, cardSvg, FONT_FILES, loadFonts, PILL, projectBodyOps, projectFrameSvg, RESVG_OPTIONS, socialCardSpecs, socialCardSvgs } from '../../cli/social/social-images.ts'
import { adler32, adler32Combine } from '../../cli/social/adler32.ts'
import { drawBandPng, makePngFrame, renderPng, type BandSetup } from '../../cli/workers/social-worker.ts'

/** A whole card rendered as the build renders one from its SVG. */
const renderCard = (svg: string) => renderPng(svg, RESVG_OPTIONS)
import { cardsPerWorker, renderPngs, workerCount } from '../../cli/social/social-pool.ts'
import { workerFile } from '../../cli/workers/worker-script.ts'

const content = (projects: number): CompiledContent => ({
  portfolio: {
    site: { url: 'https://jane.example', title: 'Jane Doe' },
    owner: { name: 'Jane Doe', role: 'Full-Stack Developer' },
    hero: { headline: 'I build dependable web apps', claims: [{ value: '99.9%', label: 'Uptime' }] },
  },
  projects: Array.from({ length: projects }, (_, i) => ({ id: `p-${i}`, title: `Project ${i}`, description: `Project number ${i}, which does one thing well.`, tech: ['React', 'Node.js'] })),
})

describe('workerCount', () => {
  it('renders a few cards in-process and many on every core', () => {
    expect(workerCount(0, 2, 10)).toBe(0)
    expect(workerCount(19, 2, 10)).toBe(0)
    expect(workerCount(20, 2, 10)).toBe(2)
    expect(workerCount(1000, 2, 10)).toBe(2)
    expect(workerCount(1000, 8, 10)).toBe(8)
    expect(workerCount(40, 8, 10)).toBe(4)
    expect(workerCount(1000, 1, 10)).toBe(0)
  })

  it('asks for more cards before starting a TypeScript worker (tsx compiles it first) than a bundled one', () => {
    expect(cardsPerWorker(true)).toBeGreaterThan(cardsPerWorker(false))
  })
})

describe('workerFile', () => {
  it('is the worker module beside the pool (TypeScript under tsx and vitest)', () => {
    const url = workerFile('social-worker')
    expect(url.pathname).toMatch(/\/cli\/workers\/social-worker\.ts$/)
    expect(existsSync(fileURLToPath(url))).toBe(true)
  })
})

describe('renderPngs', () => {
  const few = socialCardSvgs(content(4)).map((card) => card.svg)
  // Enough cards that the workers are ready (tsx compiles them first) long before the main thread,
  // which renders while they start, runs out.
  const many = socialCardSvgs(content(80)).map((card) => card.svg)

  async function collect(svgs: string[], workers: number) {
    const pngs = new Map<number, Buffer>()
    const stats = await renderPngs(svgs, RESVG_OPTIONS, async (index, png) => {
      expect(pngs.has(index)).toBe(false)
      pngs.set(index, png)
    }, workers)
    expect([...pngs.keys()].sort((a, b) => a - b)).toEqual(svgs.map((_, i) => i))
    return { pngs, stats }
  }

  it('renders in-process with no workers', async () => {
    const { pngs, stats } = await collect(few, 0)
    expect(stats).toEqual({ workers: 0, renderedByWorkers: 0 })
    for (const [index, png] of pngs) expect(png.equals(renderCard(few[index]!)), `card ${index}`).toBe(true)
  })

  it('renders on workers the same bytes as in-process', async () => {
    const { pngs, stats } = await collect(many, 2)
    expect(stats.workers).toBe(2)
    expect(stats.renderedByWorkers).toBeGreaterThan(0)
    for (const [index, png] of pngs) expect(png.equals(renderCard(many[index]!)), `card ${index}`).toBe(true)
    // V8's --expose-gc, on while the workers started, is off again.
    expect(() => runInNewContext('gc')).toThrow()
  }, 60_000)

  it.each([0, 2])('with %i workers fails when a card cannot be rendered', async (workers) => {
    await expect(renderPngs([...(workers ? many : few), '<svg'], RESVG_OPTIONS, async () => {}, workers)).rejects.toThrow()
  }, 60_000)

  it.each([0, 2])('with %i workers stops when told to: no card is handed out after, and it rejects with the reason', async (workers) => {
    const stop = new AbortController()
    const delivered: number[] = []
    const rendering = renderPngs(many, RESVG_OPTIONS, async (index) => {
      delivered.push(index)
      if (delivered.length === 3) stop.abort(new Error('the build stopped'))
    }, workers, undefined, stop.signal)
    await expect(rendering).rejects.toThrow('the build stopped')
    const atStop = delivered.length
    // Only the cards already in flight may still come in: not the whole queue.
    expect(atStop).toBeLessThan(many.length)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(delivered.length).toBe(atStop)
  }, 60_000)

  it('draws nothing when told to stop before it starts', async () => {
    const delivered: number[] = []
    await expect(renderPngs(few, RESVG_OPTIONS, async (index) => void delivered.push(index), 0, undefined, AbortSignal.abort(new Error('stopped')))).rejects.toThrow('stopped')
    expect(delivered).toEqual([])
  })

  it('fails when writing a card fails, and stops the workers', async () => {
    await expect(
      renderPngs(many, RESVG_OPTIONS, async (index) => {
        if (index === many.length - 1) throw new Error('disk full')
      }, 2),
    ).rejects.toThrow('disk full')
  }, 60_000)
})

describe('project cards drawn as bands into a shared frame', () => {
  const spec = (i: number, title: string, tech: string[]): CompiledContent['projects'][number] => ({ id: `p-${i}`, title, description: `Project number ${i}: ${'a description long enough to wrap, '.repeat(i % 4)}gjpqy.`, tech })
  const varied: CompiledContent = {
    ...content(0),
    projects: [
      spec(0, 'Short', ['Go']),
      spec(1, 'Émigré ÅÇÑ: a title long enough to wrap onto two lines at this size, and more', ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Docker', 'Kubernetes', 'Redis', 'GraphQL', 'AWS', 'Terraform', 'Go', 'Rust']),
      spec(2, 'Ünïcödé ~ «quotes» — dashes', []),
      spec(3, 'Project', ['A very long technology name that fills a whole row of tags by itself']),
    ],
  }
  const specs = socialCardSpecs(varied).filter((card) => card.project)
  const frameImage = new Resvg(projectFrameSvg(specs[0]!.card), RESVG_OPTIONS).render()
  const band: BandSetup = { frame: makePngFrame(frameImage.pixels, frameImage.width, frameImage.height, CARD_BAND.top, CARD_BAND.bottom), fontFiles: FONT_FILES, pill: PILL, options: RESVG_OPTIONS }
  const ops = (card: (typeof specs)[number]) => projectBodyOps(card.project!, loadFonts())
  const pixels = (png: Buffer) => {
    const idat: Buffer[] = []
    for (let at = 8; at < png.length; ) {
      const length = png.readUInt32BE(at)
      if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length))
      at += 12 + length
    }
    return inflateSync(Buffer.concat(idat)) // zlib checks the Adler-32 the stream ends with
  }

  it('gives the pixels of the whole card drawn by resvg at once, in a PNG whose checksums hold', () => {
    for (const card of specs) {
      const drawn = drawBandPng(ops(card), band)
      const whole = renderCard(cardSvg(card))
      expect(drawn.subarray(16, 24).equals(whole.subarray(16, 24))).toBe(true) // 1200x630
      // The frame's share of it is compressed harder than the band's text (once, not per card).
      expect(drawn.length, card.file).toBeLessThan(0.85 * whole.length)
      const [got, want] = [pixels(drawn), pixels(whole)]
      expect(got.length).toBe(want.length)
      // Outside the band, the very bytes. Inside, glyphs are placed to a quarter pixel and composited
      // one by one, so an edge pixel may differ (most where two glyphs share it), never a whole glyph.
      const stride = 1200 * 3 + 1
      expect(got.subarray(0, CARD_BAND.top * stride).equals(want.subarray(0, CARD_BAND.top * stride)), card.file).toBe(true)
      expect(got.subarray(CARD_BAND.bottom * stride).equals(want.subarray(CARD_BAND.bottom * stride)), card.file).toBe(true)
      let off = 0
      let total = 0
      let worst = 0
      for (let i = CARD_BAND.top * stride; i < CARD_BAND.bottom * stride; i += 1) {
        const difference = Math.abs((got[i] as number) - (want[i] as number))
        total += difference
        if (difference > 8) off += 1
        worst = Math.max(worst, difference)
      }
      // A missing or shifted glyph would leave its core pixels ~200 levels off: edge differences stay
      // at a quarter of the contrast (two glyph edges in one pixel), and few.
      const bandBytes = (CARD_BAND.bottom - CARD_BAND.top) * stride
      expect(worst, card.file).toBeLessThanOrEqual(64)
      expect(off / bandBytes, card.file).toBeLessThan(0.02)
      expect(total / bandBytes, card.file).toBeLessThan(0.5)
    }
  })

  it('draws a band with nothing in it as the frame is: the very bytes of the empty card', () => {
    expect(pixels(drawBandPng([], band)).equals(pixels(renderCard(projectFrameSvg(specs[0]!.card))))).toBe(true)
  })

  it('draws bands on workers to the same bytes as in-process', async () => {
    // Enough cards that the workers (slow to start under vitest's tsx) get some before this thread is done.
    const many = socialCardSpecs(content(400)).filter((card) => card.project).map((card) => ops(card))
    const pngs = new Map<number, Buffer>()
    const stats = await renderPngs(many, RESVG_OPTIONS, async (index, png) => void pngs.set(index, png), 2, band)
    expect(stats.renderedByWorkers).toBeGreaterThan(0)
    for (const [index, png] of pngs) expect(png.equals(drawBandPng(many[index]!, band)), `card ${index}`).toBe(true)
  }, 60_000)

  it('sums Adler-32 as zlib does, and joins two sums as zlib does', () => {
    const bytes = randomBytes(100_003)
    const zlibSum = (data: Uint8Array) => deflateSync(data).readUInt32BE(deflateSync(data).length - 4)
    expect(adler32(bytes)).toBe(zlibSum(bytes))
    expect(adler32(Buffer.alloc(0))).toBe(1)
    expect(adler32Combine(adler32(bytes.subarray(0, 7)), adler32(bytes.subarray(7)), bytes.length - 7)).toBe(zlibSum(bytes))
    expect(adler32Combine(adler32(bytes.subarray(0, 70_000)), adler32(bytes.subarray(70_000)), bytes.length - 70_000)).toBe(zlibSum(bytes))
  })
})
