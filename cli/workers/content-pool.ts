import os from 'node:os'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import { encodeChecked, type CheckCache } from '../content/check-cache.ts'
import { checkFile } from '../content/check-file.ts'
import type { InternalLink } from '../content/rules/markdown.ts'
import type { CompileCache, CompileItem } from '../compile/compile-cache.ts'
import type { CompiledProject } from '../compile/compile-project.ts'
import type { EncodedEntry, EntryPack } from '../cache/entry-pack.ts'
import type { SourceFile } from '../content/load-sources.ts'
import type { ParsedDocument } from '../content/parse-yaml.ts'
import { startWorker } from './worker-script.ts'

/**
 * Project files checked (and compiled) on every core: worker threads plus the main thread, which
 * takes batches too instead of waiting. Workers stay up between calls (the dev server checks again
 * on every edit), do not keep the process alive while idle, and end after IDLE_MS without work.
 */

/** 'auto' uses workers when there are enough project files to pay for starting them. */
export type WorkerMode = 'auto' | 'always' | 'never'

/**
 * Project files per worker when they are also compiled (a build), measured with the bundled CLI on
 * the 2-core machine this was tuned on. A worker is ready ~100 ms after it starts, but then runs cold
 * (JIT warm-up costs it ~0.3 s), and two threads parsing YAML at once each run ~1.5x slower there
 * (shared caches and memory bandwidth), so a second thread gains only ~1.3x.
 */
export const MIN_FILES_PER_WORKER = 800
/**
 * The same when files are only checked (validate): less work per file, so the worker pays off later.
 * Measured, medians of 5 interleaved runs: 1000 files 1.42 s with a worker vs 1.22 s without; 2000
 * about even; 4000 3.5 s vs 4.2 s.
 */
export const MIN_CHECKED_FILES_PER_WORKER = 2000
/** More threads add contention faster than they add speed on the machines measured. */
const MAX_WORKERS = 3
/** Batches a worker holds at once: it starts the next while its last result waits for the main thread. */
const IN_FLIGHT = 2
const MAX_BATCH = 24
const IDLE_MS = 30_000

/** What a project file gives, in whichever thread it was checked. */
export interface ProjectFileResult {
  path: string
  diagnostics: Diagnostic[]
  links: InternalLink[]
  /** The file's data (undefined when it did not parse). */
  data: unknown
  /** Present when compiling was asked and the file has no error of its own. */
  compiled?: CompiledProject
  /** True when `compiled` came from the cache. */
  cached?: boolean
  /** The check cache's entry for a valid file, when a check cache was given; the main thread adds it to its pack. */
  checkedEntry?: EncodedEntry
  /** The compile cache's entry for `compiled` when it was compiled now; the main thread adds it to its pack. */
  compiledEntry?: EncodedEntry
  /** Only when checked in this thread; otherwise it is parsed again on demand. */
  parsed?: ParsedDocument
}

export interface CompileRequest {
  cache: CompileCache | undefined
  /** The main thread's pack of compiled files (never sent to a worker: it holds the whole pack's bytes). */
  pack?: EntryPack
  /** Whether `pack` holds a compiled entry for this file: a worker then leaves it to the main thread. */
  packHolds?: (file: SourceFile) => boolean
  /** Called with the project files as soon as they are read, before they are checked. */
  onRead?: (projects: readonly SourceFile[]) => void
  /**
   * True while this thread has other work under way (the portfolio compiled for a build's app, the
   * app build's request being prepared, or the app build itself when Vite runs in this thread): it
   * then leaves the files to the workers, checking only what none of them can (one file per turn of
   * the event loop), or, without workers, checks one file per turn. Why: Vite's thousands of small
   * steps (plugin hooks called from rolldown's threads) each wait for this thread; between batches
   * (~80 ms each) the app build took ~3 s instead of ~1 s, and even one file per turn (~3 ms) kept it
   * at ~2.9 s. And before Vite has its request, every file checked first delays the app build, the
   * longest step of a small site's build.
   */
  mainBusy?: () => boolean
  /**
   * What this thread keeps of each compiled project, called here as each one arrives (from a worker
   * or compiled here): a build writes the case study's data file there and then and keeps what its
   * later steps need, so the compiled prose of every project is not held until the end of the
   * checks (at 4000 projects, hundreds of MB every young collection copied). Default: all of it.
   */
  keep?: (project: Record<string, unknown>) => Record<string, unknown>
}

/** What a worker compiles with: the cache's key, and the files of its batch not to compile (the main thread's pack has them). */
export interface WorkerCompile {
  cache: CompileCache | undefined
  skip: string[]
}

export type PoolRequest = { type: 'check'; batch: number; files: SourceFile[]; compile?: WorkerCompile; checkCache?: CheckCache }
/** A worker's answer for one file; `failed` when checking it threw there. */
export type WorkerFileResult = Omit<ProjectFileResult, 'parsed'> | { path: string; failed: string }
export type PoolResponse = { type: 'ready' } | { type: 'done'; batch: number; results: WorkerFileResult[] }

/**
 * checkFile for a project file, as plain data plus the parsed document. With a check cache, a valid
 * file's entry is encoded by whichever thread checked it (so that work shares the cores too).
 */
export function checkProjectFile(source: SourceFile, checkCache?: CheckCache): ProjectFileResult {
  const check = checkFile(source, 'project')
  const result: ProjectFileResult = { path: source.path, diagnostics: check.diagnostics, links: check.links, data: check.parsed.data, parsed: check.parsed }
  if (checkCache && result.diagnostics.length === 0 && isRecord(result.data)) {
    const entry = encodeChecked(checkCache, source, { data: result.data, links: result.links })
    if (entry) result.checkedEntry = entry
  }
  return result
}

/**
 * Compiles (or takes from the cache) the files of a batch that passed their own checks: most files
 * are valid, and compiling where the file already is costs no second parse or transfer. Results for
 * files that turn out not to be part of valid content are dropped by the caller.
 */
export async function compileBatch(batch: readonly { source: SourceFile; result: ProjectFileResult }[], cache: CompileCache | undefined, pack?: EntryPack, skip: readonly string[] = []): Promise<void> {
  const items: (CompileItem & { result: ProjectFileResult })[] = []
  for (const { source, result } of batch) {
    const parsed = result.parsed
    if (!parsed || !isRecord(result.data) || hasErrors(result.diagnostics) || skip.includes(source.path)) continue
    items.push({ source, data: result.data, parsed: { get: (file) => (file === source.path ? parsed : undefined) }, result })
  }
  if (items.length === 0) return
  const { compileItems } = await import('../compile/compile-cache.ts')
  await compileItems(items, cache, pack)
  for (const item of items) {
    if (!item.compiled) continue
    item.result.compiled = item.compiled
    item.result.cached = item.cached === true
    if (item.entry) item.result.compiledEntry = item.entry
  }
}

/** How many workers to use for `files` project files: 0 means check them in this thread, as always. */
export function workerCount(files: number, mode: WorkerMode = workerModeFromEnv(), perWorker = MIN_FILES_PER_WORKER): number {
  if (mode === 'never' || files === 0) return 0
  const spare = Math.min(MAX_WORKERS, os.availableParallelism() - 1)
  if (mode === 'always') return Math.max(1, spare)
  if (broken) return 0
  return Math.max(0, Math.min(spare, Math.floor(files / perWorker)))
}

/** PORTFOLIO_CONTENT_WORKERS=always|never|auto overrides the default, e.g. to measure or to rule workers out. */
export function workerModeFromEnv(): WorkerMode {
  const value = process.env.PORTFOLIO_CONTENT_WORKERS
  return value === 'always' || value === 'never' ? value : 'auto'
}

interface Member {
  worker: Worker
  ready: boolean
  /** Settles when the worker is ready to take batches, or has ended before it was. */
  loaded: Promise<void>
  settle: () => void
  gone: boolean
  batches: Map<number, Batch>
}

interface Batch {
  id: number
  job: Job
  indices: number[]
}

/** Files checked by each side since the process started: lets tests and measurements see who did the work. */
export const poolCounters = { workerFiles: 0, mainFiles: 0 }

const members: Member[] = []
const jobs: Job[] = []
let nextBatch = 0
let idleTimer: NodeJS.Timeout | undefined
/** Set when a worker died before it was ready (no tsx, a broken bundle): stop paying for new ones. */
let broken = false

/** Starts workers up to `count` now, so they load while the caller still reads files. Resolves when they are ready (or gone). */
export function startWorkers(count: number): Promise<void> {
  while (members.length < count) members.push(spawn())
  return Promise.all(members.map((member) => member.loaded)).then(() => undefined)
}


function spawn(): Member {
  const worker = startWorker('content-worker')
  // Only a worker with work in flight may hold the process open (see dispatch).
  worker.unref()
  let settle = () => {}
  const loaded = new Promise<void>((resolve) => (settle = resolve))
  const member: Member = { worker, ready: false, gone: false, batches: new Map(), loaded, settle }
  worker.on('message', (message: PoolResponse) => {
    if (message.type === 'ready') {
      member.ready = true
      member.settle()
    } else {
      const batch = member.batches.get(message.batch)
      member.batches.delete(message.batch)
      batch?.job.accept(batch, message.results)
    }
    dispatch()
  })
  worker.on('error', () => lose(member))
  worker.on('exit', () => lose(member))
  return member
}

/** A worker that failed or ended: its batches go back to the queue; the main thread takes them if no one else does. */
function lose(member: Member): void {
  if (member.gone) return
  member.gone = true
  member.settle()
  if (!member.ready) broken = true
  const at = members.indexOf(member)
  if (at >= 0) members.splice(at, 1)
  for (const batch of member.batches.values()) batch.job.requeue(batch.indices)
  member.batches.clear()
  dispatch()
}

function dispatch(): void {
  for (const member of members) {
    if (!member.ready || member.gone) continue
    while (member.batches.size < IN_FLIGHT) {
      const job = jobs.find((j) => j.hasSharedWork())
      if (!job) break
      const indices = job.take(job.batchSize(), false)
      const batch: Batch = { id: nextBatch++, job, indices }
      member.batches.set(batch.id, batch)
      const files = indices.map((i) => job.sources[i] as SourceFile)
      const request: PoolRequest = { type: 'check', batch: batch.id, files, ...(job.compile ? { compile: workerCompile(job.compile, files) } : {}), ...(job.checkCache ? { checkCache: job.checkCache } : {}) }
      member.worker.postMessage(request)
    }
    if (member.batches.size > 0) member.worker.ref()
    else member.worker.unref()
  }
  clearTimeout(idleTimer)
  idleTimer = undefined
  if (jobs.length === 0 && members.length > 0) {
    idleTimer = setTimeout(stopWorkers, IDLE_MS)
    idleTimer.unref()
  }
}

/** A worker compiles the files of its batch the main thread's pack does not hold (those the main thread takes from it). */
function workerCompile({ cache, packHolds }: CompileRequest, files: readonly SourceFile[]): WorkerCompile {
  return { cache, skip: packHolds ? files.filter(packHolds).map((file) => file.path) : [] }
}

/** Ends every worker now (tests, or a host that wants its threads back). */
export async function stopWorkers(): Promise<void> {
  const stopping = members.splice(0).map((member) => {
    member.gone = true
    member.settle()
    return member.worker.terminate()
  })
  await Promise.all(stopping)
}

class Job {
  readonly results: (ProjectFileResult | undefined)[]
  private next = 0
  /** Files given back by a worker that ended: anyone may take them. */
  private requeued: number[] = []
  /** Files a worker could not check: the main thread checks them, so it throws exactly as it would alone. */
  private mainOnly: number[] = []
  private missing: number
  private wake: (() => void) | undefined

  constructor(
    readonly sources: readonly SourceFile[],
    readonly compile: CompileRequest | undefined,
    private readonly threads: number,
    readonly checkCache: CheckCache | undefined,
  ) {
    this.results = new Array(sources.length)
    this.missing = sources.length
  }

  get done(): boolean {
    return this.missing === 0
  }

  hasMainOnlyWork(): boolean {
    return this.mainOnly.length > 0
  }

  hasSharedWork(): boolean {
    return this.requeued.length > 0 || this.next < this.sources.length
  }

  /** Large batches while there is plenty left, small ones near the end so every thread finishes together. */
  batchSize(): number {
    const left = this.sources.length - this.next + this.requeued.length
    return Math.max(1, Math.min(MAX_BATCH, Math.ceil(left / (this.threads * 3))))
  }

  take(size: number, main: boolean): number[] {
    if (main && this.mainOnly.length > 0) return this.mainOnly.splice(0)
    if (this.requeued.length > 0) return this.requeued.splice(0, size)
    const start = this.next
    this.next = Math.min(this.sources.length, start + size)
    return Array.from({ length: this.next - start }, (_, k) => start + k)
  }

  /** A file's result, from a worker or this thread; a compiled project is handed to CompileRequest.keep as it comes. */
  store(index: number, result: ProjectFileResult): void {
    const keep = this.compile?.keep
    this.results[index] = keep && result.compiled ? { ...result, compiled: { ...result.compiled, project: keep(result.compiled.project) } } : result
    this.missing--
  }

  accept(batch: Batch, results: readonly WorkerFileResult[]): void {
    batch.indices.forEach((index, k) => {
      const result = results[k]
      if (!result || 'failed' in result) this.mainOnly.push(index)
      else {
        this.store(index, result)
        poolCounters.workerFiles++
      }
    })
    this.notify()
  }

  requeue(indices: number[]): void {
    this.requeued.push(...indices)
    this.notify()
  }

  changed(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve))
  }

  private notify(): void {
    const wake = this.wake
    this.wake = undefined
    wake?.()
  }
}

/**
 * Checks `sources` (project files) with `workers` worker threads and this one, in batches; results
 * come back in the order of `sources` whoever checked them. With compile, each file that passes its
 * own checks is compiled too: most files are valid, and compiling where the file already is costs no
 * second parse or transfer (results for files that turn out unused are dropped by the caller).
 */
export async function checkProjectFiles(sources: readonly SourceFile[], workers: number, compile: CompileRequest | undefined, checkCache?: CheckCache): Promise<ProjectFileResult[]> {
  void startWorkers(workers)
  const job = new Job(sources, compile, workers + 1, checkCache)
  jobs.push(job)
  try {
    dispatch()
    while (!job.done) {
      const busy = compile?.mainBusy?.() === true
      if (busy && members.some((member) => member.ready && !member.gone) && !job.hasMainOnlyWork()) {
        await job.changed()
        continue
      }
      const indices = job.take(busy ? 1 : job.batchSize(), true)
      if (indices.length === 0) {
        await job.changed()
        continue
      }
      const batch = indices.map((index) => ({ index, source: sources[index] as SourceFile, result: checkProjectFile(sources[index] as SourceFile, checkCache) }))
      if (compile) await compileBatch(batch, compile.cache, compile.pack)
      for (const { index, result } of batch) job.store(index, result)
      poolCounters.mainFiles += indices.length
      // Let worker replies in, and hand those workers their next batch, before taking another.
      await nextTurn()
    }
  } finally {
    jobs.splice(jobs.indexOf(job), 1)
    dispatch()
  }
  return job.results as ProjectFileResult[]
}
