import { appendFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measureInTurn, parseSteps } from '../../scripts/bench/measure.ts'
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

describe('bench: timing commands in turn', () => {
  it('runs each command once per round (a, b, a, b…), each after its own preparation, and gives each its median', () => {
    const log = path.join(tempDir(), 'log')
    const note = (mark: string) => ['-e', `require('node:fs').appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(mark)})`]
    const [a, b] = measureInTurn(
      [
        { args: note('a'), cwd: process.cwd(), before: () => appendFileSync(log, '<') },
        { args: note('b'), cwd: process.cwd() },
      ],
      3,
    )
    expect(readFileSync(log, 'utf8')).toBe('<ab<ab<ab')
    for (const m of [a!, b!]) {
      expect(m.runs).toHaveLength(3)
      expect(m.medianMs).toBe([...m.runs].sort((x, y) => x - y)[1])
      expect(m.peakRssMiB).toBeGreaterThan(1)
    }
  })
})
