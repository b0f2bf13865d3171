import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { noStore } from '../cache/no-store.ts'
import { openStore, type Store } from '../cache/store.ts'
import { fileDigests } from '../cache/file-digests.ts'
import { checkFileCached, readChecked } from '../content/check-cache.ts'
import { checkAcrossFiles, type CheckResult, type FileOutcome } from '../content/check-content.ts'
import { loadSources, type FileRead, type LoadedSources, type SourceFile } from '../content/load-sources.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { Portfolio, ProjectCard, RenderedProject } from '../content/content-types.ts'
import { validPortfolio } from '../content/valid-data.ts'
import type { WorkerMode } from '../workers/pool.ts'
import { openPool, type BuildPool } from './jobs.ts'
import { keepProject, type KeptProject, type ProjectJobResult } from './project-job.ts'

export interface CompileOptions {
  /**
   * The pool the project files are checked and compiled on (a build's, see jobs.ts); without one,
   * checkAndCompile opens its own for the call (`workers`: 'auto' unless PORTFOLIO_WORKERS says
   * otherwise, 'always' or 'never'). Results are the same either way.
   */
  pool?: BuildPool
  workers?: WorkerMode
  /** False: check only (the result has no `compiled`). @default true */
  compile?: boolean
  /**
   * Where checked and compiled files are kept (cli/cache/store.ts); false checks and compiles every file.
   * @default the store under node_modules/.cache/portfolio/
   */
  store?: Store | false
  /**
   * A build's folder for the case-study data: each project's data file is written there as it is
   * compiled (keepProject), and the result's projects are their cards, with `kept` beside them.
   */
  dataDir?: string
  /** Told how many project files are checked so far, of how many, as they are. */
  progress?: (done: number, total: number) => void
  /**
   * What earlier calls made of each file, kept by the caller across calls (the dev server): the
   * files as read (see LoadOptions.memo) and each project file's result by path with the text it
   * was made from. A project whose text is unchanged takes its result from here, before the store,
   * and every result of this call is put here.
   */
  memo?: CompileMemo
}

export interface CompileMemo {
  files: Map<string, FileRead>
  projects: Map<string, { text: string; result: ProjectJobResult }>
}

/** `P`: a project of `compiled`, its card alone with `dataDir`. */
export interface CheckAndCompileResult<P extends ProjectCard = RenderedProject> extends CheckResult {
  /** Present when the content is valid and compiled without error. */
  compiled?: CompiledContent<P>
  /** With `dataDir`: each compiled project's data file and passages, in content order. */
  kept?: KeptProject[]
  /** Problems found while compiling valid content (diagrams that cannot be rendered), in content order. */
  compileDiagnostics: Diagnostic[]
  /** How many of the content's project files were compiled now and how many came from the store. */
  compileStats?: { compiled: number; cached: number }
}

/** The content's files loaded and portfolio.yaml checked on its own: the first half of checkAndCompile. */
export interface PortfolioChecked {
  loaded: LoadedSources
  store: Store
  compiler: typeof import('../compile/compile-cache.ts') | undefined
  outcome: FileOutcome | undefined
  /**
   * portfolio.yaml compiled, when it passed its own checks and compiling was asked: a build starts
   * its app with it, which holds no project, while the project files are checked. The content may
   * still turn out invalid (a project, or a rule across files).
   */
  portfolio?: Promise<Portfolio>
}

/** Project files per worker when they are only checked (see RunOptions.perWorker). */
const CHECKED_FILES_PER_WORKER = 2000
/** And when they are compiled too. */
const COMPILED_FILES_PER_WORKER = 100

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
  options?: CompileOptions & { dataDir?: undefined },
): Promise<CheckAndCompileResult>
export async function checkAndCompile(
  root: string,
  options: CompileOptions = {},
): Promise<CheckAndCompileResult<RenderedProject | ProjectCard>> {
  const pool = options.pool ?? openPool(options.workers)
  try {
    return await checkProjects(root, await checkPortfolio(root, options), { ...options, pool })
  } finally {
    if (!options.pool) await pool.close()
  }
}

/** Loads the content's files and checks portfolio.yaml; compiling it starts as soon as it passes (see PortfolioChecked.portfolio). */
export async function checkPortfolio(
  root: string,
  options: Pick<CompileOptions, 'compile' | 'store' | 'memo'> = {},
): Promise<PortfolioChecked> {
  const store = options.store === false ? noStore : (options.store ?? openStore())
  // Loaded only when compiling: `validate`-like runs never pay for loading the compilers.
  const compiler = options.compile !== false ? await import('../compile/compile-cache.ts') : undefined
  const memo = options.memo
  const loaded = await loadSources(root, {
    ...(memo ? { memo: memo.files } : {}),
    digests: fileDigests(store),
  })
  const source = loaded.portfolio
  const outcome: FileOutcome | undefined = source && checkFileCached(source, 'portfolio', store)
  const valid = outcome && !hasErrors(loaded.diagnostics) ? validPortfolio(outcome) : undefined
  if (!compiler || !source || !valid) return { loaded, store, compiler, outcome }
  const portfolio = compiler.compilePortfolioCached(source, valid, store)
  portfolio.catch(() => undefined) // awaited by checkProjects, which throws what compiling threw
  return { loaded, store, compiler, outcome, portfolio }
}

/**
 * Each project file checked and compiled in one job on the pool; files whose exact text was checked
 * (and compiled) before come from the store, so an edit to one file of a thousand is one job. Then
 * the rules across files, and the content in content order.
 */
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: CompileOptions & { pool: BuildPool; dataDir: string },
): Promise<CheckAndCompileResult<ProjectCard>>
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: CompileOptions & { pool: BuildPool; dataDir?: undefined },
): Promise<CheckAndCompileResult>
export async function checkProjects(
  root: string,
  checked: PortfolioChecked,
  options: CompileOptions & { pool: BuildPool },
): Promise<CheckAndCompileResult<RenderedProject | ProjectCard>>
export async function checkProjects(
  root: string,
  { loaded, store, compiler, outcome, portfolio: compiling }: PortfolioChecked,
  options: CompileOptions & { pool: BuildPool },
): Promise<CheckAndCompileResult<RenderedProject | ProjectCard>> {
  const compile = compiler !== undefined
  const { dataDir, memo } = options
  // What this thread keeps of a compiled project: with dataDir, not its prose (see keepProject).
  const kept = (result: ProjectJobResult): ProjectJobResult => {
    if (dataDir === undefined || !result.compiled || result.kept) return result
    const project = keepProject(dataDir, result.compiled.project)
    return { ...result, compiled: { ...result.compiled, project: project.card }, kept: project }
  }
  const projectResults = new Array<ProjectJobResult>(loaded.projects.length)
  const toDo: number[] = []
  loaded.projects.forEach((source, i) => {
    const remembered = memo?.projects.get(source.path)
    const stored = remembered?.text === source.text ? remembered.result : storedResult(source, store, compiler)
    if (stored) projectResults[i] = kept(stored)
    else toDo.push(i)
  })
  let done = loaded.projects.length - toDo.length
  options.progress?.(done, loaded.projects.length)
  const jobs = toDo.map((i) => ({
    source: loaded.projects[i] as SourceFile,
    store: store.address,
    compile,
    ...(dataDir !== undefined ? { dataDir } : {}),
  }))
  await options.pool.runJobs('project', jobs, {
    perWorker: compile ? COMPILED_FILES_PER_WORKER : CHECKED_FILES_PER_WORKER,
    each: (result, j) => {
      projectResults[toDo[j] as number] = result
      options.progress?.(++done, loaded.projects.length)
    },
  })
  if (memo) rememberResults(memo, loaded.projects, projectResults)

  const result = await checkAcrossFiles(root, loaded, outcome, projectResults)
  // Settled before returning, whatever the checks found: a build's app started from it has started.
  await compiling?.catch(() => undefined)
  const source = loaded.portfolio
  if (!compiler || !result.content || !source) return { ...result, compileDiagnostics: [] }
  const content = result.content
  // Valid content passed the portfolio's own checks, so it is compiled already: this gives that
  // portfolio, or throws what compiling it threw (never compiling it twice).
  const portfolio = await (compiling ?? compiler.compilePortfolioCached(source, content.portfolio, store))
  const byPath = new Map(loaded.projects.map((file, i) => [file.path, { source: file, done: projectResults[i] }]))
  const stats = { compiled: 0, cached: 0 }
  const diagnostics: Diagnostic[] = []
  const projects: (RenderedProject | ProjectCard)[] = []
  const keptProjects: KeptProject[] = []
  // In content order: the first file that fails to compile is the one that throws.
  for (const data of content.projects) {
    // A project in the content passed every rule, so its id is its file name.
    const file = byPath.get(`projects/${String(data.id)}.yaml`)
    let compiled = file?.done && kept(file.done)
    if (!compiled?.compiled && file) {
      // Its job's compile threw: compiled again here, so it throws here exactly as it did there.
      const { cached: _, ...again } = await compiler.compileProjectCached(file.source, data, result.parsed, store)
      compiled = kept({ ...file.done!, compiled: again })
    }
    if (!compiled?.compiled) throw new Error(`projects/${String(data.id)}.yaml was not compiled`)
    stats[file?.done?.cached ? 'cached' : 'compiled']++
    diagnostics.push(...compiled.compiled.diagnostics)
    projects.push(compiled.compiled.project)
    if (compiled.kept) keptProjects.push(compiled.kept)
  }
  // Each edit leaves entries no build reads again: the least recently used go once there are too many.
  // A store the caller opened is the caller's to prune (a build prunes once, after its last step).
  if (options.store === undefined) {
    fileDigests(store).save()
    if (stats.compiled > 0) store.prune()
  }
  return {
    ...result,
    ...(hasErrors(diagnostics) ? {} : { compiled: { portfolio, projects } }),
    ...(dataDir !== undefined && !hasErrors(diagnostics) ? { kept: keptProjects } : {}),
    compileDiagnostics: diagnostics,
    compileStats: stats,
  }
}

/** A project file's job result from the store alone (checked, and compiled when asked), or undefined. */
function storedResult(
  source: SourceFile,
  store: Store,
  compiler: typeof import('../compile/compile-cache.ts') | undefined,
): ProjectJobResult | undefined {
  const checked = readChecked(source, 'project', store)
  if (!checked) return undefined
  const result = { path: source.path, diagnostics: [], links: checked.links, data: checked.data }
  if (!compiler) return result
  const compiled = compiler.readCompiledProject(source, store)
  return compiled && { ...result, compiled, cached: true }
}

/** Puts this call's results into the caller's memo, and forgets files that are gone. */
function rememberResults(
  memo: CompileMemo,
  sources: readonly SourceFile[],
  results: readonly ProjectJobResult[],
): void {
  const present = new Set<string>()
  sources.forEach((source, i) => {
    present.add(source.path)
    const result = results[i] as ProjectJobResult
    if (memo.projects.get(source.path)?.result !== result) memo.projects.set(source.path, { text: source.text, result })
  })
  for (const file of memo.projects.keys()) if (!present.has(file)) memo.projects.delete(file)
}
