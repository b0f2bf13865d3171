import { describe, expect, it } from 'vitest'
import { parseSteps } from '../../scripts/bench/measure.ts'

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
