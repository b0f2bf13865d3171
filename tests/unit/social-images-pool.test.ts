import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import type { CompiledContent } from '../../cli/pipeline/compile-content.ts'
import { RESVG_OPTIONS, renderCard, socialCardSvgs } from '../../cli/pipeline/social-images.ts'
import { cardsPerWorker, renderPngs, workerCount } from '../../cli/pipeline/social-pool.ts'
import { workerFile } from '../../cli/pipeline/worker-script.ts'

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
    expect(url.pathname).toMatch(/\/cli\/pipeline\/social-worker\.ts$/)
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

  it('fails when writing a card fails, and stops the workers', async () => {
    await expect(
      renderPngs(many, RESVG_OPTIONS, async (index) => {
        if (index === many.length - 1) throw new Error('disk full')
      }, 2),
    ).rejects.toThrow('disk full')
  }, 60_000)
})
