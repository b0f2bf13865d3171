import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'

const repo = path.resolve(import.meta.dirname, '../..')

interface Violation {
  rule: { name: string }
  from: string
  to: string
  cycle?: { name: string }[]
}

it('imports flow down the stages with no cycle, cli/ never imports bin/, and site/ never imports cli/', () => {
  // `npm run check:imports` prints the same report for people; here it is read as JSON.
  const report = execFileSync(
    process.execPath,
    [
      path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'cli',
      'site',
      'bin',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
    ],
    { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const { summary } = JSON.parse(report) as { summary: { violations: Violation[]; totalCruised: number } }
  expect(summary.totalCruised).toBeGreaterThan(100)
  const readable = summary.violations.map(
    (v) => `${v.rule.name}: ${v.from} -> ${v.cycle ? v.cycle.map((step) => step.name).join(' -> ') : v.to}`,
  )
  expect(readable).toEqual([])
}, 120_000)
