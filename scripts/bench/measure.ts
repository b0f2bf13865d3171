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

/** A Node command to time as a whole process, with what to do before each run. */
export interface Timed {
  args: string[]
  cwd: string
  before?: () => void
}

/** Runs a Node command `runs` times as a whole process; wall time includes Node's start. */
export function measure(args: string[], runs: number, options: { cwd: string; before?: () => void }): Measurement {
  return measureInTurn([{ args, ...options }], runs)[0] as Measurement
}

/**
 * Runs each command `runs` times, taking turns (a, b, a, b…), so that a slower spell of the machine
 * (these VMs drift by 10-20% over minutes) weighs on all of them alike, and a ratio of their
 * medians (a build over its Vite floor) is not decided by which ran in the slow minute.
 */
export function measureInTurn(commands: readonly Timed[], runs: number): Measurement[] {
  const results = commands.map(() => ({ times: [] as number[], steps: [] as Record<string, number>[], peak: 0 }))
  for (let i = 0; i < runs; i++) {
    commands.forEach((command, c) => {
      const result = results[c]!
      const run = runOnce(command)
      result.times.push(run.ms)
      result.steps.push(run.steps)
      result.peak = Math.max(result.peak, run.peakRss)
    })
  }
  return results.map(({ times, steps, peak }) => {
    const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!)
    const median = order[Math.floor(order.length / 2)]!
    return { medianMs: times[median]!, peakRssMiB: peak / 1024, runs: times, steps: steps[median] ?? {} }
  })
}

function runOnce(command: Timed): { ms: number; peakRss: number; steps: Record<string, number> } {
  command.before?.()
  const rssDir = mkdtempSync(path.join(os.tmpdir(), 'bench-rss-'))
  const rssFile = path.join(rssDir, 'rss')
  try {
    const started = performance.now()
    const result = spawnSync(process.execPath, ['--import', reporter, ...command.args], { cwd: command.cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile } })
    const ms = performance.now() - started
    if (result.status !== 0) throw new Error(`${command.args.join(' ')} exited ${result.status}:\n${result.stderr.slice(-2000)}`)
    const rss = readFileSync(rssFile, 'utf8').trim().split('\n').map(Number)
    return { ms, peakRss: Math.max(...rss), steps: parseSteps(`${result.stdout}\n${result.stderr}`) }
  } finally {
    rmSync(rssDir, { recursive: true, force: true })
  }
}
