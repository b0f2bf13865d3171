import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** A Node command timed as a whole process, with what to do before each run (untimed). */
export interface Timed {
  /** The Node executable; by default the one running the bench. */
  node?: string
  args: string[]
  cwd: string
  /** Added to the environment. */
  env?: Record<string, string>
  before?: () => void
}

/** One run: wall time including Node's start, CPU (user + system) of every process it ran, the largest peak RSS. */
export interface Run {
  ms: number
  cpuMs: number
  rssMiB: number
}

export interface Measurement {
  runs: Run[]
  medianMs: number
  medianCpuMs: number
  /** The highest peak RSS of the runs. */
  peakRssMiB: number
}

const reporter = path.join(import.meta.dirname, 'rss-reporter.mjs')

/**
 * Runs the command once. The reporter is preloaded through NODE_OPTIONS, so a Node process the
 * command starts in turn reports too: the largest peak RSS is kept, and their CPU is the fallback
 * where /proc is missing (see childrenCpuMs).
 */
export function runOnce(command: Timed): Run {
  command.before?.()
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-usage-'))
  const usageFile = path.join(directory, 'usage')
  try {
    const env = {
      ...process.env,
      ...command.env,
      NO_COLOR: '1',
      BENCH_USAGE_FILE: usageFile,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${reporter}`.trim(),
    }
    const [started, cpuBefore] = [performance.now(), childrenCpuMs()]
    const result = spawnSync(command.node ?? process.execPath, command.args, {
      cwd: command.cwd,
      encoding: 'utf8',
      env,
      maxBuffer: 64 * 1024 * 1024,
    })
    const [ms, cpuAfter] = [performance.now() - started, childrenCpuMs()]
    if (result.status !== 0)
      throw new Error(
        `${command.args.join(' ')} exited ${result.status}:\n${(result.stderr || result.stdout).slice(-2000)}`,
      )
    const usages = readFileSync(usageFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ').map(Number))
    const nodeCpuMs = usages.reduce((sum, [user = 0, system = 0]) => sum + (user + system) / 1000, 0)
    return {
      ms,
      cpuMs: cpuBefore === undefined || cpuAfter === undefined ? nodeCpuMs : cpuAfter - cpuBefore,
      rssMiB: Math.max(...usages.map(([, , rss = 0]) => rss / 1024)),
    }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

/**
 * CPU of this process's finished children and everything they waited for (Linux: cutime + cstime
 * of /proc/self/stat, in clock ticks of 10 ms), so processes that are not Node (esbuild) count too.
 * Elsewhere undefined, and the Node processes' own reports are summed instead.
 */
function childrenCpuMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')
    return (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    return undefined
  }
}

/** The middle value (of an even count, the upper one: always a value that was measured). */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

export function summarise(runs: Run[]): Measurement {
  return {
    runs,
    medianMs: median(runs.map((r) => r.ms)),
    medianCpuMs: median(runs.map((r) => r.cpuMs)),
    peakRssMiB: Math.max(...runs.map((r) => r.rssMiB)),
  }
}

export function measure(command: Timed, runs: number): Measurement {
  return summarise(Array.from({ length: runs }, () => runOnce(command)))
}

/** Two commands timed in turn; the ratios are per round (ours over the other), their medians reported. */
export interface Paired {
  first: Measurement
  second: Measurement
  wallRatio: number
  cpuRatio: number
}

/** The medians of the rounds' ratios: a slow minute of a shared machine weighs on both runs of a round alike. */
export function pairRuns(first: Run[], second: Run[]): Paired {
  const ratio = (key: 'ms' | 'cpuMs') => median(first.map((run, i) => run[key] / second[i]![key]))
  return { first: summarise(first), second: summarise(second), wallRatio: ratio('ms'), cpuRatio: ratio('cpuMs') }
}

/** Runs the commands in turn, `rounds` times over: the runs of each command, in the order given. */
export function measureInTurn(commands: readonly Timed[], rounds: number): Run[][] {
  const runs = commands.map((): Run[] => [])
  for (let round = 0; round < rounds; round++) commands.forEach((command, c) => runs[c]!.push(runOnce(command)))
  return runs
}
