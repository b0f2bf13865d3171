import { readdirSync, readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { measure, measurePaired, type Measurement } from './measure.ts'
import { writeSyntheticContent } from './synthetic-content.ts'

/**
 * `npm run bench [-- --full] [--json FILE] [--runs N] [--rounds N]`: times `portfolio validate` and `portfolio build`
 * as whole processes on the shipped content and on synthetic portfolios of 100 and 1000 projects
 * (4000 with --full), next to a bare `vite build` of the same app, and checks the targets.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const bin = path.join(repo, 'bin/portfolio.mjs')
const viteBin = path.join(repo, 'node_modules/vite/bin/vite.js')
const args = process.argv.slice(2)
const full = args.includes('--full')
const runs = Number(args[args.indexOf('--runs') + 1]) || 3
/** Rounds of the shipped build timed in turn with its floor: their ratio is a target, and a close one. */
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 7
const jsonPath = args.includes('--json') ? path.resolve(args[args.indexOf('--json') + 1]!) : undefined
const sizes = full ? [6, 100, 1000, 4000] : [6, 100, 1000]

interface Row {
  projects: number
  validate: Measurement
  build: Measurement
  viteFloor: Measurement
  /** build / floor: on the shipped content the median of the rounds' ratios, else of the medians. */
  floorRatio: number
  /** The shipped content's ratio per round (build and floor timed in turn). */
  floorRatios?: number[]
  rebuildOneFile: Measurement
  msPerPage: number
  projectPageJsKiB: number
}

const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-'))
const rows: Row[] = []
try {
  for (const n of sizes) {
    const root = n === 6 ? repo : path.join(work, `content-${n}`)
    if (n !== 6) writeSyntheticContent(root, n)
    const out = path.join(work, `dist-${n}`)
    process.stderr.write(`N=${n}: validate… `)
    const validate = measure([bin, 'validate', '--root', root], runs, { cwd: repo })
    process.stderr.write(n === 6 ? `build and vite floor, in turn… ` : `build… `)
    // Cold: the build caches (checked and compiled projects, social cards, Vite builds, pages) are emptied before
    // every run; the tool's own caches (the compiled CLI and schema validators) are kept, as after
    // `npm ci` and one run, and so is the pool of empty folders a build keeps from the site it replaced
    // (spare-directories.ts: it holds nothing made from the content). Each run replaces the previous
    // run's output, as a rebuild does.
    const buildCommand = { args: [bin, 'build', '--root', root, '--out', out], cwd: repo, before: clearBuildCaches }
    // The same app with the same generated content, built by Vite alone: what a build cannot beat.
    const floorCommand = { args: [viteBin, 'build', path.join(repo, 'site'), '--outDir', path.join(work, `floor-${n}`), '--emptyOutDir', '--logLevel', 'silent'], cwd: repo }
    // Where the ratio is a target, the two are timed in turn (see measurePaired); elsewhere it is only shown.
    const paired = n === 6 ? measurePaired(buildCommand, floorCommand, rounds) : undefined
    const build = paired?.first ?? measure(buildCommand.args, runs, buildCommand)
    if (!paired) process.stderr.write(`vite floor… `)
    const viteFloor = paired?.second ?? measure(floorCommand.args, runs, floorCommand)
    const floorRatio = paired?.medianRatio ?? build.medianMs / viteFloor.medianMs
    process.stderr.write(`rebuild… `)
    const projectFile = n === 6 ? path.join(root, 'projects/authstack.yaml') : path.join(root, 'projects/p-0002.yaml')
    const original = readFileSync(projectFile, 'utf8')
    let edit = 0
    const rebuildOneFile = measure([bin, 'build', '--root', root, '--out', out], runs, {
      cwd: repo,
      before: () => writeFileSync(projectFile, original.replace(/^title: (.*)$/m, (_, t: string) => `title: ${t} (edit ${++edit})`)),
    })
    writeFileSync(projectFile, original)
    const pages = n + 2
    rows.push({ projects: n, validate, build, viteFloor, floorRatio, ...(paired ? { floorRatios: paired.ratios } : {}), rebuildOneFile, msPerPage: build.medianMs / pages, projectPageJsKiB: projectPageJs(out, n === 6 ? 'authstack' : 'p-0002') })
    process.stderr.write('done\n')
  }
  const diagrams = await diagramTimes()
  printTable(rows, diagrams)
  const misses = checkTargets(rows, diagrams)
  if (jsonPath) writeFileSync(jsonPath, JSON.stringify({ machine: { cpus: os.cpus().length, node: process.version }, rows, diagrams, misses }, null, 2) + '\n')
  if (misses.length) {
    console.log(`\n✖ ${misses.length} target${misses.length === 1 ? '' : 's'} missed:\n${misses.map((m) => `  - ${m}`).join('\n')}`)
    process.exitCode = 1
  } else console.log('\n✔ every target met')
} finally {
  rmSync(work, { recursive: true, force: true })
}

/** gzip KiB of the JavaScript a first visit to one case study downloads: the scripts its HTML loads
 * (its data is JSON inside the page, not JavaScript). */
function projectPageJs(dist: string, id: string): number {
  const html = readFileSync(path.join(dist, 'projects', id, 'index.html'), 'utf8')
  const files = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024
}

/** Empties the caches a build fills, so a timed build starts cold. */
function clearBuildCaches(): void {
  for (const cache of ['og', 'compiled', 'checked', 'site', 'pages']) rmSync(path.join(repo, 'node_modules/.cache/portfolio', cache), { recursive: true, force: true })
}

interface DiagramTimes {
  /** Loading the renderer (beautiful-mermaid and its layout engine): once per build that draws any diagram. */
  loadMs: number
  /** Mean per diagram drawn without the cache, renderer loaded (the first one, which warms it up, included). */
  uncachedMs: number
  /** Mean per diagram taken from the compile cache. */
  cachedMs: number
  count: number
}

async function diagramTimes(): Promise<DiagramTimes> {
  const { parse } = await import('yaml')
  const sources: { mermaid: string; title: string }[] = []
  for (const file of readdirSync(path.join(repo, 'projects'))) {
    const project = parse(readFileSync(path.join(repo, 'projects', file), 'utf8')) as { sections: { diagrams?: { mermaid: string; title: string }[] }[] }
    for (const section of project.sections) for (const diagram of section.diagrams ?? []) sources.push(diagram)
  }
  const loading = performance.now()
  await (await import('../../cli/compile/render-diagram.ts')).loadDiagramRenderer()
  const loadMs = performance.now() - loading
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bench-diagrams-'))
  const store = (await import('../../cli/cache/store.ts')).openStore(directory, 'bench')
  const { drawDiagrams, readDiagram } = await import('../../cli/compile/draw-diagrams.ts')
  try {
    const drawing = performance.now()
    await drawDiagrams(sources, store)
    const uncachedMs = (performance.now() - drawing) / sources.length
    const reading = performance.now()
    for (const diagram of sources) if (readDiagram(store, diagram) === undefined) throw new Error('a diagram was not cached')
    return { loadMs, uncachedMs, cachedMs: (performance.now() - reading) / sources.length, count: sources.length }
  } finally {
    rmSync(directory, { recursive: true, force: true })
  }
}

function printTable(table: Row[], diagrams: DiagramTimes): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  console.log(`\nMedian of ${runs} runs (the shipped build and its floor: of ${rounds} rounds in turn), ${os.cpus().length} cores, Node ${process.version}\n`)
  console.log('| projects | validate | build | social cards (drawn alongside) | peak RSS (build) | ms/page | vite build floor | build / floor | rebuild after 1 edit | case-study JS (gzip) |')
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  for (const r of table) {
    const cards = r.build.steps['social images (own time)'] ?? r.build.steps['social images']
    console.log(`| ${r.projects} | ${s(r.validate.medianMs)} | ${s(r.build.medianMs)} | ${cards === undefined ? '?' : s(cards)} | ${Math.round(r.build.peakRssMiB)} MiB | ${r.msPerPage.toFixed(1)} | ${s(r.viteFloor.medianMs)} | ${r.floorRatio.toFixed(2)}x | ${s(r.rebuildOneFile.medianMs)} (${Math.round((100 * r.rebuildOneFile.medianMs) / r.build.medianMs)}%) | ${r.projectPageJsKiB.toFixed(1)} KiB |`)
  }
  console.log(`\nDiagrams (${diagrams.count} shipped): ${diagrams.uncachedMs.toFixed(1)} ms each uncached, ${diagrams.cachedMs.toFixed(2)} ms each cached; loading the renderer ${diagrams.loadMs.toFixed(0)} ms (once per build that draws any diagram)`)
  for (const r of table) {
    if (r.floorRatios) console.log(`Build / floor, ${r.projects} projects: the median of ${r.floorRatios.length} rounds' ratios (${r.floorRatios.map((x) => x.toFixed(2)).join(', ')})`)
  }
  for (const r of table) {
    const steps = Object.entries(r.build.steps).map(([name, ms]) => `${name} ${s(ms)}`).join(', ')
    if (steps) console.log(`Build steps, ${r.projects} projects (median run): ${steps}`)
  }
}

function checkTargets(table: Row[], diagrams: DiagramTimes): string[] {
  const misses: string[] = []
  const check = (ok: boolean, text: string) => void (ok || misses.push(text))
  // How far over its limit a value is, to a tenth of a percent (a whole percent rounds a close miss to "by 0%").
  const by = (value: number, limit: number) => `by ${(100 * (value / limit - 1)).toFixed(1)}%`
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const at = (n: number) => table.find((r) => r.projects === n)
  const shipped = at(6)
  if (shipped) {
    check(shipped.validate.medianMs <= 400, `validate on the shipped content: ${shipped.validate.medianMs.toFixed(0)} ms > 400 ms (${by(shipped.validate.medianMs, 400)})`)
    check(shipped.floorRatio <= 2, `build on the shipped content: ${shipped.floorRatio.toFixed(3)}x the vite floor > 2x (${by(shipped.floorRatio, 2)})`)
  }
  const k1 = at(1000)
  if (k1) {
    check(k1.validate.medianMs <= 1000, `validate, 1000 projects: ${k1.validate.medianMs.toFixed(0)} ms > 1000 ms (${by(k1.validate.medianMs, 1000)})`)
    check(k1.build.medianMs <= 4000, `build, 1000 projects: ${seconds(k1.build.medianMs)} > 4 s (${by(k1.build.medianMs, 4000)})`)
    if (shipped) check(k1.projectPageJsKiB <= shipped.projectPageJsKiB * 1.1, `case-study JS grows with the number of projects: ${k1.projectPageJsKiB.toFixed(1)} KiB at 1000 vs ${shipped.projectPageJsKiB.toFixed(1)} KiB at 6 (${by(k1.projectPageJsKiB, shipped.projectPageJsKiB * 1.1)} over the 10% allowed)`)
  }
  for (const r of table) check(r.rebuildOneFile.medianMs <= 0.4 * r.build.medianMs, `rebuild after one edit, ${r.projects} projects: ${((100 * r.rebuildOneFile.medianMs) / r.build.medianMs).toFixed(1)}% of the cold build > 40% (${by(r.rebuildOneFile.medianMs, 0.4 * r.build.medianMs)})`)
  const k4 = at(4000)
  if (k4 && k1) {
    const growth = k4.build.medianMs / k1.build.medianMs
    check(k4.build.medianMs <= 12000, `build, 4000 projects: ${seconds(k4.build.medianMs)} > 12 s (${by(k4.build.medianMs, 12000)})`)
    check(k4.build.peakRssMiB <= 1024, `build, 4000 projects: peak RSS ${Math.round(k4.build.peakRssMiB)} MiB > 1 GiB (${by(k4.build.peakRssMiB, 1024)})`)
    check(growth <= 4.2, `build time grows faster than linear: 4000/1000 = ${growth.toFixed(2)}x > 4.2x (${by(growth, 4.2)})`)
  }
  check(diagrams.uncachedMs <= 30, `a diagram uncached: ${diagrams.uncachedMs.toFixed(1)} ms > 30 ms (${by(diagrams.uncachedMs, 30)})`)
  check(diagrams.cachedMs <= 1, `a diagram cached: ${diagrams.cachedMs.toFixed(2)} ms > 1 ms (${by(diagrams.cachedMs, 1)})`)
  return misses
}
