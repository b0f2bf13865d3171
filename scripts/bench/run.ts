import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { writeTranslations } from './translations.ts'
import { gzipSync } from 'node:zlib'
import {
  generateContent,
  generatePosts,
  peerPagesOf,
  writeBaseBlog,
  writeContent,
  writePeerInput,
  writePostsContent,
} from './content.ts'
import { measureDev } from './dev-session.ts'
import { measureInTurn, pairRuns, summarise, type Timed } from './measure.ts'
import { baseBlogBuild, baseBlogTemplate, installPeers, PEERS, peerBuild, type PeerName } from './peer.ts'
import { profileRun } from './profile.ts'
import { checkTargets, formatTable, formatTargets, type Results } from './targets.ts'

/** The languages the bench translates the content into, after the default (English). */
const TRANSLATED = ['fr', 'de', 'es', 'pt-BR', 'hi', 'ar']

const USAGE = `Usage: npm run bench [-- options]

Our cold build beside Eleventy 3's, React Router 7's (framework mode, every page prerendered, the
markdown rendered in a loader) and Astro 7's (a content collection, on Node 24) on the same case-study text, at each size: the shipped content (6)
and generated projects. Ours and the peers run in turn, each round; medians of the rounds, and the
medians of the rounds' ratios. With the shipped content also: the cold and warm builds beside a bare
\`vite build\` of the same app, \`validate\` cold and warm, and \`dev\` (start, first page, an edit until
its page shows it; also at 1000). At 1000: a rebuild after one edit and one with nothing changed.
With --posts (1000 by default): the shipped content with that many posts of ~1,500 words, cold,
beside Eleventy's base blog building the same posts. Then the targets of issue 45, each met or missed by how much. Runs the CLI as a user does, as a
process; installs the peers (scripts/bench/peers/) on first use.

Options:
  --sizes <list>   numbers of projects, comma-separated (default 6,1000; 6 is the shipped content)
  --full           the default sizes and 4000
  --posts <n>      posts built beside Eleventy's base blog (default 1000; 0 skips)
  --languages <n>  the largest size again in n languages, over the build in one (default 3; 1 skips)
  --rounds <n>     rounds of paired runs (default 3)
  --edits <n>      edits timed in dev (default 3)
  --profile        a cold build of the largest size under --cpu-prof: where the CPU goes
  -h, --help       print this and start nothing`

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string' },
    posts: { type: 'string', default: '1000' },
    languages: { type: 'string', default: '3' },
    full: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    edits: { type: 'string', default: '3' },
    profile: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (options.help) console.log(USAGE)
else await bench()

async function bench(): Promise<void> {
  const repo = path.resolve(import.meta.dirname, '../..')
  const bin = path.join(repo, 'bin/portfolio.mjs')
  const rounds = Number(options.rounds)
  const edits = Number(options.edits)
  const postCount = Number(options.posts)
  const languageCount = Number(options.languages)
  const sizes = options.sizes ? options.sizes.split(',').map(Number) : options.full ? [6, 1000, 4000] : [6, 1000]
  if (
    ![rounds, edits, ...sizes].every((n) => Number.isInteger(n) && n > 0) ||
    !(Number.isInteger(postCount) && postCount >= 0) ||
    !(Number.isInteger(languageCount) && languageCount >= 1)
  )
    throw new Error(`--sizes, --rounds and --edits take positive whole numbers, --posts a whole number\n\n${USAGE}`)
  /** Where a build keeps what it made (node_modules/.cache/<tool>, by convention); emptied for a cold build. */
  const buildCache = path.join(repo, 'node_modules/.cache/portfolio')

  const work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-bench-'))
  const results: Results = { sizes: new Map(), dev: new Map(), caseStudyJs: new Map() }
  let profile: { where: string; ms: number }[] = []
  const load = [os.loadavg()[0]!]
  const log = (text: string) => process.stderr.write(text)
  try {
    installPeers()
    for (const n of sizes) {
      const root = path.join(work, `content-${n}`)
      const peerInput = path.join(work, `peer-${n}`)
      log(`${n} projects: writing the content… `)
      if (n === 6) {
        // The shipped content, copied: dev edits it.
        cpSync(path.join(repo, 'portfolio.yaml'), path.join(root, 'portfolio.yaml'))
        cpSync(path.join(repo, 'projects'), path.join(root, 'projects'), { recursive: true })
        writePeerInput(peerInput, peerPagesOf(repo))
      } else {
        const content = generateContent(n)
        writeContent(root, content)
        writePeerInput(peerInput, content.pages)
      }
      const out = path.join(work, `dist-${n}`)
      const build = { args: [bin, 'build', '--root', root, '--out', out], cwd: repo }
      const cold: Timed = {
        ...build,
        before: () => [buildCache, out].forEach((d) => rmSync(d, { recursive: true, force: true })),
      }
      const peers = PEERS.map((peer) => peerBuild(peer, peerInput, path.join(work, `peer-out-${n}`)))
      // The same app with the content our build just generated, built by Vite alone: the floor of the shipped build.
      const floor: Timed = {
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
      log(`ours, ${PEERS.join(', ')}${n === 6 ? ' and a bare vite build' : ''} in turn… `)
      const [ours, ...others] = measureInTurn(n === 6 ? [cold, ...peers, floor] : [cold, ...peers], rounds)
      const paired: Partial<Record<PeerName, ReturnType<typeof pairRuns>>> = {}
      PEERS.forEach((peer, i) => (paired[peer] = pairRuns(ours!, others[i]!)))
      results.sizes.set(n, { ours: summarise(ours!), peers: paired })
      const study = n === 6 ? 'authstack' : 'p-0002'
      results.caseStudyJs.set(n, caseStudyJs(out, study))
      if (n === 6) {
        results.floor = pairRuns(ours!, others[PEERS.length]!)
        log('a warm build… ')
        results.warm = summarise(measureInTurn([build], rounds)[0]!)
        log('validate cold and warm… ')
        const validate = { args: [bin, 'validate', '--root', root], cwd: repo }
        const validateCold = { ...validate, before: () => rmSync(buildCache, { recursive: true, force: true }) }
        const [validateColdRuns, validateWarmRuns] = measureInTurn([validateCold, validate], rounds)
        results.validate = { cold: summarise(validateColdRuns!), warm: summarise(validateWarmRuns!) }
      }
      if (n === 1000) {
        log('a rebuild after one edit, and with nothing changed… ')
        const file = path.join(root, 'projects', `${study}.yaml`)
        const original = readFileSync(file, 'utf8')
        let edit = 0
        const editTitle = () =>
          writeFileSync(
            file,
            original.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edit ${++edit})`),
          )
        const [rebuild, unchanged] = measureInTurn([{ ...build, before: editTitle }, build], rounds)
        results.rebuild = summarise(rebuild!)
        results.unchanged = summarise(unchanged!)
        writeFileSync(file, original)
      }
      if (n === 6 || n === 1000) {
        log('dev… ')
        results.dev.set(n, await measureDev(bin, root, study, edits))
      }
      if (options.profile && n === Math.max(...sizes)) {
        log('a cold build under --cpu-prof… ')
        profile = profileRun(cold, repo)
      }
      log('done\n')
    }
    if (languageCount > 1) {
      const n = Math.max(...sizes.filter((size) => size !== 6), 6)
      log(`${n} projects in ${languageCount} languages: writing the translations… `)
      const content = generateContent(n)
      const one = path.join(work, 'content-one-language')
      const many = path.join(work, 'content-languages')
      writeContent(one, content)
      writeContent(many, content)
      writeTranslations(many, content.ids, TRANSLATED.slice(0, languageCount - 1))
      const coldOf = (root: string, out: string): Timed => ({
        args: [bin, 'build', '--root', root, '--out', out],
        cwd: repo,
        before: () => [buildCache, out].forEach((d) => rmSync(d, { recursive: true, force: true })),
      })
      log('in one language and in all, in turn… ')
      const [single, multi] = measureInTurn(
        [coldOf(one, path.join(work, 'dist-one')), coldOf(many, path.join(work, 'dist-many'))],
        rounds,
      )
      results.languages = { count: languageCount, projects: n, paired: pairRuns(multi!, single!) }
      log('done\n')
    }
    if (postCount > 0) {
      log(`${postCount} posts: writing them… `)
      const posts = generatePosts(postCount)
      const root = path.join(work, 'content-posts')
      const blog = path.join(work, 'base-blog')
      writePostsContent(root, posts)
      writeBaseBlog(blog, baseBlogTemplate, posts)
      const out = path.join(work, 'dist-posts')
      const cold: Timed = {
        args: [bin, 'build', '--root', root, '--out', out],
        cwd: repo,
        before: () => [buildCache, out].forEach((d) => rmSync(d, { recursive: true, force: true })),
      }
      log("ours and Eleventy's base blog in turn… ")
      const [ours, peer] = measureInTurn([cold, baseBlogBuild(blog)], rounds)
      results.posts = { count: postCount, ours: summarise(ours!), peer: pairRuns(ours!, peer!) }
      log('done\n')
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
    // Builds of other content leave it in the app's generated folder: put the shipped content back.
    spawnSync(process.execPath, [bin, 'generate'], { cwd: repo, stdio: 'ignore' })
  }
  load.push(os.loadavg()[0]!)

  console.log(
    `\nMedians of ${rounds} rounds, ours and the peers (and the vite build) in turn; ratios are the medians of the rounds' ratios. Cold: no build store, no previous output.`,
  )
  console.log(
    `${os.cpus().length} cores, Node ${process.version}; a shared machine: 1-minute load ${load.map((x) => x.toFixed(1)).join(' at the start, ')} at the end.\n`,
  )
  for (const line of formatTable(results)) console.log(line)
  const targets = checkTargets(results)
  console.log('\nTargets (issue 45):')
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
}

/** gzip KiB of the scripts a first visit to one case study loads (its data is JSON inside the page). */
function caseStudyJs(dist: string, id: string): number {
  const html = readFileSync(path.join(dist, 'projects', id, 'index.html'), 'utf8')
  const files = [...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!))]
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length, 0) / 1024
}
