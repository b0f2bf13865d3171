import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface Measurement {
  /** Median wall time in milliseconds. */
  medianMs: number
  /** Highest peak RSS over the runs, MiB. */
  peakRssMiB: number
  runs: number[]
  /** Milliseconds per step of the median run, as the build prints them (empty for other commands). */
  steps: Record<string, number>
}

/**
 * The step lines `portfolio build` prints: `  social images    5.67 s  1001 cards`. A step that ran
 * alongside others also says how long it took itself (`drawn in 6.30 s alongside …`): that is
 * recorded as `<step> (own time)`.
 */
export function parseSteps(output: string): Record<string, number> {
  const steps: Record<string, number> = {}
  for (const [, name, value, unit, detail] of output.matchAll(/^ {2}(\S[^\n]*?) {2,}\s*([\d.]+) (ms|s)\b([^\n]*)$/gm)) {
    if (!name || !value) continue
    steps[name.trim()] = Number(value) * (unit === 's' ? 1000 : 1)
    const own = /\bin ([\d.]+) s alongside\b/.exec(detail ?? '')
    if (own?.[1]) steps[`${name.trim()} (own time)`] = Number(own[1]) * 1000
  }
  return steps
}

const reporter = path.join(import.meta.dirname, 'rss-reporter.mjs')

/** Runs a Node command `runs` times as a whole process; wall time includes Node's start. */
export function measure(args: string[], runs: number, options: { cwd: string; before?: () => void }): Measurement {
  const times: number[] = []
  const steps: Record<string, number>[] = []
  let peak = 0
  for (let i = 0; i < runs; i++) {
    options.before?.()
    const rssDir = mkdtempSync(path.join(os.tmpdir(), 'bench-rss-'))
    const rssFile = path.join(rssDir, 'rss')
    try {
      const started = performance.now()
      const result = spawnSync(process.execPath, ['--import', reporter, ...args], { cwd: options.cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile } })
      times.push(performance.now() - started)
      if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}:\n${result.stderr.slice(-2000)}`)
      steps.push(parseSteps(`${result.stdout}\n${result.stderr}`))
      const rss = readFileSync(rssFile, 'utf8').trim().split('\n').map(Number)
      peak = Math.max(peak, ...rss)
    } finally {
      rmSync(rssDir, { recursive: true, force: true })
    }
  }
  const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!)
  const median = order[Math.floor(order.length / 2)]!
  return { medianMs: times[median]!, peakRssMiB: peak / 1024, runs: times, steps: steps[median] ?? {} }
}
