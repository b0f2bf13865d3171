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

/** A Node command timed as a whole process, with what to do before each run. */
export interface Timed {
  args: string[]
  cwd: string
  before?: () => void
}

/** Runs a Node command `runs` times as a whole process; wall time includes Node's start. */
export function measure(args: string[], runs: number, options: Omit<Timed, 'args'>): Measurement {
  const command: Timed = { args, ...options }
  return summarise(Array.from({ length: runs }, () => runOnce(command)))
}

/** Two commands timed in turn, and the ratio of each round's times (first over second). */
export interface Paired {
  first: Measurement
  second: Measurement
  /** first / second, one per round. */
  ratios: number[]
  medianRatio: number
}

/**
 * Times two commands in `rounds` rounds, each round running each command twice and timing its
 * second run: in turn, a slow spell of the machine (these VMs drift by 10-20% over minutes) weighs
 * on both alike, so their ratio (a build over its Vite floor) is not decided by which series ran
 * in the slow minute; and a timed run never comes straight after the other command, which made it
 * slower (the floor right after a build: ~0.2 s more, flattering the ratio).
 */
export function measurePaired(first: Timed, second: Timed, rounds: number): Paired {
  const runs: [Run[], Run[]] = [[], []]
  for (let round = 0; round < rounds; round++) {
    for (const [c, command] of [first, second].entries()) {
      runOnce(command)
      runs[c]!.push(runOnce(command))
    }
  }
  const ratios = runs[0].map((run, i) => run.ms / runs[1][i]!.ms)
  return { first: summarise(runs[0]), second: summarise(runs[1]), ratios, medianRatio: median(ratios) }
}

interface Run {
  ms: number
  peakRss: number
  steps: Record<string, number>
}

function runOnce(command: Timed): Run {
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

function summarise(runs: readonly Run[]): Measurement {
  const times = runs.map((run) => run.ms)
  const medianMs = median(times)
  const middle = runs.find((run) => run.ms === medianMs)
  return { medianMs, peakRssMiB: Math.max(0, ...runs.map((run) => run.peakRss)) / 1024, runs: times, steps: middle?.steps ?? {} }
}

/** The middle value (of an even count, the upper one: always a value that was measured). */
function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}
