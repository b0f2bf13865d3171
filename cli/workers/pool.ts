import os from 'node:os'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { FixedQueue, Piscina, queueOptionsSymbol, type TaskQueue } from 'piscina'

/**
 * The worker pool a command opens once and closes when done (a build: every project check, page
 * render and social card of it). A job is plain data, `{ kind, input }`; a job table module (the
 * caller's, e.g. cli/pipeline/jobs.ts) runs it with the handler it has for that kind, on a worker of
 * piscina's pool or in this thread. The table is named by URL, so this folder imports none of the
 * stages whose work it runs; whichever thread runs a job, its result is the same.
 */

/** 'auto' decides by the batch's size (see RunOptions.perWorker); 'always' runs every job on a worker, 'never' every job here. */
export type WorkerMode = 'auto' | 'always' | 'never'

export interface Job {
  kind: string
  input: unknown
}

/** What a job table module exports: runs one job in the calling thread (a worker's or this one). */
export interface JobTable {
  runJob: (job: Job) => Promise<unknown>
}

/** What the pool's workers start with (see typescript-worker.mjs). */
export interface WorkerData {
  table: string
}

export interface RunOptions<R> {
  /**
   * A batch of fewer jobs than this runs in this thread, one per turn of the event loop, unless the
   * pool's workers are already up. Starting a worker and loading a stage's modules in it costs as
   * much as a few dozen project checks, or a hundred pages. @default 1 (every batch on workers)
   */
  perWorker?: number
  /** Called with each result as it arrives, in any order; what it returns is kept instead. */
  each?: (result: never, index: number) => R
  /**
   * The batch rejects with its reason once this aborts (the build failed): in this thread no job
   * starts after; on workers, closing the pool drops the jobs not started.
   */
  signal?: AbortSignal
  /**
   * Jobs that fill idle time (social cards): queued behind every other job, so what the build waits
   * on (pages, the resume) starts on the next free worker however many of these were queued before.
   */
  background?: boolean
}

/** Jobs run by each side since the process started: lets tests and measurements see who did the work. */
export const poolCounters = { onWorkers: 0, inThread: 0 }

export interface Pool {
  /**
   * Runs `inputs` as jobs of `kind`; results come back in the order of `inputs`. Rejects with the
   * first job's error (the others still run to their end; their results are dropped).
   */
  runJobs<I, R>(kind: string, inputs: readonly I[], options?: RunOptions<R>): Promise<R[]>
  /**
   * Ends the workers once the jobs under way are done; jobs not started yet are dropped (their batch
   * rejects). The pool starts workers again if used after.
   */
  close(): Promise<void>
}

/** One worker per core: the main thread only schedules, writes the site-wide files and runs Vite. */
export function poolSize(): number {
  return os.availableParallelism()
}

/**
 * A pool running the jobs of the table at `table` (a module URL). Its workers start on the first
 * batch that goes to them, not before: a build whose every output comes from the store starts none.
 * `workers` defaults to PORTFOLIO_WORKERS when it is 'always' or 'never'; under the test runner
 * batches run here unless told otherwise, so no thread starts per test file.
 */
export function openPool(table: URL, workers: WorkerMode = modeFromEnv()): Pool {
  let piscina: Piscina | undefined
  const started = () =>
    (piscina ??= new Piscina({
      ...workerEntry(table),
      name: 'runJob',
      minThreads: 0,
      maxThreads: poolSize(),
      // Two jobs per worker: the next is there when one ends, though this thread (busy with Vite, or
      // writing pages) answers late.
      concurrentTasksPerWorker: 2,
      // Jobs are async: a worker blocked in Atomics.wait between them would stall their I/O.
      atomics: 'disabled',
      idleTimeout: Number.POSITIVE_INFINITY,
      taskQueue: new ForegroundFirst(),
    }).on('error', () => undefined)) // a worker that died between jobs: its jobs were failed already
  const local = async () => (await import(table.href)) as JobTable

  return {
    async runJobs<I, R>(kind: string, inputs: readonly I[], options: RunOptions<R> = {}): Promise<R[]> {
      const each = (options.each ?? ((result: unknown) => result)) as (result: unknown, index: number) => R
      const results = new Array<R>(inputs.length)
      if (inputs.length === 0) return results
      const here =
        workers === 'never' ||
        (workers === 'auto' && (process.env.VITEST !== undefined || inputs.length < (options.perWorker ?? 1)))
      if (here && piscina === undefined) {
        const { runJob } = await local()
        for (const [index, input] of inputs.entries()) {
          options.signal?.throwIfAborted()
          // A turn of the event loop between jobs: what else this thread has under way (Vite) goes on.
          await nextTurn()
          results[index] = each(await runJob({ kind, input }), index)
          poolCounters.inThread++
        }
        return results
      }
      const pool = started()
      const { signal } = options
      signal?.throwIfAborted()
      // Jobs queued when the signal aborts still run unless the pool is closed (which drops them):
      // the batch rejects at the next result. No listener per job on the signal.
      await Promise.all(
        inputs.map((input, index) =>
          pool.run(queued({ kind, input }, options.background)).then((result: unknown) => {
            poolCounters.onWorkers++
            signal?.throwIfAborted()
            results[index] = each(result, index)
          }),
        ),
      )
      return results
    },
    async close() {
      const closing = piscina
      piscina = undefined
      await closing?.close()
    },
  }
}

type QueuedJob = Job & { [queueOptionsSymbol]?: { background: true } }

/** The job as piscina queues it: the queue's options ride on a symbol key, which does not cross to the worker. */
function queued(job: Job, background: boolean | undefined): QueuedJob {
  return background ? { ...job, [queueOptionsSymbol]: { background: true } } : job
}

/**
 * piscina's queue for jobs no worker is free for, in two lanes (piscina's documented extension
 * point, `taskQueue`, with its own FixedQueue for each): a job leaves the background lane only when
 * the other is empty.
 */
class ForegroundFirst implements TaskQueue {
  readonly #first = new FixedQueue()
  readonly #background = new FixedQueue()

  get size(): number {
    return this.#first.size + this.#background.size
  }

  push(task: Parameters<TaskQueue['push']>[0]): void {
    this.#lane(task).push(task)
  }

  shift(): ReturnType<TaskQueue['shift']> {
    return this.#first.shift() ?? this.#background.shift()
  }

  remove(task: Parameters<TaskQueue['remove']>[0]): void {
    this.#lane(task).remove(task)
  }

  #lane(task: Parameters<TaskQueue['push']>[0]): FixedQueue {
    const options = task[queueOptionsSymbol] as QueuedJob[typeof queueOptionsSymbol] | null
    return options?.background ? this.#background : this.#first
  }
}

/**
 * Where a worker starts: the job table itself, as the CLI runs (compiled JavaScript in lib/). From
 * the TypeScript sources (tests, tsx), Node 20 does not apply `--import tsx` to a worker's modules
 * (nodejs/node#47747), so workers start on a small JavaScript module that registers tsx, then loads
 * the table.
 */
function workerEntry(table: URL): { filename: string; workerData?: WorkerData } {
  if (!table.pathname.endsWith('.ts')) return { filename: table.href }
  const entry = new URL('./typescript-worker.mjs', import.meta.url)
  return { filename: entry.href, workerData: { table: table.href } satisfies WorkerData }
}

function modeFromEnv(): WorkerMode {
  const value = process.env.PORTFOLIO_WORKERS
  return value === 'always' || value === 'never' ? value : 'auto'
}

/** The module a job table is loaded from in this thread: its compiled .js beside the CLI, or the .ts source under tsx. */
export function tableUrl(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${path.extname(new URL(moduleUrl).pathname)}`, moduleUrl)
}
