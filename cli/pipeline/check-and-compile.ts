import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { noStore } from '../cache/no-store.ts'
import { entryKind, type Store } from '../cache/store.ts'
import { openFileDigests, type FileDigests } from '../cache/file-digests.ts'
import { checkFileCached, readChecked } from '../content/check-cache.ts'
import { checkAcrossFiles, type CheckResult, type FileOutcome } from '../content/check-content.ts'
import {
  loadSources,
  sourceDigest,
  type LoadedSources,
  type OverlaySource,
  type SourceFile,
} from '../content/load-sources.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import {
  compilePortfolioCached,
  compilePostCached,
  compileProjectCached,
  compiledProjectKey,
  readCompiledProject,
} from '../compile/compile-cache.ts'
import type { ProjectCard, RenderedPost } from '../content/content-types.ts'
import type { CompiledCaseStudy, CompiledPortfolio } from '../compile/compile-project.ts'
import type { PostJobResult } from './post-job.ts'
import { validPortfolio, validProject } from '../content/valid-data.ts'
import type { WorkerMode } from '../workers/pool.ts'
import { openPool, type BuildPool } from './jobs.ts'
import { keepProject, type KeptProject, type ProjectJobResult } from './project-job.ts'
import type { OverlayChecked } from '../content/i18n/check-overlays.ts'
import { recordProjectFiles, takeProjectFiles, type DataInPlace } from './site-data.ts'

export interface CompileOptions {
  /**
   * The pool the project files are checked and compiled on (a build's, see jobs.ts); without one,
   * checkAndCompile opens its own for the call (`workers`: 'auto' unless PORTFOLIO_WORKERS says
   * otherwise, 'always' or 'never'). Results are the same either way.
   */
  pool?: BuildPool
  workers?: WorkerMode
  /** Where checked and compiled files are kept (cli/cache/store.ts); noStore checks and compiles every file. */
  store: Store
  /**
   * The file digests the content is read through: the caller's (a build's, a dev session's), which it
   * saves. @default digests opened on `store` for the call, saved when it ends
   */
  digests?: FileDigests
  /**
   * A build's site folder: each project's data file is written under its data/ as it is compiled
   * (keepProject), and the result's projects are their cards, with `kept` beside them.
   */
  dataDir?: string
  /**
   * With dataDir, the data files of the site in place (site-data.ts): a project unchanged since is
   * taken from there, and the files this build writes are recorded.
   */
  dataInPlace?: DataInPlace
  /** Told how many project files are checked so far, of how many, as they are. */
  progress?: (done: number, total: number) => void
  /**
   * What earlier calls made of each file, kept by the caller across calls (the dev server's
   * memoryStore, which it prunes after each call): the files as read (see LoadOptions.memo) and each
   * project and post file's result by its path and text. A file whose text is unchanged takes its
   * result from here, before the store, and every result of this call is put here.
   */
  memo?: Store
  /** Compile drafts too, and list them among the posts (`dev`); a build and `generate` never do. @default false */
  drafts?: boolean
  /** Today, "YYYY-MM-DD", for the future-date rule (see CheckOptions.today). */
  today?: string
  /** Missing and stale translations are errors (see CheckOptions.strictI18n). */
  strictI18n?: boolean
}

/** What checkProjects takes besides the checked portfolio, which holds the store and the digests. */
export type ProjectsOptions = Omit<CompileOptions, 'store' | 'digests'>

/**
 * A project's or a post's result in the caller's memo (CompileOptions.memo), by the file's path and
 * its bytes' digest (not its text: a key holding every file's text is rebuilt and hashed on each run).
 */
const REMEMBERED_PROJECT = entryKind<ProjectJobResult>('project result')
const REMEMBERED_POST = entryKind<PostJobResult>('post result')

/** `P`: a project of `compiled`, its card alone with `dataDir`. */
export interface CheckAndCompileResult<P extends ProjectCard = CompiledCaseStudy> extends CheckResult {
  /** Present when the content is valid and compiled without error. */
  compiled?: CompiledContent<P>
  /** With `dataDir`: each compiled project's data file and passages, in content order. */
  kept?: KeptProject[]
  /** Problems found while compiling valid content (diagrams that cannot be rendered), in content order. */
  compileDiagnostics: Diagnostic[]
  /** How many of the content's project files were compiled now and how many came from the store. */
  compileStats?: { compiled: number; cached: number }
  /** Project files checked again by this call, and taken from the memo as they were (none without one). */
  projectFiles: { redone: number; reused: number }
}

/** The content's files loaded and portfolio.yaml checked on its own: the first half of checkAndCompile. */
export interface PortfolioChecked {
  loaded: LoadedSources
  store: Store
  digests: FileDigests
  outcome: FileOutcome | undefined
  /**
   * portfolio.yaml compiled, when it passed its own checks: a build starts
   * its app with it, which holds no project, while the project files are checked. The content may
   * still turn out invalid (a project, or a rule across files).
   */
  portfolio?: Promise<CompiledPortfolio>
}

/** Project files per worker (see RunOptions.perWorker), a language's case studies too (language-sites.ts). */
export const COMPILED_FILES_PER_WORKER = 100

/**
 * checkContent for a build, then markdown → HTML and Mermaid → SVG for valid content: checkPortfolio
 * then checkProjects, which a build calls itself to start its app in between.
 */
export async function checkAndCompile(
  root: string,
  options: CompileOptions & { dataDir: string },
): Promise<CheckAndCompileResult<ProjectCard>>
export async function checkAndCompile(
  root: string,
  options: CompileOptions & { dataDir?: undefined },
): Promise<CheckAndCompileResult>
export async function checkAndCompile(
  root: string,
  options: CompileOptions,
): Promise<CheckAndCompileResult<CompiledCaseStudy | ProjectCard>> {
  const pool = options.pool ?? openPool(options.workers)
  const digests = options.digests ?? openFileDigests(options.store)
  try {
    return await checkProjects(root, await checkPortfolio(root, { ...options, digests }), { ...options, pool })
  } finally {
    if (!options.pool) await pool.close()
    if (!options.digests) digests.save()
  }
}

/** Loads the content's files and checks portfolio.yaml; compiling it starts as soon as it passes (see PortfolioChecked.portfolio). */
export async function checkPortfolio(
  root: string,
  options: Pick<CompileOptions, 'store' | 'memo' | 'digests'>,
): Promise<PortfolioChecked> {
  const { store, memo, digests = openFileDigests(store) } = options
  const loaded = await loadSources(root, { ...(memo ? { memo } : {}), digests })
  const source = loaded.portfolio
  const outcome: FileOutcome | undefined = source && checkFileCached(source, 'portfolio', store)
  const valid = outcome && !hasErrors(loaded.diagnostics) ? validPortfolio(outcome) : undefined
  if (!source || !valid) return { loaded, store, digests, outcome }
  const portfolio = compilePortfolioCached(source, valid, store)
  portfolio.catch(() => undefined) // awaited by checkProjects, which throws what compiling threw
  return { loaded, store, digests, outcome, portfolio }
}

/**
 * Each project file checked and compiled in one job on the pool; files whose exact text was checked
 * (and compiled) before come from the store, so an edit to one file of a thousand is one job. Then
 * the rules across files, and the content in content order.
 */
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: ProjectsOptions & { pool: BuildPool; dataDir: string },
): Promise<CheckAndCompileResult<ProjectCard>>
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: ProjectsOptions & { pool: BuildPool; dataDir?: undefined },
): Promise<CheckAndCompileResult>
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: ProjectsOptions & { pool: BuildPool },
): Promise<CheckAndCompileResult<CompiledCaseStudy | ProjectCard>>
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: ProjectsOptions & { pool: BuildPool },
): Promise<CheckAndCompileResult<CompiledCaseStudy | ProjectCard>> {
  const { loaded, store, digests, outcome, portfolio: compiling } = checked
  const keeper = projectKeeper(store, options)
  // On the pool at once: a post's job is short, and waits for no project.
  const [{ results: projectResults, overlays, projectFiles }, postResults] = await Promise.all([
    projectResultsOf(loaded.projects, loaded.overlays, store, keeper, options),
    postResultsOf(loaded.posts, store, options),
  ])
  const result = await checkAcrossFiles(root, loaded, outcome, projectResults, store, digests, {
    posts: postResults,
    overlaysChecked: overlays,
    ...(options.today !== undefined ? { today: options.today } : {}),
    ...(options.strictI18n ? { strictI18n: true } : {}),
  })
  // Settled before returning, whatever the checks found: a build's app started from it has started.
  await compiling?.catch(() => undefined)
  const source = loaded.portfolio
  if (!result.content || !source) return { ...result, compileDiagnostics: [], projectFiles }
  // Valid content passed the portfolio's own checks, so it is compiled already: this gives that
  // portfolio, or throws what compiling it threw (never compiling it twice).
  const portfolio = await (compiling ?? compilePortfolioCached(source, result.content.portfolio, store))
  const { projects, kept, diagnostics, stats } = await compiledInOrder(
    result.content,
    result.parsed,
    loaded,
    projectResults,
    { store, keeper },
  )
  const posts = await compiledPosts(result.content, loaded, postResults, store, options.drafts === true)
  diagnostics.push(...posts.diagnostics)
  const failed = hasErrors(diagnostics)
  return {
    ...result,
    ...(failed ? {} : { compiled: { portfolio, projects, posts: posts.posts } }),
    ...(options.dataDir !== undefined && !failed ? { kept } : {}),
    compileDiagnostics: diagnostics,
    compileStats: stats,
    projectFiles,
  }
}

/**
 * What this thread keeps of a compiled project in a build (with dataDir): its data file and chat
 * passages written (keepProject) unless a job wrote them, recorded in the manifest of the site's
 * data, and not its prose. Without dataDir, the result as it is.
 */
type Keeper = (result: ProjectJobResult, source: SourceFile) => ProjectJobResult

function projectKeeper(store: Store, { dataDir, dataInPlace }: ProjectsOptions): Keeper {
  return (result, source) => {
    if (dataDir === undefined || !result.compiled || result.inSite) return result
    const kept = result.kept ?? keepProject(dataDir, result.compiled.project)
    if (dataInPlace)
      recordProjectFiles(dataInPlace, compiledProjectKey(source, store), kept, result.compiled.diagnostics)
    return { ...result, compiled: { ...result.compiled, project: kept.card }, kept, inSite: true }
  }
}

/** Every project file's result: from the caller's memo or the store when its text is unchanged, else from a job of the pool. */
async function projectResultsOf(
  sources: readonly SourceFile[],
  overlays: readonly OverlaySource[],
  store: Store,
  keep: Keeper,
  options: ProjectsOptions & { pool: BuildPool },
): Promise<{
  results: ProjectJobResult[]
  overlays: OverlayChecked[]
  projectFiles: { redone: number; reused: number }
}> {
  const { memo = noStore, dataDir } = options
  const results = new Array<ProjectJobResult>(sources.length)
  const overlaysChecked: OverlayChecked[] = []
  const toDo: number[] = []
  const keys = sources.map((source) => REMEMBERED_PROJECT.key(memo, source.path, sourceDigest(source)))
  let reused = 0
  sources.forEach((source, i) => {
    const remembered = REMEMBERED_PROJECT.get(memo, keys[i] as string)
    if (remembered) reused++
    const stored = remembered ?? storedResult(source, store, options.dataInPlace)
    // A project not checked again is the same object (the dev server compares them); its
    // translations are checked across files (or taken from the store there).
    if (stored) results[i] = keep(stored, source)
    else toDo.push(i)
  })
  let done = sources.length - toDo.length
  options.progress?.(done, sources.length)
  const overlaysOf = projectOverlays(overlays)
  const jobs = toDo.map((i) => {
    const source = sources[i] as SourceFile
    const own = overlaysOf.get(source.path)
    return {
      source,
      store: store.address,
      ...(dataDir !== undefined ? { dataDir } : {}),
      ...(own ? { overlays: own } : {}),
    }
  })
  await options.pool.runJobs('project', jobs, {
    perWorker: COMPILED_FILES_PER_WORKER,
    each: ({ overlays: checked, ...result }, j) => {
      const i = toDo[j] as number
      // Apart from the result, which is remembered: they are this call's, for the checks across files.
      if (checked) overlaysChecked.push(...checked)
      results[i] = keep(result, sources[i] as SourceFile)
      options.progress?.(++done, sources.length)
    },
  })
  results.forEach((result, i) => REMEMBERED_PROJECT.set(memo, keys[i] as string, result))
  return { results, overlays: overlaysChecked, projectFiles: { redone: sources.length - reused, reused } }
}

/**
 * The compiled projects of valid content in content order, as compileContent gives them: the first
 * file that fails to compile is the one that throws. With what a build keeps of each, the compile's
 * diagnostics, and how many were compiled now.
 */
async function compiledInOrder(
  content: NonNullable<CheckResult['content']>,
  parsed: CheckResult['parsed'],
  loaded: LoadedSources,
  projectResults: readonly ProjectJobResult[],
  { store, keeper }: { store: Store; keeper: Keeper },
): Promise<{
  projects: (CompiledCaseStudy | ProjectCard)[]
  kept: KeptProject[]
  diagnostics: Diagnostic[]
  stats: { compiled: number; cached: number }
}> {
  const byPath = new Map(loaded.projects.map((file, i) => [file.path, { source: file, done: projectResults[i] }]))
  const stats = { compiled: 0, cached: 0 }
  const diagnostics: Diagnostic[] = []
  const projects: (CompiledCaseStudy | ProjectCard)[] = []
  const kept: KeptProject[] = []
  for (const { id } of content.projects) {
    // A project in the content passed every rule, so its id is its file name.
    const file = byPath.get(`projects/${String(id)}.yaml`)
    let compiled = file?.done
    // Its job's compile threw: compiled again here (from the job's data, which has its sections),
    // so it throws here exactly as it did there.
    const retry = file?.done && !file.done.compiled ? validProject(file.done) : undefined
    if (file?.done && retry) {
      const { cached: _, ...again } = await compileProjectCached(file.source, retry, parsed, store)
      compiled = keeper({ ...file.done, compiled: again }, file.source)
    }
    if (!compiled?.compiled) throw new Error(`projects/${String(id)}.yaml was not compiled`)
    stats[file?.done?.cached ? 'cached' : 'compiled']++
    diagnostics.push(...compiled.compiled.diagnostics)
    projects.push(compiled.compiled.project)
    if (compiled.kept) kept.push(compiled.kept)
  }
  return { projects, kept, diagnostics, stats }
}

/** Each project file's translations by the file's path (projects/<id>.yaml), for its job. */
function projectOverlays(overlays: readonly OverlaySource[]): Map<string, OverlaySource[]> {
  const byFile = new Map<string, OverlaySource[]>()
  for (const overlay of overlays) {
    if (overlay.project === undefined) continue
    const file = `projects/${overlay.project}.yaml`
    byFile.set(file, [...(byFile.get(file) ?? []), overlay])
  }
  return byFile
}

/** Post files per worker: a post's job is about a project's. */
const POSTS_PER_WORKER = COMPILED_FILES_PER_WORKER

/**
 * Every post file's result: from the caller's memo when its text is unchanged, else from a job of
 * the pool (which takes what the store holds of its exact text: an edit to one post is one compile).
 */
async function postResultsOf(
  sources: readonly SourceFile[],
  store: Store,
  options: ProjectsOptions & { pool: BuildPool },
): Promise<PostJobResult[]> {
  const { memo = noStore } = options
  const results = new Array<PostJobResult>(sources.length)
  const toDo: number[] = []
  const keys = sources.map((source) => REMEMBERED_POST.key(memo, source.path, sourceDigest(source)))
  keys.forEach((key, i) => {
    const remembered = REMEMBERED_POST.get(memo, key)
    if (remembered) results[i] = remembered
    else toDo.push(i)
  })
  const jobs = toDo.map((i) => ({
    source: sources[i] as SourceFile,
    store: store.address,
    drafts: options.drafts === true,
  }))
  await options.pool.runJobs('post', jobs, {
    perWorker: POSTS_PER_WORKER,
    each: (result, j) => (results[toDo[j] as number] = result),
  })
  results.forEach((result, i) => REMEMBERED_POST.set(memo, keys[i] as string, result))
  return results
}

/**
 * The compiled posts of valid content, in file order: drafts left out unless `drafts`. A post
 * whose job's compile threw is compiled again here, so it throws here as it did there.
 */
async function compiledPosts(
  content: NonNullable<CheckResult['content']>,
  loaded: LoadedSources,
  results: readonly PostJobResult[],
  store: Store,
  drafts: boolean,
): Promise<{ posts: RenderedPost[]; diagnostics: Diagnostic[] }> {
  const byPath = new Map(loaded.posts.map((source, i) => [source.path, { source, done: results[i] }]))
  const posts: RenderedPost[] = []
  const diagnostics: Diagnostic[] = []
  for (const { slug, post } of content.posts) {
    if (post.draft === true && !drafts) continue
    const file = byPath.get(`posts/${slug}.md`)
    if (!file) throw new Error(`posts/${slug}.md was not loaded`)
    const compiled = file.done?.compiled ?? (await compilePostCached(file.source, slug, post, store))
    diagnostics.push(...compiled.diagnostics)
    posts.push(compiled.post)
  }
  return { posts, diagnostics }
}

/**
 * A project file's result from the store alone (checked and compiled), or undefined.
 * In a build, a project whose data and chat files the site in place holds as made from this compile
 * takes them from there, and what the build keeps of it from their record: its compiled entry is
 * not read.
 */
function storedResult(
  source: SourceFile,
  store: Store,
  inPlace: DataInPlace | undefined,
): ProjectJobResult | undefined {
  const checked = readChecked(source, 'project', store)
  if (!checked) return undefined
  const result = { path: source.path, diagnostics: [], links: checked.links, data: checked.data }
  const id =
    typeof checked.data === 'object' && checked.data !== null ? (checked.data as { id?: unknown }).id : undefined
  const taken =
    inPlace && typeof id === 'string' ? takeProjectFiles(inPlace, id, compiledProjectKey(source, store)) : undefined
  if (taken)
    return {
      ...result,
      compiled: { project: taken.kept.card, diagnostics: taken.diagnostics },
      kept: taken.kept,
      inSite: true,
      cached: true,
    }
  const compiled = readCompiledProject(source, store)
  return compiled && { ...result, compiled, cached: true }
}
