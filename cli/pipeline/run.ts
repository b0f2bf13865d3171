import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../errors.ts'
import type { SiteBuild } from './build-site.ts'
import { buildApp } from './build-app.ts'
import type { PageCache } from './page-cache.ts'
import { checkAlternates, checkScans, listSiteFiles, type OutputProblem } from './check-output.ts'
import { buildLanguageSites } from './language-sites.ts'
import { listRoutes, type Route } from './list-routes.ts'
import { languageRoutes } from './language-routes.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { prerenderRoutes, type Prerendered, type PrerenderOptions } from './prerender.ts'
import { dataInPlace, writeSiteData, type DataInPlace, type WrittenData } from './site-data.ts'
import { robotsTxt, sitemapXml } from './seo-files.ts'
import { startExternalPosts, writeFeeds } from './writing-outputs.ts'
import { removeStaleWorkDirectories, startSiteFolder, swapDirectory, workDirectories } from './site-folder.ts'
import type { CheckResult } from '../content/check-content.ts'
import { listedPosts } from '../generate/post-data.ts'
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { checkAndCompile, checkPortfolio, checkProjects, type CheckAndCompileResult } from './check-and-compile.ts'
import { encodeInThread, openPool, type BuildPool, type JobResult } from './jobs.ts'
import type { KeptProject } from './project-job.ts'
import { coverResolver, languageCardSpecs, socialCardSpecs, writeSocialCards } from '../social/social-images.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { Portfolio, ProjectCard } from '../content/content-types.ts'
import type { CompiledCaseStudy } from '../compile/compile-project.ts'
import { cardSourceOf, type CardSource } from '../social/card-specs.ts'
import { generateContentModules, listsPosts } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { writeFiles } from '../generate/write-files.ts'
import { generatedDirectory, siteDirectory } from '../paths.ts'
import { techPages } from '../../site/src/technologies.ts'
import { openStore, type Store } from '../cache/store.ts'
import { openFileDigests, type FileDigests } from '../cache/file-digests.ts'
import { saveRecord, type InputSnapshot } from './build-record.ts'
import {
  contentIn,
  describeResume,
  makeResume,
  resumeFileNames,
  writeResume,
  type ResumeOutcome,
} from '../resume/make-resume.ts'
import { checkContentCardGlyphs } from '../social/card-glyphs.ts'
import { overlayFileOf } from '../content/i18n/overlay-file-of.ts'
import type { TypesetInput } from '../resume/typeset.ts'
import {
  imageEncodeDiagnostics,
  makeProjectMedia,
  withBuildPhoto,
  withCompiledMedia,
  type BuildMediaOptions,
} from '../media/build-media.ts'
import { attachProjectMedia } from '../media/project-media.ts'
import { withPostCover } from '../media/content-media.ts'
import { siteStrings } from '../content/i18n/site-strings.ts'
import type { SourceFile } from '../content/load-sources.ts'

/** `P`: a project of `compiled`, its card alone in a build (see CompileOptions.dataDir). */
export interface GenerateResult<P extends ProjectCard = CompiledCaseStudy> extends CheckResult {
  compiled?: CompiledContent<P>
  /** A build's: each compiled project's data file and passages (see CompileOptions.dataDir). */
  kept?: KeptProject[]
  /** Generated files that changed on disk. */
  written: string[]
}

/** check → compile markdown and diagrams → generate modules → write them. Writes nothing on any error. */
export async function runGenerate(root: string, outputDirectory = generatedDirectory): Promise<GenerateResult> {
  const store = openStore()
  const digests = openFileDigests(store)
  // load, parse, schema, rules, then markdown → HTML and Mermaid → SVG (unchanged files from the cache)
  const checked = await checkAndCompile(root, { store, digests })
  // Each edit leaves entries no run reads again: the least recently used go once there are too many.
  if (checked.compileStats?.compiled) store.prune()
  const outcome = generateOutcome(checked)
  if (!outcome.compiled) return outcome
  // Images resolved (encoded into the store, or taken from it); a build puts their files in the site.
  let compiled: CompiledContent
  try {
    compiled = (await withCompiledMedia(outcome.compiled, { root, store, digests, encode: encodeInThread })).content
  } catch (error) {
    const { compiled: _, ...failed } = outcome
    return { ...failed, diagnostics: [...outcome.diagnostics, ...imagesFailed(error, outcome)] }
  } finally {
    digests.save()
  }
  // typed modules, deterministic
  const files = generateContentModules(
    compiled,
    await generateTypes(),
    outcome.catalogues ? { catalogues: outcome.catalogues } : {},
  )
  const written = await writeFiles(outputDirectory, files) // atomic, only what changed
  return { ...outcome, written }
}

/** A compile's result as generating reports it: the compile's problems (errors or warnings) join the checks'. */
function generateOutcome<P extends ProjectCard>({
  compiled,
  kept,
  compileDiagnostics,
  ...checked
}: CheckAndCompileResult<P>): GenerateResult<P> {
  if (!checked.content) return { ...checked, written: [] }
  // Errors of the compile stop it; its warnings (a diagram too wide to read) are reported all the same.
  const diagnostics = [...checked.diagnostics, ...compileDiagnostics]
  return compiled
    ? { ...checked, diagnostics, compiled, ...(kept ? { kept } : {}), written: [] }
    : { ...checked, diagnostics, written: [] }
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
  /** Missing and stale translations are errors (`--strict-i18n`). @default false */
  strictI18n?: boolean
  /** Called when a step starts, for progress output. */
  onStepStart?: (step: string) => void
  /** Called after each step with its duration, for progress output. */
  onStep?: (step: string, milliseconds: number, detail?: string) => void
  /**
   * Called as a step's items are done (project files checked, pages written, cards drawn): how many
   * of how many. The cards are drawn from the checks on, so their count comes before their step starts.
   */
  onProgress?: (step: string, done: number, total: number) => void
}

export interface BuildResult extends Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'> {
  /** True when the content was valid and compiled (a build was attempted). */
  compiled: boolean
  pages: string[]
  /** True when nothing changed since the build of the site in place, which was left as it was (see build-record.ts). */
  upToDate?: boolean
}

/**
 * validate → generate → vite client + server builds → case-study data, chat data → prerender →
 * resume → check links → social cards → sitemap → swap into place. The new site is assembled in a
 * folder beside the output folder, each output written there once by its one writer (Vite builds
 * into a folder of its own, and the app is placed in from it); the previous site is replaced, by one
 * rename, only when every step passed. Every per-item job (check and
 * compile a project, render a page, draw a card, encode an image, typeset the resume) runs on the
 * build's one pool, which writes each item's files itself; this thread schedules, writes the
 * site-wide files (data indexes, feeds, sitemap), and runs Vite.
 *
 * Some steps overlap the others, each a promise started early and awaited where its output is
 * needed: the app's Vite build, started as soon as portfolio.yaml is compiled (the app bundle holds
 * no project), and the social cards, the images and the resume, from the checked content on. So a
 * build stopped by a project's error (or a rule across files, or a diagram that cannot be drawn) has
 * already written the site's modules for the portfolio, and waits for that app build to end; it is
 * kept in the store, so the build after the fix takes it from there. `generate` alone still writes
 * nothing on any error. `inputs`, listed before anything was read, go into the build's record
 * (build-record.ts) once the site is in place. Called by runBuild (run-build.ts), which first asks
 * that record whether there is anything to do.
 */
export async function runBuildSteps(options: BuildOptions, store: Store, inputs: InputSnapshot): Promise<BuildResult> {
  const { step, progress } = timedSteps(options)
  const work = workDirectories(options.outDir, siteDirectory)
  await removeStaleWorkDirectories(options.outDir)
  // Every step writes its outputs straight into the site folder; it replaces the site in place at the end.
  await startSiteFolder(work.site, options.root)
  const pool = openPool()
  // The one set of file digests of this build: every step hashes its inputs through it; saved at the end.
  const digests = openFileDigests(store)
  const stopped = new AbortController()
  const dataFiles = dataInPlace(store, options.outDir, work.site)
  const media: BuildMediaOptions = {
    root: options.root,
    store,
    digests,
    siteDir: work.site,
    encode: (jobs) => pool.runJobs('media', jobs, { perWorker: IMAGES_PER_WORKER, signal: stopped.signal }),
    signal: stopped.signal,
  }
  const build: Build = { options, store, digests, work, pool, step, dataFiles, media }
  let app: Promise<SiteBuild> | undefined
  let cards: Promise<{ files: string[]; ms: number }> | undefined
  let built = false
  let images: ReturnType<typeof makeProjectMedia> | undefined
  let resume: ReturnType<typeof startResume> | undefined
  try {
    const checked = await step(
      'validate + generate',
      async (count) => {
        const portfolio = await checkPortfolio(options.root, { store, digests })
        // The app's one module about posts is hasPosts: guessed now (a post file, or feeds in
        // writing.external), so the app starts at once, and checked against the compiled posts below
        // (wrong only when every post is a draft, or every feed is down with no copy: built again).
        const guessed = portfolio.loaded.posts.length > 0 || namesFeeds(portfolio.outcome?.data)
        const uiStrings = portfolio.loaded.uiStrings
        app = portfolio.portfolio?.then((compiled) => startApp(build, compiled, guessed, uiStrings))
        app?.catch(() => undefined) // awaited below, or in `finally` when the content has errors
        // The posts of writing.external, fetched (or taken from the store) while the files are checked.
        const external = (portfolio.portfolio ?? Promise.resolve(undefined)).then(
          (compiled) => startExternalPosts(compiled, portfolio.loaded.portfolio, store),
          () => ({ posts: [], diagnostics: [] }),
        )
        const checkedFiles = generateOutcome(
          await checkProjects(options.root, portfolio, {
            pool,
            dataDir: work.site,
            ...(options.strictI18n ? { strictI18n: true } : {}),
            dataInPlace: dataFiles,
            progress: count,
          }),
        )
        const fetched = await external
        const outcome: typeof checkedFiles = {
          ...checkedFiles,
          diagnostics: [...checkedFiles.diagnostics, ...fetched.diagnostics],
          ...(checkedFiles.compiled ? { compiled: { ...checkedFiles.compiled, externalPosts: fetched.posts } } : {}),
        }
        const listed = outcome.compiled && listsPosts(outcome.compiled)
        if (app && outcome.compiled && listed !== guessed) {
          // Rare (drafts only, or no feed could be read): the app built with the wrong hasPosts is built again.
          const again = outcome.compiled.portfolio
          app = app.catch(() => undefined).then(() => startApp(build, again, listed === true, uiStrings))
          app.catch(() => undefined)
        }
        return outcome
      },
      (r) => (r.compiled ? `${r.fileCount} files` : 'content has errors'),
    )
    const { report, compiled, kept } = reportAndContent(checked)
    if (!compiled || !kept || !app) return { ...report, compiled: false, pages: [] }
    // A letter no card font covers (M7) stops the build before any card is drawn with a box in its place.
    const glyphs = checkContentCardGlyphs(checked)
    if (hasErrors(glyphs)) {
      const failed = reportAndContent({ ...checked, diagnostics: [...checked.diagnostics, ...glyphs] })
      return { ...failed.report, compiled: false, pages: [] }
    }

    cards = drawSocialCards(cardSourceOf(checked.content!), checked.languages ?? [], pool, {
      root: options.root,
      folder: work.site,
      store,
      digests,
      site: options.outDir,
      signal: stopped.signal,
      progress: progress('social images'),
    })
    cards.catch(() => undefined) // awaited in finishSite, or in `finally` when a step fails
    // Encoded on the pool (or taken from the store) while the resume and Vite are made.
    images = makeProjectMedia(checked.content!, media)
    images.catch(() => undefined) // awaited in finishSite, or in `finally` when a step fails
    // Typeset on a worker while this thread waits for Vite and the pages are rendered.
    resume = startResume(build, checked, stopped.signal)
    resume.catch(() => undefined) // awaited in finishSite, or in `finally` when a step fails
    const result = await finishSite(build, { checked, compiled, kept, report, app, cards, images, resume }).catch(
      (error: unknown) => {
        // An image validation passed that could not be encoded: located at its src, like a content error.
        const failed = reportAndContent({
          ...checked,
          diagnostics: [...checked.diagnostics, ...imagesFailed(error, checked)],
        })
        return { ...failed.report, compiled: false, pages: [] }
      },
    )
    built = result.compiled
    if (built) record(store, digests, options, inputs, result)
    return result
  } finally {
    // A failed build: the cards not drawn yet are dropped (closing the pool drops its jobs not started).
    if (!built) stopped.abort(new Error('the build stopped'))
    await pool.close()
    await Promise.allSettled([app, cards, images, resume])
    for (const folder of [work.site, work.app, work.server]) await rm(folder, { recursive: true, force: true })
    digests.save()
    // Each edit leaves entries no build reads again: the least recently used go once there are too many.
    store.prune()
  }
}

/** Whether portfolio.yaml's data (checked or not) names feeds in writing.external: their posts are listed. */
function namesFeeds(data: unknown): boolean {
  const writing = typeof data === 'object' && data !== null ? (data as { writing?: unknown }).writing : undefined
  const external =
    typeof writing === 'object' && writing !== null ? (writing as { external?: unknown }).external : undefined
  return Array.isArray(external) && external.length > 0
}

/** The record that lets the next build with nothing changed stop at once (build-record.ts). */
function record(
  store: Store,
  digests: FileDigests,
  options: BuildOptions,
  inputs: InputSnapshot,
  result: BuildResult,
): void {
  const { pages, diagnostics, fileCount, sources } = result
  saveRecord(store, options, inputs, { pages, diagnostics, fileCount, sources: [...sources] }, (file, identity) =>
    digests.readAs(file, identity),
  )
}

/** What every step of one build shares. */
interface Build {
  options: BuildOptions
  store: Store
  digests: FileDigests
  work: ReturnType<typeof workDirectories>
  pool: BuildPool
  step: Step
  dataFiles: DataInPlace
  media: BuildMediaOptions
}

/** The app's Vite build (or the app from the store), from the compiled portfolio: it holds no project, no post. */
async function startApp(
  { options, work, store, digests, media }: Build,
  portfolio: Portfolio,
  hasPosts: boolean,
  uiStrings: readonly SourceFile[],
): Promise<SiteBuild> {
  // The site's words are in the app's modules: its languages' catalogues, the portfolio's overrides merged.
  const { catalogues } = siteStrings(portfolio, uiStrings)
  // The owner's photo is in the app's modules: made (or taken from the store) first.
  return buildApp(await withBuildPhoto(portfolio, media), hasPosts, catalogues, {
    base: options.base,
    siteDir: work.site,
    appDir: work.app,
    serverDir: work.server,
    store,
    digests,
  })
}

/** The resume (or the one in the store), typeset by a job of the pool: a worker, while this thread goes on. */
async function startResume(
  { options, store, pool }: Build,
  checked: GenerateResult<ProjectCard>,
  signal: AbortSignal,
): Promise<{ outcome: ResumeOutcome; ms: number; languages: { tag: string; outcome: ResumeOutcome }[] }> {
  const started = performance.now()
  const typeset = async (input: TypesetInput) => {
    const [done] = await pool.runJobs('resume', [input], { perWorker: 1, signal })
    return done as JobResult<'resume'>
  }
  const outcome = await makeResume(checked, options.root, store, typeset, options.base)
  // Each other language's resume, from its content (resume.<tag>.pdf and .json), once the default's is made.
  const languages = []
  const defaultLanguage = checked.content?.portfolio.site.language ?? 'en'
  for (const content of checked.languages ?? []) {
    const localized = checked.content && contentIn(checked.content, content)
    // A problem with a translated field is located in the overlay it was written in.
    const made = await makeResume({ ...checked, content: localized }, options.root, store, typeset, options.base, {
      tag: content.language,
      fileOf: overlayFileOf(content, defaultLanguage),
    })
    languages.push({ tag: content.language, outcome: made })
  }
  return { outcome, ms: performance.now() - started, languages }
}

/**
 * The steps after the checks, for valid content: the app awaited, the data files, the pages, the
 * resume awaited (typeset meanwhile), the output check, the cards awaited, the SEO files, and the
 * swap. `compiled: false` when the resume has a problem (reported like a content error).
 */
async function finishSite(
  build: Build,
  started: {
    checked: GenerateResult<ProjectCard>
    compiled: CompiledContent<ProjectCard>
    kept: KeptProject[]
    report: Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'>
    app: Promise<SiteBuild>
    cards: Promise<{ files: string[]; ms: number }>
    images: ReturnType<typeof makeProjectMedia>
    resume: ReturnType<typeof startResume>
  },
): Promise<BuildResult> {
  const { options, store, work, pool, step, dataFiles } = build
  const { checked, compiled, kept, report } = started
  const listed = listedPosts(compiled)
  const languages = checked.languages ?? []
  const defaultLanguage = compiled.portfolio.site.language ?? 'en'
  const byLanguage = languageRoutes(
    listRoutes(
      compiled.projects.map((p) => p.id),
      techPages(compiled.projects),
      listed,
    ),
    languages,
    defaultLanguage,
  )
  const routes = byLanguage.get(defaultLanguage) ?? []
  const siteUrl = compiled.portfolio.site.url
  const site = await step(
    'vite build (client + server)',
    () => started.app,
    (s) => (s.cached ? 'unchanged app: from the cache' : 'started alongside checking'),
  )
  const made = await step(
    'images',
    () => started.images,
    (m) => `${m.images.size} images, ${m.encoded} encoded`,
  )
  const withImages = attachProjectMedia(work.site, kept, made.projectsWithImages, made.images)
  const posts = (compiled.posts ?? []).map((post) => withPostCover(post, made.images))
  // The routes were listed from the posts before their covers were made; the data carries the covers.
  const summaries = listedPosts({ ...compiled, posts })
  const data = await step(
    'case-study and chat data',
    async () => writeSiteData(work.site, compiled.portfolio, withImages, dataFiles, { posts, listed: summaries }),
    (written) => `${written.files} files, chat overview ${(written.overviewBytes / 1000).toFixed(1)} kB`,
  )
  await writeFeeds(work.site, posts, summaries, compiled.portfolio, options.base)
  const prerendered = await prerenderSite(routes, data, site, work.site, options, store, pool, step, {
    analytics: compiled.portfolio.analytics,
  })
  const translated =
    languages.length === 0
      ? undefined
      : await step(
          'languages',
          () =>
            buildLanguageSites({
              languages,
              defaultLanguage,
              routes: byLanguage,
              siteDir: work.site,
              base: options.base,
              serverEntry: site.serverEntry,
              shell: site.shell,
              ...(site.key ? { siteKey: site.key } : {}),
              outDir: options.outDir,
              pool,
              store,
              media: build.media,
              images: made,
              posts,
              listed: summaries,
              analytics: compiled.portfolio.analytics,
            }),
          (l) =>
            `${languages.map((language) => language.language).join(', ')}: ${l.pages.length} pages${l.rendered === l.pages.length ? '' : `, ${l.rendered} rendered, ${l.pages.length - l.rendered} unchanged`}`,
        )
  const pages = [...prerendered.pages, ...(translated?.pages ?? [])]
  const scans = [...prerendered.scans, ...(translated?.scans ?? [])]
  // A problem with the resume (a glyph the font lacks, more than two pages) stops the build,
  // located like a content error; the pages link to its files, so it is in before the links are checked.
  const { outcome: resume, languages: resumes } = await step(
    'resume',
    () => started.resume,
    (r) =>
      `${describeResume(r.outcome)}${r.outcome.files && !r.outcome.cached ? `, typeset in ${(r.ms / 1000).toFixed(2)} s alongside` : ''}`,
  )
  const resumeProblems = [resume, ...resumes.map((r) => r.outcome)].flatMap((r) => r.diagnostics)
  if (resumeProblems.length > 0) {
    // Reported with the texts of the files they are in, for their code frames.
    const failed = reportAndContent({ ...checked, diagnostics: [...checked.diagnostics, ...resumeProblems] })
    return { ...failed.report, compiled: false, pages: [] }
  }
  if (resume.files) await writeResume(work.site, resume.files)
  for (const { tag, outcome } of resumes)
    if (outcome.files) await writeResume(work.site, outcome.files, resumeFileNames(tag, defaultLanguage))
  const problems = await step(
    'check links',
    async () => [
      ...checkScans(scans, listSiteFiles(work.site), options.base),
      ...(languages.length > 0 ? checkAlternates(scans, siteUrl, options.base) : []),
    ],
    (p) => (p.length ? `${p.length} problems` : 'all resolve'),
  )
  failOnBrokenLinks(problems)
  await step(
    'social images',
    () => started.cards,
    (drawn) => `${drawn.files.length} cards, drawn in ${(drawn.ms / 1000).toFixed(2)} s alongside the steps above`,
  )
  await writeSeoFiles(work.site, [...byLanguage.values()].flat(), siteUrl, options.base)
  await step(
    'swap into place',
    async () => swapDirectory(work.site, options.outDir, work.old),
    () => options.outDir,
  )
  return { ...report, compiled: true, pages }
}

/** The located diagnostics of images that could not be encoded (see imageEncodeDiagnostics); any other error is thrown again. */
function imagesFailed(error: unknown, checked: Pick<CheckResult, 'content' | 'parsed'>): Diagnostic[] {
  const diagnostics = imageEncodeDiagnostics(error, checked)
  if (!diagnostics) throw error
  return diagnostics
}

/** What reporting a build's diagnostics needs (their files' texts, for code frames, not every file's), and the compiled content. */
function reportAndContent(result: GenerateResult<ProjectCard>): {
  report: Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'>
  compiled: CompiledContent<ProjectCard> | undefined
  kept: KeptProject[] | undefined
} {
  const files = new Set(result.diagnostics.map((d) => d.file))
  const report = {
    diagnostics: result.diagnostics,
    fileCount: result.fileCount,
    sources: new Map([...result.sources].filter(([file]) => files.has(file))),
  }
  return { report, compiled: result.compiled, kept: result.kept }
}

type Progress = (done: number, total: number) => void
type Step = <T>(name: string, work: (progress: Progress) => Promise<T>, detail?: (value: T) => string) => Promise<T>

/** Runs a step, reporting its start, its items' progress and its duration (and what it did). */
function timedSteps(options: BuildOptions): { step: Step; progress: (name: string) => Progress } {
  const progress =
    (name: string): Progress =>
    (done, total) =>
      options.onProgress?.(name, done, total)
  const step: Step = async (name, work, detail) => {
    options.onStepStart?.(name)
    const started = performance.now()
    const value = await work(progress(name))
    options.onStep?.(name, performance.now() - started, detail?.(value))
    return value
  }
  return { step, progress }
}

/** Cards a batch must have to go to workers when none are up yet. */
const CARDS_PER_WORKER = 20
/**
 * Images a batch must have to go to workers when none are up yet: sharp encodes on libuv's threads
 * whichever thread asks, so a worker only adds a start and a second copy of sharp.
 */
const IMAGES_PER_WORKER = 64

/**
 * The social cards (cli/social/social-images.ts) into `folder`, each drawn by a job of the pool
 * unless the site in place or the store has it. Only the checked content's titles, descriptions,
 * tags and owner go in, so they start once the content is checked and are drawn through the
 * resume, the Vite build and the prerender.
 */
async function drawSocialCards(
  content: CardSource,
  languages: readonly LanguageContent[],
  pool: BuildPool,
  options: {
    root: string
    folder: string
    store: Store
    digests: FileDigests
    site: string
    signal: AbortSignal
    progress: Progress
  },
): Promise<{ files: string[]; ms: number }> {
  const started = performance.now()
  const covers = coverResolver(options.root, options.digests)
  // Each other language's cards are in its folder (<tag>/og/…), as its pages link to them.
  const specs = [
    ...socialCardSpecs(content, covers),
    ...languages.flatMap((language) => languageCardSpecs(language, covers, content.posts)),
  ]
  let drawn = 0
  const files = await writeSocialCards(options.folder, specs, options.store, {
    digests: options.digests,
    site: options.site,
    signal: options.signal,
    draw: (jobs) => {
      drawn = specs.length - jobs.length
      options.progress(drawn, specs.length)
      return pool.runJobs('card', jobs, {
        perWorker: CARDS_PER_WORKER,
        background: true,
        signal: options.signal,
        each: (result) => (options.progress(++drawn, specs.length), result),
      })
    },
  })
  return { files, ms: performance.now() - started }
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
  store: Store,
  pool: BuildPool,
  step: Step,
  content: Pick<PrerenderOptions, 'analytics'>,
): Promise<Prerendered> {
  // No app key (a store that keeps nothing): every page is rendered.
  const pageCache: PageCache | undefined =
    site.key === undefined
      ? undefined
      : {
          store,
          site: options.outDir,
          siteKey: site.key,
          projectHashes: data.projectHashes,
          cardsHash: data.cardsHash,
          cardHashes: data.cardHashes,
          techHash: data.techHash,
          postHashes: data.postHashes,
          postsHash: data.postsHash,
        }
  return step(
    'prerender',
    (count) =>
      prerenderRoutes(routes, {
        serverEntry: site.serverEntry,
        shell: site.shell,
        siteDir,
        base: options.base,
        pool,
        progress: count,
        ...content,
        ...(pageCache ? { cache: pageCache } : {}),
      }),
    (p) =>
      p.rendered === p.pages.length
        ? `${p.pages.length} pages`
        : `${p.pages.length} pages, ${p.rendered} rendered, ${p.pages.length - p.rendered} unchanged`,
  )
}

function failOnBrokenLinks(problems: readonly OutputProblem[]): void {
  if (problems.length > 0) {
    throw new CliError(
      `the built site has broken links or unsafe markup:\n${problems.map((p) => `  ${p.page}: ${p.target} — ${p.reason}`).join('\n')}`,
      'Fix the link in the content or the site code; the previous site was left in place.',
    )
  }
}

async function writeSeoFiles(siteDir: string, routes: readonly Route[], siteUrl: string, base: string): Promise<void> {
  await writeFile(path.join(siteDir, 'sitemap.xml'), sitemapXml(routes, siteUrl, base))
  await writeFile(path.join(siteDir, 'robots.txt'), robotsTxt(siteUrl, base))
}
