import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { generateContent, peerPagesOf, writeContent, writePeerInput } from './content.ts'
import { measure, measureInTurn, pairRuns, type Timed } from './measure.ts'
import { eleventyBuild, installPeers } from './peer.ts'
import { profileRun } from './profile.ts'
import { checkTargets, formatTable, formatTargets, type Results } from './targets.ts'

/**
 * `npm run bench [-- --full] [--rounds N] [--sizes 6,1000] [--profile]`: our cold build beside Eleventy's on the same case-study
 * text (the shipped content, 1000 generated projects and, with --full, 4000), a rebuild after one
 * edit, the shipped build beside a bare `vite build` and `validate`; then the targets of issue 28.
 * Everything runs the CLI as a user does, as a process: nothing of cli/ is imported.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const bin = path.join(repo, 'bin/portfolio.mjs')
const args = process.argv.slice(2)
const full = args.includes('--full')
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 3
const sizes = args.includes('--sizes')
  ? args[args.indexOf('--sizes') + 1]!.split(',').map(Number)
  : full
    ? [6, 1000, 4000]
    : [6, 1000]
/** Where a build keeps what it made (node_modules/.cache/<tool>, by convention); emptied for a cold build. */
const buildCache = path.join(repo, 'node_modules/.cache/portfolio')

const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-'))
const results: Results = { peers: new Map(), caseStudyJs: new Map() }
let profile: { where: string; ms: number }[] = []
const load = [os.loadavg()[0]!]
const log = (text: string) => process.stderr.write(text)
try {
  installPeers()
  for (const n of sizes) {
    const root = n === 6 ? repo : path.join(work, `content-${n}`)
    const peerInput = path.join(work, `peer-${n}`)
    log(`${n} projects: writing the content… `)
    if (n === 6) writePeerInput(peerInput, peerPagesOf(repo))
    else {
      const content = generateContent(n)
      writeContent(root, content)
      writePeerInput(peerInput, content.pages)
    }
    const out = path.join(work, `dist-${n}`)
    const cold: Timed = {
      args: [bin, 'build', '--root', root, '--out', out],
      cwd: repo,
      before: () => [buildCache, out].forEach((d) => rmSync(d, { recursive: true, force: true })),
    }
    const peer = eleventyBuild(peerInput, path.join(work, `peer-out-${n}`))
    // The same app with the content our build just generated, built by Vite alone: the floor of the shipped build.
    const floor = {
      args: [
        path.join(repo, 'node_modules/vite/bin/vite.js'),
        'build',
        path.join(repo, 'site'),
        '--outDir',
        path.join(work, 'floor'),
        '--emptyOutDir',
        '--logLevel',
        'silent',
      ],
      cwd: repo,
    }
    log(n === 6 ? 'ours, Eleventy and a bare vite build in turn… ' : 'ours and Eleventy in turn… ')
    const [ours, eleventy, vite] = measureInTurn(n === 6 ? [cold, peer, floor] : [cold, peer], rounds)
    results.peers.set(n, pairRuns(ours!, eleventy!))
    if (vite) results.floor = pairRuns(ours!, vite)
    const study = n === 6 ? 'authstack' : 'p-0002'
    results.caseStudyJs.set(n, caseStudyJs(out, study))
    if (n === 6) {
      log(`validate… `)
      const validate = { args: [bin, 'validate', '--root', repo], cwd: repo }
      measure(validate, 1)
      results.validate = measure(validate, rounds)
    }
    if (n === 1000) {
      log(`rebuild after one edit… `)
      const file = path.join(root, 'projects', `${study}.yaml`)
      const original = readFileSync(file, 'utf8')
      let edit = 0
      const before = () =>
        writeFileSync(
          file,
          original.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edit ${++edit})`),
        )
      results.rebuild = measure({ args: cold.args, cwd: repo, before }, rounds)
    }
    if (args.includes('--profile') && n === Math.max(...sizes)) {
      log('a cold build under --cpu-prof… ')
      profile = profileRun(cold, repo)
    }
    log('done\n')
  }
} finally {
  rmSync(work, { recursive: true, force: true })
  // Builds of generated content leave it in the app's generated folder: put the shipped content back.
  spawnSync(process.execPath, [bin, 'generate'], { cwd: repo, stdio: 'ignore' })
}
load.push(os.loadavg()[0]!)

console.log(
  `\nMedians of ${rounds} rounds, ours and the peer (and the vite build) in turn; ratios are the medians of the rounds' ratios. Cold: no build cache, no previous output.`,
)
console.log(
  `${os.cpus().length} cores, Node ${process.version}; a shared machine: 1-minute load ${load.map((x) => x.toFixed(1)).join(' at the start, ')} at the end.\n`,
)
for (const line of formatTable(results)) console.log(line)
const targets = checkTargets(results)
console.log('\nTargets (issue 28):')
for (const line of formatTargets(targets)) console.log(`  ${line}`)
if (profile.length) {
  const total = profile.reduce((sum, p) => sum + p.ms, 0)
  console.log(
    `\nWhere the time goes, a cold build of ${Math.max(...sizes)} projects under --cpu-prof (self time of every thread, idle left out, a blocking call counted to its caller; ${(total / 1000).toFixed(1)} s):`,
  )
  for (const p of profile.slice(0, 12))
    console.log(
      `  ${(p.ms / 1000).toFixed(2).padStart(6)} s  ${((100 * p.ms) / total).toFixed(0).padStart(3)}%  ${p.where}`,
    )
}
if (targets.some((t) => t.met === false)) process.exitCode = 1

/** gzip KiB of the scripts a first visit to one case study loads (its data is JSON inside the page). */
function caseStudyJs(dist: string, id: string): number {
  const html = readFileSync(path.join(dist, 'projects', id, 'index.html'), 'utf8')
  const files = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024
}
