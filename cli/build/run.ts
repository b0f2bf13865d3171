import { cp, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { assert, CliError } from '../errors.ts'
import { buildSite, type SiteBuild } from './build-site.ts'
import type { PageCache } from './page-cache.ts'
import { checkScans, listSiteFiles } from './check-output.ts'
import { listRoutes, type Route } from './list-routes.ts'
import { prerenderRoutes, type Prerendered } from './prerender.ts'
import { ProjectDataWriter, type WrittenData } from '../generate/project-data.ts'
import { robotsTxt, sitemapXml } from './seo-files.ts'
import { socialCardSpecs, writeSocialCards } from '../social/social-images.ts'
import { stopPool } from '../workers/pool.ts'
import { removeStaleWorkDirectories, swapDirectory, workDirectories } from './swap-directory.ts'
import type { CheckedContent, CheckResult } from '../content/check-content.ts'
import { checkAndCompile, type CheckAndCompileResult } from './check-and-compile.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { writeFiles } from '../generate/write-files.ts'
import { generatedDirectory, siteDirectory } from '../paths.ts'
import { openStore, type Store } from '../cache/store.ts'

export interface GenerateResult extends CheckResult {
  compiled?: CompiledContent
  /** Generated files that changed on disk. */
  written: string[]
}

export interface GenerateOptions {
  /**
   * Also write the runtime data (cards.json, projects/<id>.json), which only the dev server reads
   * from the generated folder; a build writes it into the site instead. @default true
   */
  data?: boolean
}

/** check → compile markdown and diagrams → generate modules → write them. Writes nothing on any error. */
export async function runGenerate(root: string, outputDirectory = generatedDirectory, options: GenerateOptions = {}): Promise<GenerateResult> {
  // load, parse, schema, rules, then markdown → HTML and Mermaid → SVG (unchanged files from the cache)
  const outcome = generateOutcome(await checkAndCompile(root))
  if (!outcome.compiled) return outcome
  const files = generateContentModules(outcome.compiled, await generateTypes(), { data: options.data ?? true }) // typed modules, deterministic
  const written = await writeFiles(outputDirectory, files)                 // atomic, only what changed
  return { ...outcome, written }
}

/** A compile's result as generating reports it: the compile's problems join the checks' when they stop it. */
function generateOutcome({ compiled, compileDiagnostics, ...checked }: CheckAndCompileResult): GenerateResult {
  if (!checked.content) return { ...checked, written: [] }
  if (!compiled) return { ...checked, diagnostics: [...checked.diagnostics, ...compileDiagnostics], written: [] }
  return { ...checked, compiled, written: [] }
}

export interface BuildOptions {
  root: string
  outDir: string
  base: string
  /**
   * Where what the build makes is kept by its inputs (cli/cache/store.ts): checked and compiled
   * files, the app's Vite build, the pages' index, social cards. False makes everything again.
   * @default the store under node_modules/.cache/portfolio/
   */
  store?: Store | false
  /** Called after each step with its duration, for progress output. */
  onStep?: (step: string, milliseconds: number, detail?: string) => void
}

export interface BuildResult extends Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'> {
  /** True when the content was valid and compiled (a build was attempted). */
  compiled: boolean
  pages: string[]
}

/** What reporting a build's diagnostics needs: their files' texts (for code frames), not every file's. */
function reportOf(result: GenerateResult): Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'> {
  const files = new Set(result.diagnostics.map((d) => d.file))
  return { diagnostics: result.diagnostics, fileCount: result.fileCount, sources: new Map([...result.sources].filter(([file]) => files.has(file))) }
}

type Step = <T>(name: string, work: () => Promise<T>, detail?: (value: T) => string) => Promise<T>

/**
 * Prerenders every route (pages unchanged since the build in place are taken from it: see page-cache.ts). Case
 * studies are read from the data files the site already holds (data/projects/<id>.json, what the
 * browser loads) by the pool's page jobs (page-job.ts), so the compiled content need not be in
 * memory while pages render.
 */
async function prerenderSite(routes: Route[], data: WrittenData, site: SiteBuild, siteDir: string, options: BuildOptions, store: Store | undefined, step: Step): Promise<Prerendered> {
  const pageCache: PageCache | undefined =
    !store || !site.key ? undefined : { store, site: options.outDir, siteKey: site.key, projectHashes: data.projectHashes, cardsHash: data.cardsHash }
  const prerendered = await step(
    'prerender',
    () => prerenderRoutes(routes, { serverEntry: site.serverEntry, siteDir, base: options.base, ...(pageCache ? { cache: pageCache } : {}) }),
    (p) => (p.rendered === p.pages.length ? `${p.pages.length} pages` : `${p.pages.length} pages, ${p.rendered} rendered, ${p.pages.length - p.rendered} unchanged`),
  )
  return prerendered
}

/**
 * validate → generate → vite client + server builds → prerender → sitemap → swap into place.
 * Everything is built in a sibling folder; the previous site is replaced only when every step passed.
 * Vite starts as soon as portfolio.yaml passes its own checks, while the projects are checked and
 * compiled: the app bundle holds only the portfolio (projects are runtime data). So a build stopped
 * by a project's error (or a rule across files, or a diagram that cannot be drawn) has already
 * written the site's modules for the portfolio, and waits for that app build to end; it is kept in
 * the site cache, so the build after the fix takes it from there. `generate` alone still writes
 * nothing on any error.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const step: Step = async (name, work, detail) => {
    const started = performance.now()
    const value = await work()
    options.onStep?.(name, performance.now() - started, detail?.(value))
    return value
  }
  const store = options.store === false ? undefined : (options.store ?? openStore())
  const work = workDirectories(options.outDir, siteDirectory)
  await removeStaleWorkDirectories(options.outDir)
  let building: Promise<SiteBuild> | undefined
  let pendingCards: Promise<{ files: string[]; ms: number }> | undefined
  // Cards start before the content is known to compile: a build that fails stops them.
  const stopCards = new AbortController()
  // Each case study's data is written as its project is compiled; the build keeps its card.
  const projectData = new ProjectDataWriter(work.data)
  let built = false
  try {
    let generated: GenerateResult | undefined = await step(
      'validate + generate',
      async () => {
        let siteStarting = false
        const siteStarted = () => {
          siteStarting = false
          startCards()
        }
        const startSite = (portfolio: Record<string, unknown>) => {
          siteStarting = true
          building = (async () => {
            await writeFiles(generatedDirectory, generateContentModules({ portfolio, projects: [] }, await generateTypes(), { data: false }))
            return buildSite({ root: options.root, base: options.base, clientDir: work.temp, serverDir: work.server, store: store ?? false, onStarted: siteStarted })
          })().finally(siteStarted)
          building.catch(() => undefined) // awaited below, or in `finally` when the content has errors
        }
        // The social cards need only the checked content (titles, descriptions, tags, the owner):
        // they are drawn from then on, through the projects' compiling and diagrams, the Vite build
        // and the prerender, in this thread. Not before the app build has its request, though: it is
        // the longest step of a small site's build.
        let checked: CheckedContent | undefined
        function startCards() {
          if (!checked || pendingCards) return
          const cardsStarted = performance.now()
          const drawing = writeSocialCards(work.cards, socialCardSpecs(checked), store, { signal: stopCards.signal }).then((files) => ({ files, ms: performance.now() - cardsStarted }))
          drawing.catch(() => undefined) // awaited below, or in `finally` when an earlier step fails
          pendingCards = drawing
        }
        const onChecked = (content: CheckedContent) => {
          checked = content
          if (!siteStarting) startCards()
        }
        // When the content is valid, onPortfolio has started the app build by the time this returns.
        // The app builds in this thread meanwhile (Vite): the project files go to the pool's workers.
        const outcome = generateOutcome(await checkAndCompile(options.root, { onPortfolio: startSite, onChecked, keep: (project) => projectData.keep(project), alongside: true, store: store ?? false }))
        // Valid content whose app build has not sent its request yet (a quick check, a slow lookup): the cards go now.
        if (outcome.compiled) startCards()
        return outcome
      },
      (r) => (r.compiled ? `${r.fileCount} files` : 'content has errors'),
    )
    // The pool's heaps are not needed again until the pages, which start their own workers if they pay.
    await stopPool()
    const report = reportOf(generated)
    let compiled = generated.compiled
    if (!compiled || !building) return { ...report, compiled: false, pages: [] }
    // From here on only the compiled content is needed: the parsed files, their texts and the
    // checked data (as large as the content again) are let go for the rest of the build.
    generated = undefined
    const siteBuild = building

    const drawing = pendingCards
    assert(drawing, 'the social cards were not started with the checked content')
    const routes = listRoutes(compiled.projects.map((p) => String(p.id)))
    const siteUrl = String((compiled.portfolio.site as { url: string }).url)
    // What the data writer kept of each compiled project: its card (see ProjectDataWriter.keep).
    const cards = compiled.projects
    const site = await step('vite build (client + server)', () => siteBuild, (built) => (built.cached ? 'unchanged app: from the cache' : 'started alongside checking'))
    // Before prerendering: pages render from these files, written as the projects were compiled.
    const data = await step('case-study data', () => projectData.finish(work.temp, cards), (written) => `${written.files.length} files`)
    // The rest of the build needs none of the compiled content.
    compiled = undefined
    const { pages, scans } = await prerenderSite(routes, data, site, work.temp, options, store, step)
    const problems = await step('check links', async () => checkScans(scans, listSiteFiles(work.temp), options.base), (p) => (p.length ? `${p.length} problems` : 'all resolve'))
    if (problems.length > 0) {
      throw new CliError(`the built site has broken links or unsafe markup:\n${problems.map((p) => `  ${p.page}: ${p.target} — ${p.reason}`).join('\n')}`, 'Fix the link in the content or the site code; the previous site was left in place.')
    }
    await step('social images', () => drawing, (cards) => `${cards.files.length} cards, drawn in ${(cards.ms / 1000).toFixed(2)} s alongside the steps above`)
    // One rename; a copy only when the content's public/ folder brought an og/ folder of its own.
    await rename(path.join(work.cards, 'og'), path.join(work.temp, 'og')).catch(() => cp(path.join(work.cards, 'og'), path.join(work.temp, 'og'), { recursive: true }))
    await writeFile(path.join(work.temp, 'sitemap.xml'), sitemapXml(routes, siteUrl, options.base))
    await writeFile(path.join(work.temp, 'robots.txt'), robotsTxt(siteUrl, options.base))
    await step('swap into place', () => swapDirectory(work.temp, options.outDir, work.old), () => options.outDir)
    built = true
    return { ...report, compiled: true, pages }
  } finally {
    if (!built) stopCards.abort(new Error('the build stopped'))
    await building?.catch(() => undefined)
    await pendingCards?.catch(() => undefined)
    await rm(work.temp, { recursive: true, force: true })
    await rm(work.cards, { recursive: true, force: true })
    await rm(work.data, { recursive: true, force: true })
    await rm(work.server, { recursive: true, force: true })
    // Each edit leaves entries no build reads again: the least recently used go once there are too many.
    store?.prune()
  }
}
