import { setImmediate as nextTurn } from 'node:timers/promises'
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { EntryPack } from '../cache/entry-pack.ts'
import { compilePortfolioCached, compileProjectCached, defaultCompileCache, drawMissingDiagrams, entryKey, pruneCompileCache, type CachedCompile, type CompileCache } from '../compile/compile-cache.ts'
import type { CompiledContent, CompiledProject } from '../compile/compile-content.ts'
import { defaultCheckCache, type CheckCache } from '../content/check-cache.ts'
import type { CheckedContent, CheckResult } from '../content/check-content.ts'
import type { SourceFile } from '../content/load-sources.ts'
import { checkWithWorkers, type CheckOptions } from './check-with-workers.ts'

export interface CompileOptions extends CheckOptions {
  /**
   * Called with the compiled portfolio as soon as portfolio.yaml passes its own checks, while the
   * project files are still checked (so before the content is known to be valid: a rule across
   * files, or a project, may still fail it). A build starts on the app with it, which holds no project.
   * Never called after checkAndCompile returns; when it returns compiled content, this has had its portfolio.
   */
  onPortfolio?: (portfolio: Record<string, unknown>) => void
  /**
   * Called once with the checked content when every file passed every check, before the projects
   * not compiled alongside their checks are compiled and their diagrams drawn. What needs only the
   * checked data (a build's social cards) starts here. Compiling may still fail (a diagram that
   * cannot be drawn); then checkAndCompile returns no `compiled`.
   */
  onChecked?: (content: CheckedContent) => void
  /** See CompileRequest.mainBusy: true while what onPortfolio started is under way. */
  mainBusy?: () => boolean
  /** See CompileRequest.keep: what the result's compiled projects hold of each (all of it by default). */
  keep?: (project: Record<string, unknown>) => Record<string, unknown>
  /** False: check only (the result has no `compiled`). @default true */
  compile?: boolean
  /** Where compiled files are cached; false compiles every file. @default node_modules/.cache/portfolio/compiled/ */
  cache?: CompileCache | false
  /**
   * Where valid project files' check results are kept (see check-cache.ts); false checks every file.
   * @default node_modules/.cache/portfolio/checked/ with the default compile cache, else none
   */
  checkCache?: CheckCache | false
}

export interface CheckAndCompileResult extends CheckResult {
  /** Present when the content is valid and compiled without error. */
  compiled?: CompiledContent
  /** Problems found while compiling valid content (diagrams that cannot be rendered), in content order. */
  compileDiagnostics: Diagnostic[]
  /** How many of the content's project files were compiled now and how many came from the cache. */
  compileStats?: { compiled: number; cached: number }
}

/**
 * checkContent (on the content pool's workers, see checkWithWorkers), then markdown → HTML and
 * Mermaid → SVG for valid content, reusing compiled files from the cache. When the project files
 * are checked in worker threads, each is compiled right there after its own checks, while the other
 * files are still being checked. The portfolio is compiled as soon as its own file passes its checks
 * (see CompileOptions.onPortfolio).
 */
export async function checkAndCompile(root: string, options: CompileOptions = {}): Promise<CheckAndCompileResult> {
  if (options.compile === false) return { ...(await checkWithWorkers(root, options, undefined)).result, compileDiagnostics: [] }
  const cache = options.cache === false ? undefined : (options.cache ?? defaultCompileCache())
  const checkCache = options.checkCache === false ? undefined : (options.checkCache ?? (options.cache === undefined ? defaultCheckCache() : undefined))
  const pack = cache && EntryPack.open(cache.directory, root)
  const packHolds = cache && pack ? (file: SourceFile) => pack.has(entryKey(cache, 'project', file)) : undefined
  // A first build (no compiled file kept) of content with diagrams will draw them: start the diagram
  // worker now, so it has loaded the renderer by the time the files are checked. A rebuild usually
  // finds its diagrams in the cache, and starts the worker only if it does not.
  const onRead = (projects: readonly SourceFile[]) => {
    if (!pack?.size && projects.some((file) => file.text.includes('mermaid'))) void import('../compile/draw-diagrams.ts').then(({ warmDiagramWorker }) => warmDiagramWorker())
  }
  // The portfolio is compiled once its own file is valid; a compile error surfaces below, as before.
  let compiling: Promise<Record<string, unknown>> | undefined
  // From then until onPortfolio has it, this thread is busy handing it over: what onPortfolio starts
  // (a build's app) waits for it, so the project files do not come first (see CompileRequest.mainBusy).
  let handingOver = false
  const onPortfolioChecked = (source: SourceFile, data: Record<string, unknown>) => {
    handingOver = options.onPortfolio !== undefined
    compiling = compilePortfolioCached(source, data, cache, pack)
    compiling.then((portfolio) => options.onPortfolio?.(portfolio), () => undefined).finally(() => (handingOver = false))
  }
  const mainBusy = options.onPortfolio || options.mainBusy ? () => handingOver || options.mainBusy?.() === true : undefined
  const { result, loaded, projectResults } = await checkWithWorkers(root, options, { cache, onRead, ...(mainBusy ? { mainBusy } : {}), ...(options.keep ? { keep: options.keep } : {}), ...(pack && packHolds ? { pack, packHolds } : {}) }, checkCache, onPortfolioChecked)
  // Settled before returning, so onPortfolio is never called after this returns (whatever the checks found).
  await compiling?.catch(() => undefined)
  // Invalid content: the pack on disk is left as it was (its files are compiled again once fixed anyway).
  if (!result.content || !loaded.portfolio) return { ...result, compileDiagnostics: [] }
  const content = result.content
  options.onChecked?.(content)
  // Valid content passed the portfolio's own checks, so it is compiled already: this gives that
  // portfolio, or throws what compiling it threw (never compiling it twice).
  const portfolio = await (compiling ?? compilePortfolioCached(loaded.portfolio, content.portfolio, cache, pack))
  return compileProjects()

  async function compileProjects(): Promise<CheckAndCompileResult> {
    const byPath = new Map(loaded.projects.map((source, i) => [source.path, { source, done: projectResults?.[i] }]))
    const stats = { compiled: 0, cached: 0 }
    const diagnostics: Diagnostic[] = []
    const projects: Record<string, unknown>[] = []
    // A project in the content passed every rule, so its id is its file name.
    const idPath = (data: Record<string, unknown>) => `projects/${String(data.id)}.yaml`
    // The diagrams of the files still to compile, drawn in one go (see drawMissingDiagrams) while
    // their prose is compiled here: each compile below takes its diagrams once they are drawn.
    let drawing: Promise<void> | undefined
    if (cache) {
      const toCompile = content.projects.filter((data) => {
        const file = byPath.get(idPath(data))
        return !file?.done?.compiled && !(file && packHolds?.(file.source))
      })
      drawing = drawMissingDiagrams(toCompile, cache)
      drawing.catch(() => undefined) // awaited by the compiles that need it
    }
    const fresh: (Promise<CachedCompile> | undefined)[] = []
    for (const data of content.projects) {
      const path = idPath(data)
      const file = byPath.get(path)
      if (file?.done?.compiled) {
        fresh.push(undefined)
        continue
      }
      // One file per turn while this thread has other work under way (see CompileRequest.mainBusy).
      if (mainBusy?.()) await nextTurn()
      const compiling = compileProjectCached(file?.source ?? { path, text: '' }, data, result.parsed, file ? cache : undefined, pack, drawing)
      compiling.catch(() => undefined) // awaited below, in order
      fresh.push(compiling)
    }
    // In content order, as compileContent does: the first file that fails to compile is the one that throws.
    for (const [i, data] of content.projects.entries()) {
      const done = byPath.get(idPath(data))?.done
      // No compile of its own: a worker compiled it alongside its checks.
      const now = fresh[i] && (await fresh[i])
      const compiled = now ? { project: options.keep ? options.keep(now.project) : now.project, diagnostics: now.diagnostics } : (done?.compiled as CompiledProject)
      const cached = now ? now.cached : done?.cached === true
      const entry = now ? now.entry : done?.compiledEntry
      if (entry) pack?.add(entry)
      stats[cached ? 'cached' : 'compiled']++
      diagnostics.push(...compiled.diagnostics)
      projects.push(compiled.project)
    }
    const compiled: CompiledContent = { portfolio, projects }
    pack?.save()
    if (cache && stats.compiled > 0) pruneCompileCache(cache)
    return { ...result, ...(hasErrors(diagnostics) ? {} : { compiled }), compileDiagnostics: diagnostics, compileStats: stats }
  }
}
