import os from 'node:os'
import type { Worker } from 'node:worker_threads'
import { CliError } from '../errors.ts'
import type { Route } from './list-routes.ts'
import type { PageFile } from './render-page.ts'
import { shareWork, Wakeup } from '../workers/pool-loop.ts'
import { PRERENDER_WORKER_ROLE, type PrerenderJob, type PrerenderReply, type PrerenderWorkerData } from '../workers/prerender-worker.ts'
import { startWorker } from '../workers/worker-script.ts'

/**
 * A page renders in ~1-2 ms; a worker costs ~100-150 ms of CPU before its first page (the server
 * entry and React load in it). So workers pay off only for hundreds of routes.
 */
export const ROUTES_PER_WORKER = 300

/** Workers worth starting for `routes` routes: 0 (all here) or at least two. */
export function prerenderWorkerCount(routes: number, cores = os.availableParallelism()): number {
  const workers = Math.min(cores, Math.floor(routes / ROUTES_PER_WORKER))
  return workers >= 2 ? workers : 0
}

/** Routes sent to a worker at once, and how many it may have in hand: few messages, none idle. */
const BATCH = 8
const IN_FLIGHT_PER_WORKER = 2 * BATCH

export interface PoolOptions {
  serverEntry: string
  /** Where the workers read the case studies from (data/projects/<id>.json must be written first). */
  siteDir: string
  base: string
  cards: () => Promise<unknown[]>
  /** Worker threads; by default prerenderWorkerCount(routes). */
  workers?: number
}

/**
 * Renders every route on worker threads taking routes from one queue; this thread renders them
 * (`renderHere`) only while no worker is ready (before the first has loaded, or if none can start).
 * `onPage` gets each page as it is done, by its index in `routes`. A render error fails the whole
 * run; a worker that cannot start or dies leaves its routes to the others.
 */
export async function renderOnAllCores(routes: readonly Route[], template: string, options: PoolOptions, renderHere: (route: Route) => Promise<PageFile>, onPage: (index: number, page: PageFile) => void): Promise<void> {
  const queue = routes.map((_, index) => index)
  let remaining = routes.length
  let failure: { error: unknown } | undefined
  const wakeup = new Wakeup()
  const done = (index: number, page: PageFile) => {
    try {
      onPage(index, page)
    } catch (error) {
      return fail(error) // called from a worker's message: thrown, it would take the process down
    }
    remaining -= 1
    wakeup.signal()
  }
  const fail = (error: unknown) => {
    failure ??= { error }
    wakeup.signal()
  }

  const pool = new Map<Worker, Set<number>>()
  let ready = 0
  const count = options.workers ?? prerenderWorkerCount(routes.length)
  const workerData: PrerenderWorkerData | undefined = count > 0 ? { role: PRERENDER_WORKER_ROLE, serverEntry: options.serverEntry, template, siteDir: options.siteDir, base: options.base, cards: await options.cards() } : undefined
  for (let w = 0; w < count && workerData; w += 1) startOne(workerData)

  function startOne(data: PrerenderWorkerData): void {
    let worker: Worker
    try {
      worker = startWorker('prerender-worker', { workerData: data })
    } catch {
      return // this thread renders everything
    }
    const jobs = new Set<number>()
    const feed = () => {
      while (jobs.size + BATCH <= IN_FLIGHT_PER_WORKER && queue.length > 0 && !failure) {
        const ids = queue.splice(0, BATCH)
        for (const id of ids) jobs.add(id)
        worker.postMessage({ ids, routes: ids.map((id) => routes[id] as Route) } satisfies PrerenderJob)
      }
    }
    let isReady = false
    /** Gone: its routes go back in the queue, for the other workers or for this thread. */
    const lose = () => {
      if (!pool.delete(worker)) return
      if (isReady) ready -= 1
      queue.unshift(...jobs)
      jobs.clear()
      void worker.terminate()
      wakeup.signal()
    }
    worker.on('message', (reply: PrerenderReply) => {
      if (!pool.has(worker)) return
      if ('ready' in reply) {
        isReady = true
        ready += 1
        return feed()
      }
      if ('failed' in reply) return lose()
      jobs.delete(reply.id)
      if ('error' in reply) return fail(new CliError(reply.error, reply.hint))
      done(reply.id, reply.page)
      feed()
    })
    worker.on('error', lose)
    worker.on('exit', lose)
    pool.set(worker, jobs)
  }

  try {
    await shareWork(queue, {
      finished: () => remaining === 0 || failure !== undefined,
      workersReady: () => ready,
      wakeup,
      work: async (id) => done(id, await renderHere(routes[id] as Route)),
    })
  } catch (error) {
    failure ??= { error }
  } finally {
    await Promise.all([...pool.keys()].map((worker) => worker.terminate()))
    pool.clear()
  }
  if (failure) throw failure.error
}
