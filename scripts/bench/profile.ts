import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runOnce, type Timed } from './measure.ts'

/** The parts of V8's .cpuprofile this reads. */
interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[]
  samples: number[]
  timeDeltas: number[]
}

/**
 * Where a build's time goes: one more run under `--cpu-prof` (every thread writes a profile), its
 * self time summed by package (node_modules/<name>) or by folder of this repository (cli/compile).
 * A thread blocked in a synchronous call (esbuild's, a file read) is sampled in that call.
 */
export function profileRun(command: Timed, repo: string): { where: string; ms: number }[] {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-profile-'))
  try {
    runOnce({ ...command, args: ['--cpu-prof', `--cpu-prof-dir=${directory}`, ...command.args] })
    const byPlace = new Map<string, number>()
    for (const file of readdirSync(directory)) {
      const profile = JSON.parse(readFileSync(path.join(directory, file), 'utf8')) as CpuProfile
      const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]))
      profile.samples.forEach((id, i) => {
        const frame = frames.get(id)
        // A thread waiting for work is sampled as (idle): that is not CPU.
        if (!frame || frame.functionName === '(idle)') return
        const where = frame.url === '' ? frame.functionName : placeOf(frame.url, repo)
        byPlace.set(where, (byPlace.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
      })
    }
    return [...byPlace].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms)
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

function placeOf(url: string, repo: string): string {
  if (url.startsWith('node:')) return 'node: built-ins'
  const file = url.replace(/^file:\/\//, '')
  const inModules = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)
  if (inModules) return inModules[1]!.startsWith('.') ? `node_modules/${inModules[1]}` : inModules[1]!
  const relative = path.relative(repo, file)
  return relative.startsWith('..') ? file : relative.split(path.sep).slice(0, 2).join('/')
}
