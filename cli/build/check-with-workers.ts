import { setImmediate as nextTurn } from 'node:timers/promises'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import { EntryPack } from '../cache/entry-pack.ts'
import { encodeChecked, readChecked, type CheckCache } from '../content/check-cache.ts'
import { checkAcrossFiles, type CheckResult, type FileOutcome } from '../content/check-content.ts'
import { checkFile } from '../content/check-file.ts'
import { loadSources, type LoadedSources, type SourceFile } from '../content/load-sources.ts'
import { checkProjectFile, checkProjectFiles, MIN_CHECKED_FILES_PER_WORKER, MIN_FILES_PER_WORKER, startWorkers, workerCount, workerModeFromEnv, type CompileRequest, type ProjectFileResult, type WorkerMode } from '../workers/content-pool.ts'

export interface CheckOptions {
  /**
   * Worker threads for the project files: 'auto' (the default, unless PORTFOLIO_CONTENT_WORKERS says
   * otherwise) when there are enough of them to pay for starting workers, 'always', or 'never'.
   * Results are the same either way, and the same as checkContent's.
   */
  workers?: WorkerMode
}

export interface CheckedWithWorkers {
  result: CheckResult
  loaded: LoadedSources
  /** Each project file's outcome, in the order of `loaded.projects` (with what a worker compiled alongside). */
  projectResults: ProjectFileResult[]
}

/**
 * checkContent for a build: the project files checked on the content pool's workers (and compiled
 * there too when `compile` asks), files whose exact text was checked valid before taken from the
 * check cache (portfolio.yaml too), and `onPortfolioChecked` called as soon as portfolio.yaml passed
 * its own checks, before the project files are checked.
 */
export async function checkWithWorkers(
  root: string,
  options: CheckOptions,
  compile: CompileRequest | undefined,
  checkCache?: CheckCache,
  onPortfolioChecked?: (source: SourceFile, data: Record<string, unknown>) => void,
): Promise<CheckedWithWorkers> {
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

  const checkedPack = checkCache && EntryPack.open(checkCache.directory, root)
  const fromCache = (source: SourceFile): FileOutcome | undefined => {
    const hit = checkCache && checkedPack && readChecked(checkCache, checkedPack, source)
    return hit && { diagnostics: [], links: hit.links, data: hit.data }
  }

  const portfolioSource = loaded.portfolio
  const portfolio = portfolioSource && (fromCache(portfolioSource) ?? checkPortfolio(portfolioSource, checkCache, checkedPack))
  if (portfolioSource && portfolio && isRecord(portfolio.data) && !hasErrors([...loaded.diagnostics, ...portfolio.diagnostics])) onPortfolioChecked?.(portfolioSource, portfolio.data)

  const projectResults: ProjectFileResult[] = new Array<ProjectFileResult>(loaded.projects.length)
  const toCheck: number[] = []
  loaded.projects.forEach((source, i) => {
    const hit = fromCache(source)
    if (hit) projectResults[i] = { path: source.path, ...hit }
    else toCheck.push(i)
  })
  const sourcesToCheck = toCheck.map((i) => loaded.projects[i] as SourceFile)
  if (checkCache) workers = workersFor(sourcesToCheck.length)
  // Below the worker threshold the project files are checked here, one after another.
  const checkedNow = workers > 0 ? await checkProjectFiles(sourcesToCheck, workers, compile, checkCache) : await checkHere(sourcesToCheck, checkCache, compile?.mainBusy)
  checkedNow.forEach((result, j) => {
    projectResults[toCheck[j] as number] = result
  })
  // Valid files' entries are encoded by the thread that checked them, and kept here.
  for (const checked of checkedNow) if (checked.checkedEntry) checkedPack?.add(checked.checkedEntry)
  checkedPack?.save()

  const result = await checkAcrossFiles(root, loaded, portfolio, projectResults)
  return { result, loaded, projectResults }
}

function checkPortfolio(source: SourceFile, checkCache: CheckCache | undefined, checkedPack: EntryPack | undefined): FileOutcome {
  const { parsed, diagnostics, links } = checkFile(source, 'portfolio')
  if (checkCache && diagnostics.length === 0 && isRecord(parsed.data)) {
    const entry = encodeChecked(checkCache, source, { data: parsed.data, links })
    if (entry) checkedPack?.add(entry)
  }
  return { diagnostics, links, data: parsed.data, parsed }
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
