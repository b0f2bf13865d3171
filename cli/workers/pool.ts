import os from 'node:os'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Worker } from 'node:worker_threads'
import { startWorker } from './worker-script.ts'

/**
 * One pool of worker threads for the whole CLI. A job is plain data, `{ kind, input }`; worker.ts
 * runs it with the handler that a job table module (the caller's, e.g. cli/build/jobs.ts) registers
 * for its kind and sends back the result, plain data too. The table is named by URL, so this folder
 * imports none of the stages whose work it runs.
 * The same handlers run in this thread when workers would not pay (few jobs, or one core and
 * nothing else for this thread to do), under the test runner, or when a worker cannot start, so the
 * results are the same wherever a job ran. Workers start on first use, do not hold the process open
 * while idle, and end after IDLE_MS without work (the dev server runs jobs again on every edit).
 */

/** 'auto' decides as above; 'always' runs every job on a worker, 'never' every job here (tests, measurements). */
export type WorkerMode = 'auto' | 'always' | 'never'

export interface RunOptions<R> {
  /** @default PORTFOLIO_WORKERS when it is 'always' or 'never', else 'auto' */
  workers?: WorkerMode
  /**
   * True when this thread has other work under way meanwhile (a build's app): then even one worker
   * pays, and jobs run here yield to that work between each other. @default false
   */
  alongside?: boolean
  /**
   * Jobs a worker must have to pay for starting it: cheap jobs need more.
   * @default MIN_JOBS_FOR_WORKERS
   */
  perWorker?: number
  /**
   * Called with each result as it arrives, in any order; what it returns is kept instead (a build
   * keeps a compiled project's card, not its prose, so thousands are not held at once).
   * @default the result itself
   */
  each?: (result: never, index: number) => R
}

/** What a job table module exports: runs one job of `kind` in this thread. */
export interface JobTable {
  runJob: (kind: string, input: unknown) => Promise<unknown>
}

/**
 * Fewer jobs than this run here, and each worker gets at least this many: a worker needs ~0.1 s to
 * start and more to warm up, a few dozen project files' checks.
 */
export const MIN_JOBS_FOR_WORKERS = 100
/** Jobs a worker holds at once: it starts the next while the last result travels back. */
const IN_FLIGHT = 2
const IDLE_MS = 30_000

/** Jobs run by each side since the process started: lets tests and measurements see who did the work. */
export const poolCounters = { onWorkers: 0, inThread: 0 }

/**
 * Runs `inputs` as jobs of `kind` from the job table at `table` (a module URL; one table per
 * process); results come back in the order of `inputs`. Rejects with the first job's error.
 */
export async function runJobs<I, R>(
  table: URL,
  kind: string,
  inputs: readonly I[],
  options: RunOptions<R> = {},
): Promise<R[]> {
  if (tableUrl !== undefined && tableUrl !== table.href)
    throw new Error(`the worker pool runs jobs from ${tableUrl}, not ${table.href}`)
  tableUrl = table.href
  const each = (options.each ?? ((result: unknown) => result)) as (result: unknown, index: number) => R
  const results = new Array<R>(inputs.length)
  const threads = workerCount(inputs.length, options)
  if (threads === 0) {
    await runHere(
      inputs.map((input, index) => ({ kind, input, index })),
      options.alongside === true,
      (result, index) => (results[index] = each(result, index)),
    )
    return results
  }
  grow(threads)
  const keep = (result: unknown, index: number) => (results[index] = each(result, index))
  await new Promise<void>((resolve, reject) => {
    const batch: Batch = {
      queue: inputs.map((input, index) => ({ kind, input, index })),
      missing: inputs.length,
      settled: false,
      done: (index, result) => {
        keep(result, index)
        if (--batch.missing === 0) finish(batch, resolve)
      },
      fail: (error) => finish(batch, () => reject(error)),
      sharing: false,
    }
    batches.push(batch)
    dispatch()
    // A thread with nothing else to do is one of the pool's: it takes jobs too ('always': none).
    if (options.alongside !== true && (options.workers ?? modeFromEnv()) !== 'always') void shareHere(batch)
  })
  return results
}

/**
 * This thread takes jobs of `batch` from its queue, one per turn of the event loop, so the workers'
 * answers get in and they get their next jobs meanwhile; also when every worker is gone (lose).
 */
async function shareHere(batch: Batch): Promise<void> {
  if (batch.sharing) return
  batch.sharing = true
  const { runJob } = await loadTable()
  for (let job = batch.queue.shift(); job && !batch.settled; job = batch.queue.shift()) {
    try {
      const result = await runJob(job.kind, job.input)
      poolCounters.inThread++
      if (!batch.settled) batch.done(job.index, result)
    } catch (error) {
      if (!batch.settled) batch.fail(error instanceof Error ? error : new Error(String(error)))
    }
    await nextTurn()
  }
  batch.sharing = false
}

/**
 * How many workers `jobs` jobs get: 0 runs them in this thread. One per core but this thread's,
 * which takes jobs too unless it has work of its own (`alongside`, a build's app).
 */
export function workerCount(
  jobs: number,
  options: { workers?: WorkerMode; alongside?: boolean; perWorker?: number } = {},
): number {
  const mode = options.workers ?? modeFromEnv()
  const size = Math.max(1, os.availableParallelism() - 1)
  if (mode === 'never' || jobs === 0) return 0
  if (mode === 'always') return Math.min(size, jobs)
  // Under the test runner the handlers run here: tests see the same code paths, and no thread starts per test file.
  const perWorker = options.perWorker ?? MIN_JOBS_FOR_WORKERS
  if (broken || process.env.VITEST || jobs < perWorker) return 0
  // One core and nothing else to do here: a worker would only move the work, not share it.
  if (os.availableParallelism() < 2 && options.alongside !== true) return 0
  // This thread counts as one of the threads sharing the jobs when it is free.
  const share = options.alongside === true ? jobs : jobs - perWorker
  return Math.min(size, Math.max(0, Math.floor(share / perWorker)))
}

function modeFromEnv(): WorkerMode {
  const value = process.env.PORTFOLIO_WORKERS
  return value === 'always' || value === 'never' ? value : 'auto'
}

/** Runs jobs here, one after another; with `alongside`, one per turn of the event loop. */
async function runHere(
  jobs: readonly Queued[],
  alongside: boolean,
  done: (result: unknown, index: number) => void,
): Promise<void> {
  const { runJob } = await loadTable()
  for (const { kind, input, index } of jobs) {
    if (alongside) await nextTurn()
    done(await runJob(kind, input), index)
    poolCounters.inThread++
  }
}

/** The job table runJobs was given, loaded in this thread. */
async function loadTable(): Promise<JobTable> {
  return (await import(tableUrl as string)) as JobTable
}

interface Queued {
  kind: string
  input: unknown
  index: number
}

/** One runJobs call's jobs still to send, and how its results come back. */
interface Batch {
  queue: Queued[]
  missing: number
  /** Resolved or rejected: answers still coming are dropped. */
  settled: boolean
  done: (index: number, result: unknown) => void
  fail: (error: Error) => void
  /** True while this thread takes jobs from the queue (shareHere). */
  sharing: boolean
}

interface Member {
  worker: Worker
  /** Jobs sent and not answered yet, by message id. */
  sent: Map<number, { batch: Batch; job: Queued }>
  answered: boolean
  gone: boolean
}

/** What worker.ts starts with. */
export interface WorkerData {
  table: string | undefined
}

/** A job's answer from worker.ts. */
export type WorkerReply = { id: number; result: unknown } | { id: number; error: string }
/** A job sent to worker.ts. */
export interface WorkerJob {
  id: number
  kind: string
  input: unknown
}

const members: Member[] = []
const batches: Batch[] = []
let nextId = 0
/** The job table's URL: workers load it at start (see worker.ts). */
let tableUrl: string | undefined
let idleTimer: NodeJS.Timeout | undefined
/** Set when a worker ended before it answered anything (it cannot start here): stop paying for new ones. */
let broken = false

function finish(batch: Batch, then: () => void): void {
  batch.settled = true
  const at = batches.indexOf(batch)
  if (at >= 0) batches.splice(at, 1)
  for (const member of members) for (const [id, sent] of member.sent) if (sent.batch === batch) member.sent.delete(id)
  then()
  dispatch()
}

function grow(count: number): void {
  while (members.length < count) members.push(spawn())
}

function spawn(): Member {
  const member: Member = {
    worker: startWorker('worker', { workerData: { table: tableUrl } satisfies WorkerData }),
    sent: new Map(),
    answered: false,
    gone: false,
  }
  member.worker.on('message', (reply: WorkerReply) => {
    member.answered = true
    const sent = member.sent.get(reply.id)
    member.sent.delete(reply.id)
    if (sent && 'error' in reply) sent.batch.fail(new Error(reply.error))
    else if (sent && 'result' in reply) {
      poolCounters.onWorkers++
      sent.batch.done(sent.job.index, reply.result)
    }
    dispatch()
  })
  member.worker.on('error', () => lose(member))
  member.worker.on('exit', () => lose(member))
  member.worker.unref()
  return member
}

/** A worker that failed or ended: its jobs go back to their queues, for another worker or this thread. */
function lose(member: Member): void {
  if (member.gone) return
  member.gone = true
  if (!member.answered) broken = true
  members.splice(members.indexOf(member), 1)
  for (const { batch, job } of member.sent.values()) batch.queue.unshift(job)
  member.sent.clear()
  // Every worker gone: what is left runs here.
  if (members.length === 0) for (const batch of batches) void shareHere(batch)
  dispatch()
}

function dispatch(): void {
  for (const member of members) {
    while (member.sent.size < IN_FLIGHT) {
      const batch = batches.find((b) => b.queue.length > 0)
      const job = batch?.queue.shift()
      if (!batch || !job) break
      const id = nextId++
      member.sent.set(id, { batch, job })
      member.worker.postMessage({ id, kind: job.kind, input: job.input } satisfies WorkerJob)
    }
    // Only a worker with jobs under way holds the process open.
    if (member.sent.size > 0) member.worker.ref()
    else member.worker.unref()
  }
  clearTimeout(idleTimer)
  if (batches.length === 0 && members.length > 0) {
    idleTimer = setTimeout(() => void stopPool(), IDLE_MS)
    idleTimer.unref()
  }
}

/** Ends every worker now (a build whose per-project work is done; tests). */
export async function stopPool(): Promise<void> {
  clearTimeout(idleTimer)
  // A runJobs call still waiting for these workers would wait forever: it fails instead.
  for (const batch of [...batches]) batch.fail(new Error('the worker pool was stopped while jobs were running'))
  const stopping = members.splice(0).map((member) => {
    member.gone = true
    return member.worker.terminate()
  })
  await Promise.all(stopping)
}
