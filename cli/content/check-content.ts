import { setImmediate as nextTurn } from 'node:timers/promises'
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { isRecord, valueAt } from '../diagnostics/json-pointer.ts'
import { checkFile } from './check-file.ts'
import type { InternalLink } from './rules/markdown.ts'
import { checkReferences, checkResume, type ProjectDocument } from './rules/references.ts'
import type { CachedCompile, CompileCache } from '../compile/compile-cache.ts'
import type { CompiledContent, CompiledProject } from '../compile/compile-content.ts'
import { encodeChecked, readChecked, type CheckCache } from './check-cache.ts'
import { checkProjectFile, checkProjectFiles, MIN_CHECKED_FILES_PER_WORKER, MIN_FILES_PER_WORKER, startWorkers, workerCount, workerModeFromEnv, type CompileRequest, type ProjectFileResult, type WorkerMode } from '../workers/content-pool.ts'
import { EntryPack } from '../cache/entry-pack.ts'
import { loadSources, type LoadedSources, type SourceFile } from './load-sources.ts'
import { ParsedDocuments } from './parsed-documents.ts'
import { parseYaml, type ParsedDocument } from './parse-yaml.ts'

/** Validated content: plain data that passed the schema and every rule. */
export interface CheckedContent {
  portfolio: Record<string, unknown>
  /** In the order portfolio.yaml lists them. */
  projects: Record<string, unknown>[]
}

export interface CheckResult {
  diagnostics: Diagnostic[]
  /** Source text by relative path, for code frames. */
  sources: Map<string, string>
  /** Number of content files read. */
  fileCount: number
  /**
   * Parsed files by relative path, so later stages can locate what they find. A file checked in a
   * worker thread is parsed again (in this thread) the first time it is asked for.
   */
  parsed: Map<string, ParsedDocument>
  /** Present only when there is no error. */
  content?: CheckedContent
}

export interface CheckOptions {
  /**
   * Worker threads for the project files: 'auto' (the default, unless PORTFOLIO_CONTENT_WORKERS says
   * otherwise) when there are enough of them to pay for starting workers, 'always', or 'never'.
   * Results are the same either way.
   */
  workers?: WorkerMode
}

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

/** load → parse → schema → rules per file → rules across files. Collects every problem of every file. */
export async function checkContent(root: string, options: CheckOptions = {}): Promise<CheckResult> {
  return (await check(root, options, undefined)).result
}

/**
 * checkContent, then markdown → HTML and Mermaid → SVG for valid content, reusing compiled files from
 * the cache. When the project files are checked in worker threads, each is compiled right there
 * after its own checks, while the other files are still being checked. The portfolio is compiled as
 * soon as its own file passes its checks (see CompileOptions.onPortfolio).
 */
export async function checkAndCompile(root: string, options: CompileOptions = {}): Promise<CheckAndCompileResult> {
  if (options.compile === false) return { ...(await checkContent(root, options)), compileDiagnostics: [] }
  // Loaded only here: `validate` never compiles, so it never pays for loading the compilers.
  const compiler = await import('../compile/compile-cache.ts')
  const cache = options.cache === false ? undefined : (options.cache ?? compiler.defaultCompileCache())
  const checkCache = options.checkCache === false ? undefined : (options.checkCache ?? (options.cache === undefined ? (await import('./check-cache.ts')).defaultCheckCache() : undefined))
  const pack = cache && EntryPack.open(cache.directory, root)
  const packHolds = cache && pack ? (file: SourceFile) => pack.has(compiler.entryKey(cache, 'project', file)) : undefined
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
    compiling = compiler.compilePortfolioCached(source, data, cache, pack)
    compiling.then((portfolio) => options.onPortfolio?.(portfolio), () => undefined).finally(() => (handingOver = false))
  }
  const mainBusy = options.onPortfolio || options.mainBusy ? () => handingOver || options.mainBusy?.() === true : undefined
  const { result, loaded, projectResults } = await check(root, options, { cache, onRead, ...(mainBusy ? { mainBusy } : {}), ...(options.keep ? { keep: options.keep } : {}), ...(pack && packHolds ? { pack, packHolds } : {}) }, checkCache, onPortfolioChecked)
  // Settled before returning, so onPortfolio is never called after this returns (whatever the checks found).
  await compiling?.catch(() => undefined)
  // Invalid content: the pack on disk is left as it was (its files are compiled again once fixed anyway).
  if (!result.content || !loaded.portfolio) return { ...result, compileDiagnostics: [] }
  const content = result.content
  options.onChecked?.(content)
  // Valid content passed the portfolio's own checks, so it is compiled already: this gives that
  // portfolio, or throws what compiling it threw (never compiling it twice).
  const portfolio = await (compiling ?? compiler.compilePortfolioCached(loaded.portfolio, content.portfolio, cache, pack))
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
      drawing = compiler.drawMissingDiagrams(toCompile, cache)
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
      const compiling = compiler.compileProjectCached(file?.source ?? { path, text: '' }, data, result.parsed, file ? cache : undefined, pack, drawing)
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
    if (cache && stats.compiled > 0) compiler.pruneCompileCache(cache)
    return { ...result, ...(hasErrors(diagnostics) ? {} : { compiled }), compileDiagnostics: diagnostics, compileStats: stats }
  }
}

async function check(
  root: string,
  options: CheckOptions,
  compile: CompileRequest | undefined,
  checkCache?: CheckCache,
  onPortfolioChecked?: (source: SourceFile, data: Record<string, unknown>) => void,
): Promise<{ result: CheckResult; loaded: LoadedSources; projectResults?: ProjectFileResult[] }> {
  let workers = 0
  const workersFor = (files: number) => workerCount(files, options.workers ?? workerModeFromEnv(), compile ? MIN_FILES_PER_WORKER : MIN_CHECKED_FILES_PER_WORKER)
  const loaded = await loadSources(root, {
    // Workers take ~100 ms to load: start them before the files are read, not after. With a check
    // cache, how many files need checking is known only once it has been read: decided below.
    onReadingProjects: (count) => {
      if (checkCache) return
      workers = workersFor(count)
      void startWorkers(workers)
    },
  })
  compile?.onRead?.(loaded.projects)
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const sources = new Map<string, string>()
  const parsedByFile = new ParsedDocuments()
  const links: InternalLink[] = []

  // Files whose exact text was checked valid before are taken from the check cache (portfolio.yaml
  // too: a rebuild after a project edit does not check it again); the others are checked.
  const checkedPack = checkCache && EntryPack.open(checkCache.directory, root)
  const checkPortfolio = (source: SourceFile): ParsedDocument | undefined => {
    sources.set(source.path, source.text)
    const hit = checkCache && checkedPack && readChecked(checkCache, checkedPack, source)
    if (hit && isRecord(hit.data)) {
      links.push(...hit.links)
      // Parsed only if a rule across files has something to locate in it.
      parsedByFile.setLazy(source.path, () => parseYaml(source).parsed)
      return checkedDocument(source, hit.data, parsedByFile)
    }
    const checked = checkFile(source, 'portfolio')
    parsedByFile.set(source.path, checked.parsed)
    diagnostics.push(...checked.diagnostics)
    links.push(...checked.links)
    if (checkCache && checked.diagnostics.length === 0 && isRecord(checked.parsed.data)) {
      const entry = encodeChecked(checkCache, source, { data: checked.parsed.data, links: checked.links })
      if (entry) checkedPack?.add(entry)
    }
    return isRecord(checked.parsed.data) ? checked.parsed : undefined
  }
  const portfolio = loaded.portfolio ? checkPortfolio(loaded.portfolio) : undefined
  if (loaded.portfolio && portfolio && !hasErrors(diagnostics)) onPortfolioChecked?.(loaded.portfolio, portfolio.data as Record<string, unknown>)

  for (const source of loaded.projects) sources.set(source.path, source.text)
  // Below the worker threshold the project files are checked here, one after another, as they always were.
  const projectResults: ProjectFileResult[] = new Array<ProjectFileResult>(loaded.projects.length)
  const toCheck: number[] = []
  loaded.projects.forEach((source, i) => {
    const hit = checkCache && checkedPack && readChecked(checkCache, checkedPack, source)
    if (hit) projectResults[i] = { path: source.path, diagnostics: [], links: hit.links, data: hit.data }
    else toCheck.push(i)
  })
  const sourcesToCheck = toCheck.map((i) => loaded.projects[i] as SourceFile)
  if (checkCache) workers = workersFor(sourcesToCheck.length)
  // Valid files' entries are encoded by the thread that checked them, and kept here.
  const checkedNow = workers > 0 ? await checkProjectFiles(sourcesToCheck, workers, compile, checkCache) : await checkHere(sourcesToCheck, checkCache, compile?.mainBusy)
  checkedNow.forEach((result, j) => {
    projectResults[toCheck[j] as number] = result
  })
  for (const checked of checkedNow) if (checked.checkedEntry) checkedPack?.add(checked.checkedEntry)
  checkedPack?.save()
  const projects: ProjectDocument[] = []
  loaded.projects.forEach((source, i) => {
    const checked = projectResults[i] as ProjectFileResult
    // A parsed document is several times the size of its text; keep it only for a file with
    // problems to locate. Anything later that needs another file's (a cross-file rule, a diagram
    // error) parses it again.
    if (checked.parsed && checked.diagnostics.length > 0) parsedByFile.set(source.path, checked.parsed)
    else parsedByFile.setLazy(source.path, () => parseYaml(source).parsed)
    diagnostics.push(...checked.diagnostics)
    links.push(...checked.links)
    if (isRecord(checked.data)) projects.push(projectDocument(source.path, checked.data, parsedByFile))
  })
  if (loaded.projectsListed) diagnostics.push(...checkReferences(portfolio, projects, links, parsedByFile, loaded.projectFileIds))
  if (portfolio) diagnostics.push(...(await checkResume(portfolio, root)))

  const sorted = sortDiagnostics(diagnostics)
  const result: CheckResult = { diagnostics: sorted, sources, fileCount: 1 + loaded.projects.length, parsed: parsedByFile }
  const complete = portfolio && isRecord(portfolio.data) && projects.length === loaded.projects.length
  if (!sorted.some((d) => d.severity === 'error') && complete) {
    const byId = new Map(projects.map((p) => [String(p.data.id), p.data]))
    const order = (valueAt(portfolio.data, ['projects', 'order']) as string[] | undefined) ?? []
    result.content = { portfolio: portfolio.data as Record<string, unknown>, projects: order.map((id) => byId.get(id)).filter(isRecord) }
  }
  return { result, loaded, projectResults }
}

/**
 * The project files checked one after another in this thread; while `busy()` says this thread has
 * other work under way (see CompileRequest.mainBusy), one file per turn of the event loop, so that
 * work goes on between files instead of after all of them.
 */
async function checkHere(sources: readonly SourceFile[], checkCache: CheckCache | undefined, busy?: () => boolean): Promise<ProjectFileResult[]> {
  const results: ProjectFileResult[] = []
  for (const source of sources) {
    if (busy?.()) await nextTurn()
    results.push(checkProjectFile(source, checkCache))
  }
  return results
}

/**
 * A file taken from the check cache, as the checks give it: its checked data now, its place in the
 * text (for locating a problem a rule across files finds in it) parsed on first use.
 */
function checkedDocument(source: SourceFile, data: Record<string, unknown>, parsedByFile: ParsedDocuments): ParsedDocument {
  const parsed = () => parsedByFile.get(source.path) as ParsedDocument
  return {
    path: source.path,
    text: source.text,
    data,
    get lineCounter() {
      return parsed().lineCounter
    },
    get contents() {
      return parsed().contents
    },
  }
}

/** `parsed` is looked up on use: for a file checked in a worker, that is when it gets parsed here. */
function projectDocument(path: string, data: Record<string, unknown>, parsedByFile: ParsedDocuments): ProjectDocument {
  return {
    path,
    data,
    get parsed(): ParsedDocument {
      return parsedByFile.get(path) as ParsedDocument
    },
  }
}
