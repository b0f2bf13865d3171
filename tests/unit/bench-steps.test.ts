import { appendFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measurePaired, parseSteps } from '../../scripts/bench/measure.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('bench-')

describe('bench: build step timings', () => {
  it('reads the step lines portfolio build prints, in milliseconds', () => {
    const output = [
      '  validate + generate             3.97 s  1001 files',
      '  vite build (client + server)     31 ms  unchanged app: from the cache',
      '  prerender                       1.48 s  1002 pages, 2 rendered, 1000 unchanged',
      '  social images                   2.10 s  1001 cards, drawn in 7.22 s alongside the steps above',
      '✔ built 1002 pages into dist/ in 14.30 s',
    ].join('\n')
    expect(parseSteps(output)).toEqual({ 'validate + generate': 3970, 'vite build (client + server)': 31, prerender: 1480, 'social images': 2100, 'social images (own time)': 7220 })
  })
})

describe('bench: a build and its floor timed in turn', () => {
  it('runs each command twice a round (each after its own preparation), times the second, and takes the median of the rounds\' ratios', () => {
    const log = path.join(tempDir(), 'log')
    // b sleeps ~150 ms, a does not: a / b is well under 1 in every round.
    const command = (mark: string, sleepMs: number) => ['-e', `require('node:fs').appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(mark)}); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${sleepMs})`]
    const paired = measurePaired({ args: command('a', 0), cwd: process.cwd(), before: () => appendFileSync(log, '<') }, { args: command('b', 150), cwd: process.cwd() }, 3)
    expect(readFileSync(log, 'utf8')).toBe('<a<abb'.repeat(3))
    expect(paired.first.runs).toHaveLength(3)
    expect(paired.second.runs).toHaveLength(3)
    expect(paired.ratios).toEqual(paired.first.runs.map((ms, i) => ms / paired.second.runs[i]!))
    expect(paired.medianRatio).toBe([...paired.ratios].sort((x, y) => x - y)[1])
    expect(paired.medianRatio).toBeLessThan(1)
    expect(paired.second.medianMs).toBeGreaterThanOrEqual(150)
    expect(paired.first.peakRssMiB).toBeGreaterThan(1)
  })
})
