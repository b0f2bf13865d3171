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
}

const reporter = path.join(import.meta.dirname, 'rss-reporter.mjs')

/** Runs a Node command `runs` times as a whole process; wall time includes Node's start. */
export function measure(args: string[], runs: number, options: { cwd: string; before?: () => void }): Measurement {
  const times: number[] = []
  let peak = 0
  for (let i = 0; i < runs; i++) {
    options.before?.()
    const rssDir = mkdtempSync(path.join(os.tmpdir(), 'bench-rss-'))
    const rssFile = path.join(rssDir, 'rss')
    const started = performance.now()
    const result = spawnSync(process.execPath, ['--import', reporter, ...args], { cwd: options.cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', BENCH_RSS_FILE: rssFile } })
    times.push(performance.now() - started)
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}:\n${result.stderr.slice(-2000)}`)
    const rss = readFileSync(rssFile, 'utf8').trim().split('\n').map(Number)
    peak = Math.max(peak, ...rss)
    rmSync(rssDir, { recursive: true, force: true })
  }
  const sorted = [...times].sort((a, b) => a - b)
  return { medianMs: sorted[Math.floor(sorted.length / 2)]!, peakRssMiB: peak / 1024, runs: times }
}
