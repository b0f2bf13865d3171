import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { isRecord, valueAt } from '../diagnostics/json-pointer.ts'
import type { InternalLink } from './rules/markdown.ts'
import { checkReferences, checkResume, type ProjectDocument } from './rules/references.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { checkFileCached, readChecked } from './check-cache.ts'
import { openStore, type Store } from '../cache/store.ts'
import { runJobs, type WorkerMode } from '../workers/pool.ts'
import type { ProjectJobResult } from '../workers/project-job.ts'
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
   * Worker threads for the project files (see cli/workers/pool.ts): 'auto' (the default, unless
   * PORTFOLIO_WORKERS says otherwise) when they pay, 'always', or 'never'. Results are the same either way.
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
}

export interface CheckAndCompileResult extends CheckResult {
  /** Present when the content is valid and compiled without error. */
  compiled?: CompiledContent
  /** Problems found while compiling valid content (diagrams that cannot be rendered), in content order. */
  compileDiagnostics: Diagnostic[]
  /** How many of the content's project files were compiled now and how many came from the store. */
  compileStats?: { compiled: number; cached: number }
}

/** load → parse → schema → rules per file → rules across files. Collects every problem of every file. */
export async function checkContent(root: string, options: CheckOptions = {}): Promise<CheckResult> {
  return (await check(root, options, undefined)).result
}

/**
 * checkContent, then markdown → HTML and Mermaid → SVG for valid content, reusing checked and
 * compiled files from the store. Each project file is checked and compiled in one job on the worker
 * pool, while the other files are still being checked. The portfolio is compiled as soon as its own
 * file passes its checks (see CompileOptions.onPortfolio).
 */
export async function checkAndCompile(root: string, options: CompileOptions = {}): Promise<CheckAndCompileResult> {
  if (options.compile === false) return { ...(await checkContent(root, options)), compileDiagnostics: [] }
  // Loaded only here: `validate` never compiles, so it never pays for loading the compilers.
  const compiler = await import('../compile/compile-cache.ts')
  const store = options.store === false ? undefined : (options.store ?? openStore())
  // The portfolio is compiled once its own file is valid; a compile error surfaces below, as before.
  let compiling: Promise<Record<string, unknown>> | undefined
  const onPortfolioChecked = (source: SourceFile, data: Record<string, unknown>) => {
    compiling = compiler.compilePortfolioCached(source, data, store)
    compiling.then((portfolio) => options.onPortfolio?.(portfolio), () => undefined)
  }
  const { result, loaded, projectResults } = await check(root, options, { store, keep: options.keep }, onPortfolioChecked)
  // Settled before returning, so onPortfolio is never called after this returns (whatever the checks found).
  await compiling?.catch(() => undefined)
  if (!result.content || !loaded.portfolio) return { ...result, compileDiagnostics: [] }
  const content = result.content
  options.onChecked?.(content)
  // Valid content passed the portfolio's own checks, so it is compiled already: this gives that
  // portfolio, or throws what compiling it threw (never compiling it twice).
  const portfolio = await (compiling ?? compiler.compilePortfolioCached(loaded.portfolio, content.portfolio, store))
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
  const compiled: CompiledContent = { portfolio, projects }
  // Each edit leaves entries no build reads again: the least recently used go once there are too many.
  if (store && stats.compiled > 0) store.prune()
  return { ...result, ...(hasErrors(diagnostics) ? {} : { compiled }), compileDiagnostics: diagnostics, compileStats: stats }
}

/** Project files per worker when they are only checked (see runJobs' perWorker). */
const CHECKED_FILES_PER_WORKER = 2000

async function check(
  root: string,
  options: CheckOptions & { alongside?: boolean },
  compile: { store: Store | undefined; keep: ((project: Record<string, unknown>) => Record<string, unknown>) | undefined } | undefined,
  onPortfolioChecked?: (source: SourceFile, data: Record<string, unknown>) => void,
): Promise<{ result: CheckResult; loaded: LoadedSources; projectResults: ProjectJobResult[] }> {
  const loaded = await loadSources(root)
  const diagnostics: Diagnostic[] = [...loaded.diagnostics]
  const sources = new Map<string, string>()
  const parsedByFile = new ParsedDocuments()
  const links: InternalLink[] = []
  const store = compile?.store

  // Files whose exact text was checked valid before are taken from the store (portfolio.yaml too:
  // a rebuild after a project edit does not check it again); the others are checked.
  const checkPortfolio = (source: SourceFile): ParsedDocument | undefined => {
    sources.set(source.path, source.text)
    const checked = checkFileCached(source, 'portfolio', store)
    diagnostics.push(...checked.diagnostics)
    links.push(...checked.links)
    if (checked.parsed) parsedByFile.set(source.path, checked.parsed)
    // Parsed only if a rule across files has something to locate in it.
    else parsedByFile.setLazy(source.path, () => parseYaml(source).parsed)
    if (!isRecord(checked.data)) return undefined
    return checked.parsed ?? checkedDocument(source, checked.data, parsedByFile)
  }
  const portfolio = loaded.portfolio ? checkPortfolio(loaded.portfolio) : undefined
  if (loaded.portfolio && portfolio && !hasErrors(diagnostics)) onPortfolioChecked?.(loaded.portfolio, portfolio.data as Record<string, unknown>)

  for (const source of loaded.projects) sources.set(source.path, source.text)
  // What this thread keeps of each compiled project, as each arrives: not all the prose at once.
  const keep = (result: ProjectJobResult): ProjectJobResult => (compile?.keep && result.compiled ? { ...result, compiled: { ...result.compiled, project: compile.keep(result.compiled.project) } } : result)
  // What the store holds is read here; only the files with work left to do become jobs (an edit to
  // one file of a thousand is one job, run here: no thread is started for it).
  const projectResults = new Array<ProjectJobResult>(loaded.projects.length)
  const toDo: number[] = []
  const compiler = compile && (await import('../compile/compile-cache.ts'))
  loaded.projects.forEach((source, i) => {
    const stored = store && storedResult(source, store, compiler)
    if (stored) projectResults[i] = keep(stored)
    else toDo.push(i)
  })
  const jobs = toDo.map((i) => ({ source: loaded.projects[i] as SourceFile, ...(store ? { store: store.address } : {}), compile: compile !== undefined }))
  const done = await runJobs('project', jobs, {
    ...(options.workers ? { workers: options.workers } : {}),
    alongside: options.alongside === true,
    // A check alone is cheap: at 1000 files `validate` took 1.0 s more CPU on two workers than here.
    ...(compile ? {} : { perWorker: CHECKED_FILES_PER_WORKER }),
    each: keep,
  })
  done.forEach((result, j) => (projectResults[toDo[j] as number] = result))
  const projects: ProjectDocument[] = []
  loaded.projects.forEach((source, i) => {
    const checked = projectResults[i] as ProjectJobResult
    // Checked in a job (maybe another thread): parsed here the first time something is located in it.
    parsedByFile.setLazy(source.path, () => parseYaml(source).parsed)
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

/** A project file's job result from the store alone (checked, and compiled when asked), or undefined. */
function storedResult(source: SourceFile, store: Store, compiler: typeof import('../compile/compile-cache.ts') | undefined): ProjectJobResult | undefined {
  const checked = readChecked(source, 'project', store)
  if (!checked) return undefined
  const result = { path: source.path, diagnostics: [], links: checked.links, data: checked.data }
  if (!compiler) return result
  const compiled = compiler.readCompiledProject(source, store)
  return compiled && { ...result, compiled, cached: true }
}

/**
 * A file taken from the store, as the checks give it: its checked data now, its place in the
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
