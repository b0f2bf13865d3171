import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import { openStore, type Store } from '../cache/store.ts'
import { fileDigests } from '../cache/file-digests.ts'
import { checkFileCached, readChecked } from '../content/check-cache.ts'
import { checkAcrossFiles, type CheckedContent, type CheckResult, type FileOutcome } from '../content/check-content.ts'
import { loadSources, type FileRead, type SourceFile } from '../content/load-sources.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { WorkerMode } from '../workers/pool.ts'
import { runJobs } from './jobs.ts'
import type { ProjectJobResult } from './project-job.ts'

export interface CompileOptions {
  /**
   * Worker threads for the project files (see cli/workers/pool.ts): 'auto' (the default, unless
   * PORTFOLIO_WORKERS says otherwise) when they pay, 'always', or 'never'. Results are the same either way.
   */
  workers?: WorkerMode
  /**
   * Called with the compiled portfolio as soon as portfolio.yaml passes its own checks, while the
   * project files are still checked (so before the content is known to be valid: a rule across
   * files, or a project, may still fail it). A build starts on the app with it, which holds no project.
   * Never called after checkAndCompile returns; when it returns compiled content, this has had its portfolio.
   */
  onPortfolio?: (portfolio: Record<string, unknown>) => void
  /**
   * Called once with the checked content when every file passed every check, before the projects
   * whose job failed to compile are compiled again. What needs only the checked data (a build's
   * social cards) starts here. Compiling may still fail (a diagram that cannot be drawn); then
   * checkAndCompile returns no `compiled`.
   */
  onChecked?: (content: CheckedContent) => void
  /**
   * True when this thread has other work under way while the files are checked (what onPortfolio
   * started): the project files then go to a worker even with one spare core. @default false
   */
  alongside?: boolean
  /** What the result keeps of each compiled project, as each one arrives (all of it by default). */
  keep?: (project: Record<string, unknown>) => Record<string, unknown>
  /** False: check only (the result has no `compiled`). @default true */
  compile?: boolean
  /**
   * Where checked and compiled files are kept (cli/cache/store.ts); false checks and compiles every file.
   * @default the store under node_modules/.cache/portfolio/
   */
  store?: Store | false
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

export interface CheckAndCompileResult extends CheckResult {
  /** Present when the content is valid and compiled without error. */
  compiled?: CompiledContent
  /** Problems found while compiling valid content (diagrams that cannot be rendered), in content order. */
  compileDiagnostics: Diagnostic[]
  /** How many of the content's project files were compiled now and how many came from the store. */
  compileStats?: { compiled: number; cached: number }
}

/** Project files per worker when they are only checked (see RunOptions.perWorker). */
const CHECKED_FILES_PER_WORKER = 2000

/**
 * checkContent for a build, then markdown → HTML and Mermaid → SVG for valid content. Each project
 * file is checked and compiled in one job on the worker pool; files whose exact text was checked
 * (and compiled) before come from the store, so an edit to one file of a thousand is one job. The
 * portfolio is compiled as soon as its own file passes its checks (see CompileOptions.onPortfolio).
 */
export async function checkAndCompile(root: string, options: CompileOptions = {}): Promise<CheckAndCompileResult> {
  const compile = options.compile !== false
  const store = options.store === false ? undefined : (options.store ?? openStore())
  // Loaded only when compiling: `validate`-like runs never pay for loading the compilers.
  const compiler = compile ? await import('../compile/compile-cache.ts') : undefined
  const memo = options.memo
  const loaded = await loadSources(root, {
    ...(memo ? { memo: memo.files } : {}),
    ...(store ? { digests: fileDigests(store) } : {}),
  })

  const portfolioSource = loaded.portfolio
  const portfolioOutcome: FileOutcome | undefined =
    portfolioSource && checkFileCached(portfolioSource, 'portfolio', store)
  let compiling: Promise<Record<string, unknown>> | undefined
  if (
    compiler &&
    portfolioSource &&
    portfolioOutcome &&
    isRecord(portfolioOutcome.data) &&
    !hasErrors([...loaded.diagnostics, ...portfolioOutcome.diagnostics])
  ) {
    compiling = compiler.compilePortfolioCached(portfolioSource, portfolioOutcome.data, store)
    compiling.then(
      (portfolio) => options.onPortfolio?.(portfolio),
      () => undefined,
    )
  }

  // What this thread keeps of each compiled project, as each arrives: not all the prose at once.
  const keep = (result: ProjectJobResult): ProjectJobResult =>
    options.keep && result.compiled
      ? { ...result, compiled: { ...result.compiled, project: options.keep(result.compiled.project) } }
      : result
  const projectResults = new Array<ProjectJobResult>(loaded.projects.length)
  const toDo: number[] = []
  loaded.projects.forEach((source, i) => {
    const kept = memo?.projects.get(source.path)
    const stored = kept?.text === source.text ? kept.result : store && storedResult(source, store, compiler)
    if (stored) projectResults[i] = keep(stored)
    else toDo.push(i)
  })
  const jobs = toDo.map((i) => ({
    source: loaded.projects[i] as SourceFile,
    ...(store ? { store: store.address } : {}),
    compile,
  }))
  const done = await runJobs('project', jobs, {
    ...(options.workers ? { workers: options.workers } : {}),
    alongside: options.alongside === true,
    // A check alone is cheap: at 1000 files `validate` took 1.0 s more CPU on two workers than here.
    ...(compile ? {} : { perWorker: CHECKED_FILES_PER_WORKER }),
    each: keep,
  })
  done.forEach((result, j) => (projectResults[toDo[j] as number] = result))
  if (memo) rememberResults(memo, loaded.projects, projectResults)

  const result = await checkAcrossFiles(root, loaded, portfolioOutcome, projectResults)
  // Settled before returning, so onPortfolio is never called after this returns (whatever the checks found).
  await compiling?.catch(() => undefined)
  if (!compiler || !result.content || !portfolioSource) return { ...result, compileDiagnostics: [] }
  const content = result.content
  options.onChecked?.(content)
  // Valid content passed the portfolio's own checks, so it is compiled already: this gives that
  // portfolio, or throws what compiling it threw (never compiling it twice).
  const portfolio = await (compiling ?? compiler.compilePortfolioCached(portfolioSource, content.portfolio, store))
  const byPath = new Map(loaded.projects.map((source, i) => [source.path, { source, done: projectResults[i] }]))
  const stats = { compiled: 0, cached: 0 }
  const diagnostics: Diagnostic[] = []
  const projects: Record<string, unknown>[] = []
  // In content order, as compileContent does: the first file that fails to compile is the one that throws.
  for (const data of content.projects) {
    // A project in the content passed every rule, so its id is its file name.
    const file = byPath.get(`projects/${String(data.id)}.yaml`)
    let compiled = file?.done?.compiled
    if (!compiled && file) {
      // Its job's compile threw: compiled again here, so it throws here exactly as it did there.
      const { cached: _, ...again } = await compiler.compileProjectCached(file.source, data, result.parsed, store)
      compiled = { project: options.keep ? options.keep(again.project) : again.project, diagnostics: again.diagnostics }
    }
    if (!compiled) throw new Error(`projects/${String(data.id)}.yaml was not compiled`)
    stats[file?.done?.cached ? 'cached' : 'compiled']++
    diagnostics.push(...compiled.diagnostics)
    projects.push(compiled.project)
  }
  // Each edit leaves entries no build reads again: the least recently used go once there are too many.
  // A store the caller opened is the caller's to prune (a build prunes once, after its last step).
  if (store && options.store === undefined) {
    fileDigests(store).save()
    if (stats.compiled > 0) store.prune()
  }
  return {
    ...result,
    ...(hasErrors(diagnostics) ? {} : { compiled: { portfolio, projects } }),
    compileDiagnostics: diagnostics,
    compileStats: stats,
  }
}

/** Puts this call's project results into the memo, and forgets the files that are gone. */
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
