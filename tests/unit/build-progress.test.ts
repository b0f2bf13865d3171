import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIVE_AFTER_MS, stepPrinter } from '../../cli/commands/build-progress.ts'
import { useLiveLine, type Logger } from '../../cli/logger.ts'

/** A logger that records what reaches the terminal: plain lines, and each rewrite of the live line. */
function terminal(live: boolean) {
  const out: string[] = []
  const logger: Logger = {
    result: (text) => out.push(`result ${text}`),
    info: (text) => out.push(text),
    color: false,
    live,
    status: (text) => out.push(`live ${JSON.stringify(text)}`),
  }
  return { logger, out }
}

describe('whether a build rewrites a live line', () => {
  it('does on a terminal, and not in a pipe or a file', () => {
    expect(useLiveLine({ isTTY: true }, {})).toBe(true)
    expect(useLiveLine({ isTTY: false }, {})).toBe(false)
    expect(useLiveLine({}, {})).toBe(false)
  })

  it('does not in CI, nor on a terminal that cannot move its cursor', () => {
    expect(useLiveLine({ isTTY: true }, { CI: 'true' })).toBe(false)
    expect(useLiveLine({ isTTY: true }, { CI: '1' })).toBe(false)
    expect(useLiveLine({ isTTY: true }, { TERM: 'dumb' })).toBe(false)
    expect(useLiveLine({ isTTY: true }, { CI: 'false' })).toBe(true)
  })
})

describe("a build's step lines", () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }))
  afterEach(() => vi.useRealTimers())

  it('shows the count of a step running longer than a second on one line, then its plain line', () => {
    const { logger, out } = terminal(true)
    const steps = stepPrinter(logger)
    steps.start('prerender')
    steps.progress('prerender', 0, 1002)
    vi.advanceTimersByTime(LIVE_AFTER_MS)
    // Written again at most ten times a second, and when the count is complete.
    steps.progress('prerender', 300, 1002)
    vi.advanceTimersByTime(100)
    steps.progress('prerender', 412, 1002)
    vi.advanceTimersByTime(50)
    steps.progress('prerender', 500, 1002)
    vi.advanceTimersByTime(450)
    steps.progress('prerender', 900, 1002)
    steps.progress('prerender', 1002, 1002)
    steps.end('prerender', 2000, '1002 pages')
    expect(out).toEqual([
      `live ${JSON.stringify(`  ${'prerender'.padEnd(30)} 0/1002`)}`,
      `live ${JSON.stringify(`  ${'prerender'.padEnd(30)} 412/1002`)}`,
      `live ${JSON.stringify(`  ${'prerender'.padEnd(30)} 900/1002`)}`,
      `live ${JSON.stringify(`  ${'prerender'.padEnd(30)} 1002/1002`)}`,
      'live ""',
      `  ${'prerender'.padEnd(30)}  2.00 s  1002 pages`,
    ])
  })

  it('shows nothing live for a step shorter than a second, or one that counts nothing', () => {
    const { logger, out } = terminal(true)
    const steps = stepPrinter(logger)
    steps.start('validate + generate')
    steps.progress('validate + generate', 6, 7)
    vi.advanceTimersByTime(300)
    steps.end('validate + generate', 300, '7 files')
    steps.start('vite build (client + server)')
    vi.advanceTimersByTime(5000)
    steps.end('vite build (client + server)', 5000)
    expect(out).toEqual([
      `  ${'validate + generate'.padEnd(30)}  300 ms  7 files`,
      `  ${'vite build (client + server)'.padEnd(30)}  5.00 s`,
    ])
  })

  it('shows only the running step: counts of work under way beside it wait for their own step', () => {
    const { logger, out } = terminal(true)
    const steps = stepPrinter(logger)
    steps.start('prerender')
    vi.advanceTimersByTime(LIVE_AFTER_MS)
    steps.progress('social images', 10, 1001)
    steps.end('prerender', 1500)
    steps.start('social images')
    vi.advanceTimersByTime(LIVE_AFTER_MS)
    steps.close()
    expect(out).toEqual([
      `  ${'prerender'.padEnd(30)}  1.50 s`,
      `live ${JSON.stringify(`  ${'social images'.padEnd(30)} 10/1001`)}`,
      // The build stopped in the middle of the step: the live line is cleared.
      'live ""',
    ])
  })

  it('prints plain lines only in CI or a pipe, however long the step', () => {
    const { logger, out } = terminal(false)
    const steps = stepPrinter(logger)
    steps.start('prerender')
    for (let done = 0; done <= 1002; done += 1) {
      vi.advanceTimersByTime(10)
      steps.progress('prerender', done, 1002)
    }
    steps.end('prerender', 10_020, '1002 pages')
    steps.close()
    expect(out).toEqual([`  ${'prerender'.padEnd(30)} 10.02 s  1002 pages`])
  })
})
