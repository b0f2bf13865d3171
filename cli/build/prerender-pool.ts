import os from 'node:os'
import type { Worker } from 'node:worker_threads'
import { CliError } from '../errors.ts'
import type { Route } from './list-routes.ts'
import { shareWork, Wakeup } from '../workers/pool-loop.ts'
import type { PageRenderer, PrerenderOptions, RenderedRoute } from './prerender.ts'
import { PRERENDER_WORKER_ROLE, type PrerenderJob, type PrerenderReply, type PrerenderWorkerData } from '../workers/prerender-worker.ts'
import { startWorker } from '../workers/worker-script.ts'

/**
 * Prerendering on every core: worker threads, each with its own copy of the server bundle, take
 * routes from one queue, two in flight each; this thread renders only until the first worker is
 * ready (or if none can start). A page takes ~1-2 ms; a worker costs ~100-150 ms of CPU before its
 * first page (the bundle and React load in it). The workers also render faster than this thread,
 * whose heap holds the whole compiled content (every collection there walks all of it).
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

/**
 * Renders every route, here and on workers; returns the scans in route order. Workers read case
 * studies from the site folder (data/projects/<id>.json must be written first); this thread uses
 * options.projects. A render error fails the whole run (as in-process); a worker that cannot start
 * or dies leaves its routes to the others.
 */
export async function renderOnAllCores(routes: readonly Route[], render: PageRenderer, template: string, options: PrerenderOptions): Promise<RenderedRoute[]> {
  const results: RenderedRoute[] = new Array<RenderedRoute>(routes.length)
  const queue = routes.map((_, index) => index)
  let remaining = routes.length
  let failure: { error: unknown } | undefined
  const wakeup = new Wakeup()
  const signal = wakeup.signal
  const done = (index: number, result: RenderedRoute) => {
    results[index] = result
    remaining -= 1
    signal()
  }
  const fail = (error: unknown) => {
    failure ??= { error }
    signal()
  }

  const pool = new Map<Worker, Set<number>>()
  let ready = 0
  const count = options.workers ?? prerenderWorkerCount(routes.length)
  if (count > 0) {
    const cards = await options.cards()
    for (let w = 0; w < count; w += 1) startOne(cards, { index: w, of: count })
  }

  function startOne(cards: unknown[], spareShare: PrerenderWorkerData['spareShare']): void {
    let worker: Worker
    try {
      worker = startWorker('prerender-worker', { workerData: { role: PRERENDER_WORKER_ROLE, serverEntry: options.serverEntry, template, siteDir: options.siteDir, base: options.base, cards, spareShare, ...(options.previousSite === undefined ? {} : { previousSite: options.previousSite }) } satisfies PrerenderWorkerData })
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
    /** Gone: its routes go back in the queue, for the other workers or for this thread. */
    let isReady = false
    const lose = () => {
      if (!pool.delete(worker)) return
      if (isReady) ready -= 1
      queue.unshift(...jobs)
      jobs.clear()
      void worker.terminate()
      signal()
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
      done(reply.id, reply.result)
      if (jobs.size + BATCH <= IN_FLIGHT_PER_WORKER) feed()
    })
    worker.on('error', lose)
    worker.on('exit', lose)
    pool.set(worker, jobs)
  }

  const projects = options.projects
  const cards = options.cards
  try {
    await shareWork(queue, {
      finished: () => remaining === 0 || failure !== undefined,
      workersReady: () => ready,
      wakeup,
      work: async (id) => done(id, await render(routes[id] as Route, projects, cards)),
    })
  } catch (error) {
    failure ??= { error }
  } finally {
    await Promise.all([...pool.keys()].map((worker) => worker.terminate()))
    pool.clear()
  }
  if (failure) throw failure.error
  return results
}
