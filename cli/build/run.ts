import { cp, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../errors.ts'
import type { SiteBuild } from './build-site.ts'
import { AppBuild, CardDrawing } from './background-steps.ts'
import type { PageCache } from './page-cache.ts'
import { checkScans, listSiteFiles, type OutputProblem } from './check-output.ts'
import { listRoutes, type Route } from './list-routes.ts'
import { prerenderRoutes, type Prerendered } from './prerender.ts'
import { ProjectDataWriter, type WrittenData } from '../generate/project-data.ts'
import { writeChatData, writeProjectChat } from '../generate/chat-index.ts'
import type { ProjectSummary } from '../../site/src/chat/search-config.ts'
import { robotsTxt, sitemapXml } from './seo-files.ts'
import { stopPool } from '../workers/pool.ts'
import { removeStaleWorkDirectories, swapDirectory, workDirectories } from './swap-directory.ts'
import type { CheckResult } from '../content/check-content.ts'
import { checkAndCompile, type CheckAndCompileResult } from './check-and-compile.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { writeFiles } from '../generate/write-files.ts'
import { generatedDirectory, siteDirectory } from '../paths.ts'
import { openStore, type Store } from '../cache/store.ts'
import { fileDigests } from '../cache/file-digests.ts'
import { describeResume, makeResume, writeResume, type ResumeFiles } from '../resume/make-resume.ts'

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
export async function runGenerate(
  root: string,
  outputDirectory = generatedDirectory,
  options: GenerateOptions = {},
): Promise<GenerateResult> {
  // load, parse, schema, rules, then markdown → HTML and Mermaid → SVG (unchanged files from the cache)
  const outcome = generateOutcome(await checkAndCompile(root))
  if (!outcome.compiled) return outcome
  const files = generateContentModules(outcome.compiled, await generateTypes(), { data: options.data ?? true }) // typed modules, deterministic
  const written = await writeFiles(outputDirectory, files) // atomic, only what changed
  return { ...outcome, written }
}

/** A compile's result as generating reports it: the compile's problems (errors or warnings) join the checks'. */
function generateOutcome({ compiled, compileDiagnostics, ...checked }: CheckAndCompileResult): GenerateResult {
  if (!checked.content) return { ...checked, written: [] }
  // Errors of the compile stop it; its warnings (a diagram too wide to read) are reported all the same.
  const diagnostics = [...checked.diagnostics, ...compileDiagnostics]
  return compiled ? { ...checked, diagnostics, compiled, written: [] } : { ...checked, diagnostics, written: [] }
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

type BuildParts = Parameters<typeof checkWhileAppBuilds>[1]

/**
 * The content checked and compiled (the app building meanwhile), then the resume made from it, still
 * while Vite builds: a problem with the resume (a glyph the font lacks, more than two pages) stops the
 * build, located like a content error. Returns only what the rest of the build needs, so the parsed
 * files and their texts can be let go.
 */
async function checkAndMakeResume(
  root: string,
  parts: BuildParts,
  step: Step,
): Promise<ReturnType<typeof reportAndContent> & { resumeFiles?: ResumeFiles }> {
  const checked = await step(
    'validate + generate',
    () => checkWhileAppBuilds(root, parts),
    (r) => (r.compiled ? `${r.fileCount} files` : 'content has errors'),
  )
  // The pool's heaps are not needed again until the pages, which start their own workers if they pay.
  await stopPool()
  if (!checked.compiled) return reportAndContent(checked)
  const resume = await step('resume', () => makeResume(checked, root, parts.store ?? null), describeResume)
  if (resume.diagnostics.length > 0)
    return reportAndContent({
      ...checked,
      compiled: undefined,
      diagnostics: [...checked.diagnostics, ...resume.diagnostics],
    })
  return { ...reportAndContent(checked), ...(resume.files ? { resumeFiles: resume.files } : {}) }
}

/** What reporting a build's diagnostics needs (their files' texts, for code frames, not every file's), and the compiled content. */
function reportAndContent(result: GenerateResult): {
  report: Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'>
  compiled: CompiledContent | undefined
} {
  const files = new Set(result.diagnostics.map((d) => d.file))
  const report = {
    diagnostics: result.diagnostics,
    fileCount: result.fileCount,
    sources: new Map([...result.sources].filter(([file]) => files.has(file))),
  }
  return { report, compiled: result.compiled }
}

type Step = <T>(name: string, work: () => Promise<T>, detail?: (value: T) => string) => Promise<T>

/** Runs a step and reports its duration (and what it did) to onStep. */
function timedSteps(onStep: BuildOptions['onStep']): Step {
  return async (name, work, detail) => {
    const started = performance.now()
    const value = await work()
    onStep?.(name, performance.now() - started, detail?.(value))
    return value
  }
}

/**
 * Checks and compiles the content; the app build starts as soon as portfolio.yaml is valid, and the
 * social cards once every file is checked and the app build has its request (background-steps.ts).
 * Each case study's data is written by `projectData` as its project is compiled.
 */
async function checkWhileAppBuilds(
  root: string,
  {
    app,
    cards,
    projectData,
    chatProjects,
    store,
  }: {
    app: AppBuild
    cards: CardDrawing
    projectData: ProjectDataWriter
    chatProjects: { staging: string; summaries: Map<string, ProjectSummary> }
    store: Store | undefined
  },
): Promise<GenerateResult> {
  const onPortfolio = (portfolio: Record<string, unknown>) => {
    cards.hold()
    app.start(portfolio)
  }
  // When the content is valid, onPortfolio has started the app build by the time this returns.
  // The app builds in this thread meanwhile (Vite): the project files go to the pool's workers.
  const outcome = generateOutcome(
    await checkAndCompile(root, {
      onPortfolio,
      onChecked: (content) => cards.draw(content),
      keep: (project) => (
        chatProjects.summaries.set(String(project.id), writeProjectChat(chatProjects.staging, project)),
        projectData.keep(project)
      ),
      alongside: true,
      store: store ?? false,
    }),
  )
  if (outcome.compiled) cards.drawNow()
  return outcome
}

/**
 * Prerenders every route (pages unchanged since the build in place are taken from it: see page-cache.ts). Case
 * studies are read from the data files the site already holds (data/projects/<id>.json, what the
 * browser loads) by the pool's page jobs (page-job.ts), so the compiled content need not be in
 * memory while pages render.
 */
async function prerenderSite(
  routes: Route[],
  data: WrittenData,
  site: SiteBuild,
  siteDir: string,
  options: BuildOptions,
  store: Store | undefined,
  step: Step,
): Promise<Prerendered> {
  const pageCache: PageCache | undefined =
    !store || !site.key
      ? undefined
      : { store, site: options.outDir, siteKey: site.key, projectHashes: data.projectHashes, cardsHash: data.cardsHash }
  const prerendered = await step(
    'prerender',
    () =>
      prerenderRoutes(routes, {
        serverEntry: site.serverEntry,
        siteDir,
        base: options.base,
        ...(pageCache ? { cache: pageCache } : {}),
      }),
    (p) =>
      p.rendered === p.pages.length
        ? `${p.pages.length} pages`
        : `${p.pages.length} pages, ${p.rendered} rendered, ${p.pages.length - p.rendered} unchanged`,
  )
  return prerendered
}

function failOnBrokenLinks(problems: readonly OutputProblem[]): void {
  if (problems.length > 0) {
    throw new CliError(
      `the built site has broken links or unsafe markup:\n${problems.map((p) => `  ${p.page}: ${p.target} — ${p.reason}`).join('\n')}`,
      'Fix the link in the content or the site code; the previous site was left in place.',
    )
  }
}

/** The cards drawn beside the site go into it: one rename; a copy only when the content's public/ folder brought an og/ folder of its own. */
async function moveCardsIn(cardsDir: string, siteDir: string): Promise<void> {
  await rename(path.join(cardsDir, 'og'), path.join(siteDir, 'og')).catch(() =>
    cp(path.join(cardsDir, 'og'), path.join(siteDir, 'og'), { recursive: true }),
  )
}

async function writeSeoFiles(siteDir: string, routes: readonly Route[], siteUrl: string, base: string): Promise<void> {
  await writeFile(path.join(siteDir, 'sitemap.xml'), sitemapXml(routes, siteUrl, base))
  await writeFile(path.join(siteDir, 'robots.txt'), robotsTxt(siteUrl, base))
}

/**
 * validate → generate → resume → vite client + server builds → case-study data, chat index → prerender → sitemap → swap into place.
 * Everything is built in a sibling folder; the previous site is replaced only when every step passed.
 * Vite starts as soon as portfolio.yaml passes its own checks, while the projects are checked and
 * compiled: the app bundle holds only the portfolio (projects are runtime data). So a build stopped
 * by a project's error (or a rule across files, or a diagram that cannot be drawn) has already
 * written the site's modules for the portfolio, and waits for that app build to end; it is kept in
 * the store, so the build after the fix takes it from there. `generate` alone still writes
 * nothing on any error.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const step = timedSteps(options.onStep)
  const store = options.store === false ? undefined : (options.store ?? openStore())
  const work = workDirectories(options.outDir, siteDirectory)
  await removeStaleWorkDirectories(options.outDir)
  // Started while the content is checked; awaited below, or in `finally` when a step fails.
  const cards = new CardDrawing(work.cards, store, options.outDir)
  const app = new AppBuild(
    { root: options.root, base: options.base, clientDir: work.temp, serverDir: work.server, store },
    () => cards.release(),
  )
  const projectData = new ProjectDataWriter(work.data)
  // And each project's passages for the chat, written as it is compiled; the overview at the end.
  const chatProjects = { staging: work.data, summaries: new Map<string, ProjectSummary>() }
  let built = false
  try {
    const { report, compiled, resumeFiles } = await checkAndMakeResume(
      options.root,
      { app, cards, projectData, chatProjects, store },
      step,
    )
    if (!compiled || !app.started) return { ...report, compiled: false, pages: [] }
    const routes = listRoutes(compiled.projects.map((p) => String(p.id)))
    const siteUrl = String((compiled.portfolio.site as { url: string }).url)
    const site = await step(
      'vite build (client + server)',
      () => app.result(),
      (s) => (s.cached ? 'unchanged app: from the cache' : 'started alongside checking'),
    )
    // Before prerendering: pages render from these files, written as the projects were compiled
    // (what the data writer kept of each compiled project is its card: see ProjectDataWriter.keep).
    if (resumeFiles) await writeResume(work.temp, resumeFiles)
    const data = await step(
      'case-study data',
      () => projectData.finish(work.temp, compiled.projects),
      (written) => `${written.files.length} files`,
    )
    await step(
      'chat data',
      () =>
        writeChatData(
          work.data,
          work.temp,
          compiled.portfolio,
          compiled.projects.flatMap((card) => chatProjects.summaries.get(String(card.id)) ?? []),
        ),
      (bytes) => `overview ${(bytes / 1000).toFixed(1)} kB`,
    )
    const { pages, scans } = await prerenderSite(routes, data, site, work.temp, options, store, step)
    const problems = await step(
      'check links',
      async () => checkScans(scans, listSiteFiles(work.temp), options.base),
      (p) => (p.length ? `${p.length} problems` : 'all resolve'),
    )
    failOnBrokenLinks(problems)
    await step(
      'social images',
      () => cards.result(),
      (drawn) => `${drawn.files.length} cards, drawn in ${(drawn.ms / 1000).toFixed(2)} s alongside the steps above`,
    )
    await moveCardsIn(work.cards, work.temp)
    await writeSeoFiles(work.temp, routes, siteUrl, options.base)
    await step(
      'swap into place',
      () => swapDirectory(work.temp, options.outDir, work.old),
      () => options.outDir,
    )
    built = true
    return { ...report, compiled: true, pages }
  } finally {
    if (!built) cards.stop(new Error('the build stopped'))
    await app.settled()
    await cards.settled()
    for (const folder of [work.temp, work.cards, work.data, work.server])
      await rm(folder, { recursive: true, force: true })
    if (store) fileDigests(store).save()
    // Each edit leaves entries no build reads again: the least recently used go once there are too many.
    store?.prune()
  }
}
