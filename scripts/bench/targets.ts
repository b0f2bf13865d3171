import type { Measurement, Paired } from './measure.ts'

/** What the bench measured, per content size, as the targets of issue 28 read it. */
export interface Results {
  /** Ours and Eleventy's cold builds, paired, by number of projects (6 = the shipped content). */
  peers: Map<number, Paired>
  /** The shipped build paired with a bare `vite build` of the same app. */
  floor?: Paired
  validate?: Measurement
  rebuild?: Measurement
  /** gzip KiB of the scripts a case study's page loads, by number of projects. */
  caseStudyJs: Map<number, number>
}

export interface Target {
  name: string
  value: string
  limit: string
  /** Undefined when the sizes it needs were not run. */
  met?: boolean
  /** How far over the limit, in percent (only when missed). */
  overBy?: number
  /** The same comparison in CPU seconds, steadier than wall time on a shared machine. */
  cpu?: string
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

function target(
  name: string,
  value: number | undefined,
  limit: number,
  show: (x: number) => string,
  cpu?: number,
): Target {
  if (value === undefined) return { name, value: 'not run', limit: show(limit) }
  const met = value <= limit
  return {
    name,
    value: show(value),
    limit: show(limit),
    met,
    ...(met ? {} : { overBy: 100 * (value / limit - 1) }),
    ...(cpu === undefined ? {} : { cpu: show(cpu) }),
  }
}

export function checkTargets(r: Results): Target[] {
  const k1 = r.peers.get(1000)
  const k4 = r.peers.get(4000)
  const js6 = r.caseStudyJs.get(6)
  const js1000 = r.caseStudyJs.get(1000)
  const times = (x: number) => `${x.toFixed(2)}x`
  return [
    target('rebuild after editing one project, 1000 projects', r.rebuild?.medianMs, 1000, s),
    target('cold build, 1000 projects, over Eleventy (wall)', k1?.wallRatio, 2, times, k1?.cpuRatio),
    target(
      'cold build, 4000 projects, over the 1000 build',
      k4 && k1 ? k4.first.medianMs / k1.first.medianMs : undefined,
      4.2,
      times,
      k4 && k1 ? k4.first.medianCpuMs / k1.first.medianCpuMs : undefined,
    ),
    target('peak RSS, 4000 projects', k4?.first.peakRssMiB, 1024, (x) => `${Math.round(x)} MiB`),
    target('shipped build over a bare vite build', r.floor?.wallRatio, 2.5, times),
    target('validate, shipped content, with Node start', r.validate?.medianMs, 400, s),
    // "Stays the same": within 10%, so a hash or a byte of markup does not count as growth.
    target('case-study JS (gzip) at 1000 over at 6 projects', js6 && js1000 ? js1000 / js6 : undefined, 1.1, times),
  ]
}

export function formatTable(r: Results): string[] {
  const lines = [
    '| projects | ours: wall | ours: CPU | Eleventy: wall | Eleventy: CPU | ours / Eleventy: wall | CPU | ours: peak RSS |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const [n, p] of r.peers) {
    lines.push(
      `| ${n === 6 ? '6 (shipped)' : n} | ${s(p.first.medianMs)} | ${s(p.first.medianCpuMs)} | ${s(p.second.medianMs)} | ${s(p.second.medianCpuMs)} | ${p.wallRatio.toFixed(2)}x | ${p.cpuRatio.toFixed(2)}x | ${Math.round(p.first.peakRssMiB)} MiB |`,
    )
  }
  lines.push('')
  if (r.floor)
    lines.push(
      `Shipped build ${s(r.floor.first.medianMs)} (CPU ${s(r.floor.first.medianCpuMs)}) vs a bare vite build of the same app ${s(r.floor.second.medianMs)} (CPU ${s(r.floor.second.medianCpuMs)}): ${r.floor.wallRatio.toFixed(2)}x`,
    )
  if (r.validate)
    lines.push(
      `validate, shipped content, with Node start: ${s(r.validate.medianMs)} (CPU ${s(r.validate.medianCpuMs)})`,
    )
  if (r.rebuild)
    lines.push(
      `Rebuild after editing one project, 1000 projects: ${s(r.rebuild.medianMs)} (CPU ${s(r.rebuild.medianCpuMs)}; runs ${r.rebuild.runs.map((x) => s(x.ms)).join(', ')})`,
    )
  if (r.caseStudyJs.size)
    lines.push(
      `Case-study JS (gzip): ${[...r.caseStudyJs].map(([n, kib]) => `${kib.toFixed(1)} KiB at ${n}`).join(', ')}`,
    )
  return lines
}

export function formatTargets(targets: readonly Target[]): string[] {
  return targets.map(
    (t) =>
      `${t.met === undefined ? '·' : t.met ? '✔' : '✖'} ${t.name}: ${t.value}${t.cpu ? ` (CPU: ${t.cpu})` : ''} (target <= ${t.limit})${t.overBy === undefined ? '' : `, missed by ${t.overBy.toFixed(1)}%`}`,
  )
}
