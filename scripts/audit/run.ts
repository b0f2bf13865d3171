/**
 * npm run audit [-- --quick] [--routes /,logic-i] [--dist DIR] [--base /x/] [--json FILE] [--runs N]
 *
 * Builds the shipped content (or takes --dist), serves it on 127.0.0.1, measures the JavaScript and CSS
 * a first visit downloads on every route, checks render-blocking markup, image sizes and layout shift,
 * runs Lighthouse (mobile and desktop presets) on every route, prints the tables and exits 1 when a
 * budget is missed. Without --dist it then does the same, Lighthouse mobile only, for the media fixture
 * (media-fixture.ts: four projects with a cover and three screenshots each, from 2400 px sources) on /
 * and a case study, reading each through on a phone for its image bytes and layout shift.
 * Exit 2 for a usage, build or environment problem.
 */
import { mkdir, mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { runAudit, type AuditReport } from './audit.ts'
import { MEDIA_FIXTURE_CASE_STUDY, writeMediaFixture } from './media-fixture.ts'
import type { Preset } from './lighthouse-runner.ts'
import { formatReport, writeJsonReport } from './report.ts'
import { listAuditRoutes, selectRoutes } from './routes.ts'
import type { Compression } from './serve.ts'

const USAGE = `usage: npm run audit -- [options]
  --quick          byte and markup budgets on every route, Lighthouse (mobile) on / only
  --routes LIST    comma-separated routes to audit: /, /projects/<id>, a project id, /writing or /writing/<slug>
  --dist DIR       audit an existing build instead of building the shipped content
  --base PATH      the base path the build was made for (default /)
  --json FILE      where to write the JSON report (default: audit-report.json next to the build folder)
  --runs N         Lighthouse runs per route and preset; the median by performance counts (default 1)
  --no-compression serve the files uncompressed (default: gzip text responses, as GitHub Pages does)
  --no-media       skip the media fixture's audit (images, layout shift, Lighthouse mobile)
  -h, --help       this text`

export interface CliOptions {
  quick: boolean
  routes?: string[]
  dist?: string
  base: string
  json?: string
  runs: number
  compression: Compression
  /** --no-media: only the shipped content (or --dist) is audited. */
  skipMedia?: true
}

export class UsageError extends Error {}

export function parseCli(argv: readonly string[]): CliOptions | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        quick: { type: 'boolean', default: false },
        routes: { type: 'string' },
        dist: { type: 'string' },
        base: { type: 'string', default: '/' },
        json: { type: 'string' },
        runs: { type: 'string', default: '1' },
        'no-compression': { type: 'boolean', default: false },
        'no-media': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
      strict: true,
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const { values } = parsed
  if (values.help) return 'help'
  const base = values.base ?? '/'
  if (!base.startsWith('/') || !base.endsWith('/'))
    throw new UsageError(`--base must start and end with "/" (got "${base}")`)
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1 || runs > 9)
    throw new UsageError(`--runs must be a whole number from 1 to 9 (got "${values.runs}")`)
  const routes = values.routes
    ?.split(',')
    .map((r) => r.trim())
    .filter(Boolean)
  if (values.routes !== undefined && !routes?.length) throw new UsageError('--routes needs at least one route')
  return {
    quick: values.quick ?? false,
    base,
    runs,
    compression: values['no-compression'] ? 'none' : 'gzip',
    ...(routes ? { routes } : {}),
    ...(values.dist ? { dist: path.resolve(values.dist) } : {}),
    ...(values.json ? { json: path.resolve(values.json) } : {}),
    ...(values['no-media'] ? { skipMedia: true as const } : {}),
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const started = performance.now()
  const options = parseCli(argv)
  if (options === 'help') {
    console.log(USAGE)
    return 0
  }
  const log = (line: string) => console.error(line)
  let distDir = options.dist
  let buildMs: number | undefined
  if (!distDir) {
    const repo = path.resolve(import.meta.dirname, '../..')
    distDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'portfolio-audit-')), 'dist')
    log(`building the shipped content into ${distDir}`)
    // The audit measures what ships: Vite bundles React's development build under any other NODE_ENV.
    process.env.NODE_ENV = 'production'
    const buildStarted = performance.now()
    const result = await runBuild({ root: repo, outDir: distDir, base: options.base })
    buildMs = performance.now() - buildStarted
    if (!result.compiled) {
      for (const d of result.diagnostics) log(`${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)
      throw new Error('the shipped content does not build')
    }
  }
  const all = await listAuditRoutes(distDir)
  const home = all[0]!
  let routes = all
  try {
    if (options.routes) routes = selectRoutes(all, options.routes)
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const presets: Preset[] = options.quick ? ['mobile'] : ['mobile', 'desktop']
  const lighthouseRoutes = options.quick ? [routes.find((r) => r.route === '/') ?? routes[0]!] : routes
  log(
    `auditing ${routes.length} route(s)${options.quick ? ' (quick: Lighthouse mobile on one route)' : ''}: ${routes.map((r) => r.route).join(', ')}`,
  )

  const report = await runAudit({
    distDir,
    base: options.base,
    routes,
    home,
    presets,
    lighthouseRoutes,
    runs: options.runs,
    compression: options.compression,
    mode: options.quick ? 'quick' : 'full',
    log,
  })
  report.timings = {
    ...report.timings,
    ...(buildMs === undefined ? {} : { buildMs }),
    totalMs: performance.now() - started,
  }
  const jsonFile = options.json ?? path.join(path.dirname(distDir), 'audit-report.json')
  await writeJsonReport(jsonFile, report)
  console.log(formatReport(report))
  console.log(`JSON report: ${jsonFile}`)
  if (options.dist || options.skipMedia) return report.misses.length > 0 ? 1 : 0

  const media = await auditMediaFixture(options, log)
  const mediaJson = jsonFile.replace(/(\.json)?$/, '.media.json')
  await writeJsonReport(mediaJson, media)
  console.log(`\nMedia fixture (4 projects, each a cover and 3 screenshots from 2400 px sources, and a photo)`)
  console.log(formatReport(media))
  console.log(`JSON report: ${mediaJson}`)
  return report.misses.length + media.misses.length > 0 ? 1 : 0
}

/** Builds the media fixture and audits / and a case study: bytes, images read through, Lighthouse mobile. */
async function auditMediaFixture(options: CliOptions, log: (line: string) => void): Promise<AuditReport> {
  const started = performance.now()
  const repo = path.resolve(import.meta.dirname, '../..')
  const work = await mkdtemp(path.join(os.tmpdir(), 'portfolio-audit-media-'))
  const root = path.join(work, 'content')
  await mkdir(root)
  log(`drawing the media fixture into ${root}`)
  await writeMediaFixture(repo, root)
  const distDir = path.join(work, 'dist')
  const buildStarted = performance.now()
  const result = await runBuild({ root, outDir: distDir, base: options.base })
  const buildMs = performance.now() - buildStarted
  if (!result.compiled) {
    for (const d of result.diagnostics) log(`${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`)
    throw new Error('the media fixture does not build')
  }
  const all = await listAuditRoutes(distDir)
  const routes = selectRoutes(all, ['/', MEDIA_FIXTURE_CASE_STUDY])
  log(`auditing the media fixture: ${routes.map((r) => r.route).join(', ')}`)
  const report = await runAudit({
    distDir,
    base: options.base,
    routes,
    home: all[0]!,
    presets: ['mobile'],
    lighthouseRoutes: routes,
    runs: options.runs,
    compression: options.compression,
    mode: options.quick ? 'quick' : 'full',
    images: true,
    log,
  })
  report.timings = { ...report.timings, buildMs, totalMs: performance.now() - started }
  return report
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href
if (invokedDirectly)
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`)
      else console.error(`audit failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      process.exitCode = 2
    },
  )
