import type { DevTimes } from './dev-session.ts'
import { median, type Measurement, type Paired } from './measure.ts'
import { PEERS, type PeerName } from './peer.ts'

/** What the bench measured at one content size. */
export interface SizeResults {
  /** Our cold build, every round. */
  ours: Measurement
  /** Ours paired with each peer run in the same rounds (ours is each pair's `first`). */
  peers: Partial<Record<PeerName, Paired>>
}

/** What the bench measured, as the targets of issue 45 read it. */
export interface Results {
  /** By number of projects (6 = the shipped content). */
  sizes: Map<number, SizeResults>
  /** The shipped build, cold, paired with a bare `vite build` of the same app. */
  floor?: Paired
  /** The shipped build again with nothing changed: the store and the output kept. */
  warm?: Measurement
  validate?: { cold: Measurement; warm: Measurement }
  /** At 1000 projects: a build after one project's title changed, and one with nothing changed. */
  rebuild?: Measurement
  unchanged?: Measurement
  /** `portfolio dev`, by number of projects. */
  dev: Map<number, DevTimes>
  /** gzip KiB of the scripts a case study's page loads, by number of projects. */
  caseStudyJs: Map<number, number>
  /** The shipped content with `count` posts, cold, paired with Eleventy's base blog building the same posts. */
  posts?: { count: number; ours: Measurement; peer: Paired }
  /** The largest size built in `count` languages, paired with the same build in one (issue 46). */
  languages?: { count: number; projects: number; paired: Paired }
}

export interface Target {
  name: string
  value: string
  limit: string
  /** Undefined when the sizes it needs were not run. */
  met?: boolean
  /** How far past the limit, in percent (only when missed). */
  overBy?: number
  /** The same comparison in CPU time, steadier than wall time on a shared machine (CPU of every thread, so above wall when both cores work). */
  cpu?: string
  /** A floor, not a ceiling (CPU / wall). */
  atLeast?: boolean
}

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const times = (x: number) => `${x.toFixed(2)}x`
const mib = (x: number) => `${Math.round(x)} MiB`

function target(
  name: string,
  value: number | undefined,
  limit: number,
  show: (x: number) => string,
  cpu?: number,
  atLeast = false,
): Target {
  const shown = { name, limit: show(limit), ...(atLeast ? { atLeast } : {}) }
  if (value === undefined) return { ...shown, value: 'not run' }
  const met = atLeast ? value >= limit : value <= limit
  return {
    ...shown,
    value: show(value),
    met,
    ...(met ? {} : { overBy: 100 * Math.abs(value / limit - 1) }),
    ...(cpu === undefined ? {} : { cpu: show(cpu) }),
  }
}

/** Issue 45's limits on our cold build at 1000 over each peer's, in wall time. */
const LIMIT_OVER: Record<PeerName, number> = { 'React Router': 1.3, Eleventy: 4, Astro: 1 }

export function checkTargets(r: Results): Target[] {
  const k1 = r.sizes.get(1000)
  const k4 = r.sizes.get(4000)
  const js6 = r.caseStudyJs.get(6)
  const js1000 = r.caseStudyJs.get(1000)
  const over = (peer: PeerName) =>
    target(
      `cold build, 1000 projects, over ${peer} (wall)`,
      k1?.peers[peer]?.wallRatio,
      LIMIT_OVER[peer],
      times,
      k1?.peers[peer]?.cpuRatio,
    )
  const dev = (n: number) => r.dev.get(n)
  return [
    over('React Router'),
    over('Eleventy'),
    over('Astro'),
    target('cold build, 1000 projects: CPU', k1?.ours.medianCpuMs, 25_000, s),
    target(
      'cold build, 1000 projects: CPU / wall',
      k1 && k1.ours.medianCpuMs / k1.ours.medianMs,
      1.6,
      (x) => x.toFixed(2),
      undefined,
      true,
    ),
    target('peak RSS, 1000 projects', k1?.ours.peakRssMiB, 600, mib),
    target(
      'cold build, 4000 projects, over the 1000 build',
      k4 && k1 ? k4.ours.medianMs / k1.ours.medianMs : undefined,
      4.2,
      times,
      k4 && k1 ? k4.ours.medianCpuMs / k1.ours.medianCpuMs : undefined,
    ),
    target('peak RSS, 4000 projects', k4?.ours.peakRssMiB, 900, mib),
    target('rebuild after editing one project, 1000 projects', r.rebuild?.medianMs, 1000, s, r.rebuild?.medianCpuMs),
    target('build with nothing changed, 1000 projects', r.unchanged?.medianMs, 500, s, r.unchanged?.medianCpuMs),
    target('shipped build, cold, over a bare vite build', r.floor?.wallRatio, 3, times, r.floor?.cpuRatio),
    target('shipped build, warm', r.warm?.medianMs, 500, s, r.warm?.medianCpuMs),
    target('validate, shipped content, warm', r.validate?.warm.medianMs, 350, s, r.validate?.warm.medianCpuMs),
    target('validate, shipped content, cold', r.validate?.cold.medianMs, 600, s, r.validate?.cold.medianCpuMs),
    target('dev: URL printed', dev(6)?.urlMs, 1000, s),
    target('dev: first page served', dev(6)?.firstPageMs, 1500, s),
    target('dev: an edit on its page, 6 projects', dev(6) && median(dev(6)!.editMs), 150, s),
    target('dev: an edit on its page, 1000 projects', dev(1000) && median(dev(1000)!.editMs), 300, s),
    target(
      `cold build in ${r.languages?.count ?? 3} languages over one, ${r.languages?.projects ?? 1000} projects`,
      r.languages?.paired.wallRatio,
      2.5,
      times,
      r.languages?.paired.cpuRatio,
    ),
    // "Stays the same": within 10%, so a hash or a byte of markup does not count as growth.
    target('case-study JS (gzip) at 1000 over at 6 projects', js6 && js1000 ? js1000 / js6 : undefined, 1.1, times),
  ]
}

export function formatTable(r: Results): string[] {
  const peerHeads = PEERS.flatMap((p) => [`${p}: wall`, `${p}: CPU`, `ours / ${p}: wall`, 'CPU'])
  const lines = [
    `| projects | ours: wall | ours: CPU | CPU / wall | ours: peak RSS | ${peerHeads.join(' | ')} |`,
    `|---:|---:|---:|---:|---:|${peerHeads.map(() => '---:').join('|')}|`,
  ]
  for (const [n, { ours, peers }] of r.sizes) {
    const peerCells = PEERS.flatMap((p) => {
      const pair = peers[p]
      return pair
        ? [s(pair.second.medianMs), s(pair.second.medianCpuMs), times(pair.wallRatio), times(pair.cpuRatio)]
        : ['-', '-', '-', '-']
    })
    lines.push(
      `| ${n === 6 ? '6 (shipped)' : n} | ${s(ours.medianMs)} | ${s(ours.medianCpuMs)} | ${(ours.medianCpuMs / ours.medianMs).toFixed(2)} | ${mib(ours.peakRssMiB)} | ${peerCells.join(' | ')} |`,
    )
  }
  lines.push('')
  const measured = (m: Measurement) => `${s(m.medianMs)} (CPU ${s(m.medianCpuMs)})`
  if (r.floor)
    lines.push(
      `Shipped build, cold: ${measured(r.floor.first)} vs a bare vite build of the same app ${measured(r.floor.second)}: ${times(r.floor.wallRatio)} (CPU ${times(r.floor.cpuRatio)})`,
    )
  if (r.warm) lines.push(`Shipped build, warm (nothing changed): ${measured(r.warm)}`)
  if (r.validate)
    lines.push(
      `validate, shipped content, with Node's start: warm ${measured(r.validate.warm)}, cold ${measured(r.validate.cold)}`,
    )
  if (r.rebuild)
    lines.push(
      `1000 projects: rebuild after editing one ${measured(r.rebuild)}${r.unchanged ? `, nothing changed ${measured(r.unchanged)}` : ''}`,
    )
  for (const [n, d] of r.dev)
    lines.push(
      `dev, ${n} projects: URL after ${s(d.urlMs)}, first page after ${s(d.firstPageMs)}, an edit on its page after ${d.editMs.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    )
  if (r.posts)
    lines.push(
      `${r.posts.count} posts (and the shipped content), cold: ours ${measured(r.posts.ours)}, peak RSS ${mib(r.posts.ours.peakRssMiB)}; Eleventy's base blog ${measured(r.posts.peer.second)}, peak RSS ${mib(r.posts.peer.second.peakRssMiB)}; ours / base blog ${times(r.posts.peer.wallRatio)} (CPU ${times(r.posts.peer.cpuRatio)})`,
    )
  if (r.languages)
    lines.push(
      `${r.languages.projects} projects in ${r.languages.count} languages, cold: ${measured(r.languages.paired.first)}, peak RSS ${mib(r.languages.paired.first.peakRssMiB)}; in one language ${measured(r.languages.paired.second)}; ${times(r.languages.paired.wallRatio)} (CPU ${times(r.languages.paired.cpuRatio)})`,
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
      `${t.met === undefined ? '·' : t.met ? '✔' : '✖'} ${t.name}: ${t.value}${t.cpu ? ` (CPU: ${t.cpu})` : ''} (target ${t.atLeast ? '>=' : '<='} ${t.limit})${t.overBy === undefined ? '' : `, missed by ${t.overBy.toFixed(1)}%`}`,
  )
}
