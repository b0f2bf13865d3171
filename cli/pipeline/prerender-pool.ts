import os from 'node:os'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Worker } from 'node:worker_threads'
import { CliError } from '../errors.ts'
import type { PageScan } from './check-output.ts'
import type { Route } from './list-routes.ts'
import type { PageRenderer, PrerenderOptions } from './prerender.ts'
import { PRERENDER_WORKER_ROLE, type PrerenderJob, type PrerenderReply, type PrerenderWorkerData } from './prerender-worker.ts'
import { startWorker } from './worker-script.ts'

/**
 * Prerendering on every core: this thread renders routes one at a time, and worker threads (each
 * with its own copy of the server bundle) take routes from the same queue, two in flight each. A
 * page takes ~1 ms; a worker costs ~150 ms of CPU before its first page (the bundle and React load
 * in it), so workers start only for hundreds of routes.
 */
export const ROUTES_PER_WORKER = 400

/** Workers worth starting for `routes` routes beside this thread. */
export function prerenderWorkerCount(routes: number, cores = os.availableParallelism()): number {
  return Math.max(0, Math.min(cores - 1, Math.floor(routes / ROUTES_PER_WORKER)))
}

const IN_FLIGHT_PER_WORKER = 2

/**
 * Renders every route, here and on workers; returns the scans in route order. A render error fails
 * the whole run (as in-process); a worker that cannot start or dies leaves its routes to the others.
 */
export async function renderOnAllCores(routes: readonly Route[], render: PageRenderer, options: PrerenderOptions): Promise<PageScan[]> {
  const scans: PageScan[] = new Array<PageScan>(routes.length)
  const queue = routes.map((_, index) => index)
  let remaining = routes.length
  let failure: { error: unknown } | undefined
  let wake: (() => void) | undefined
  const signal = () => {
    wake?.()
    wake = undefined
  }
  const done = (index: number, scan: PageScan) => {
    scans[index] = scan
    remaining -= 1
    signal()
  }
  const fail = (error: unknown) => {
    failure ??= { error }
    signal()
  }

  const pool = new Map<Worker, Set<number>>()
  const count = options.workers ?? prerenderWorkerCount(routes.length)
  if (count > 0) {
    const cards = await options.cards()
    for (let w = 0; w < count; w += 1) startOne(cards)
  }

  function startOne(cards: unknown[]): void {
    let worker: Worker
    try {
      worker = startWorker('prerender-worker', { workerData: { role: PRERENDER_WORKER_ROLE, serverEntry: options.serverEntry, siteDir: options.siteDir, base: options.base, cards } satisfies PrerenderWorkerData })
    } catch {
      return // this thread renders everything
    }
    const jobs = new Set<number>()
    const feed = () => {
      while (jobs.size < IN_FLIGHT_PER_WORKER && queue.length > 0 && !failure) {
        const id = queue.shift() as number
        jobs.add(id)
        const route = routes[id] as Route
        const project = route.projectId === undefined ? Promise.resolve(null) : options.projects(route.projectId)
        project.then((value) => worker.postMessage({ id, route, project: value } satisfies PrerenderJob), fail)
      }
    }
    /** Gone: its routes go back in the queue, for the other workers or for this thread. */
    const lose = () => {
      if (!pool.delete(worker)) return
      queue.unshift(...jobs)
      jobs.clear()
      void worker.terminate()
      signal()
    }
    worker.on('message', (reply: PrerenderReply) => {
      if (!pool.has(worker)) return
      if ('ready' in reply) return feed()
      if ('failed' in reply) return lose()
      jobs.delete(reply.id)
      if ('error' in reply) return fail(new CliError(reply.error, reply.hint))
      done(reply.id, reply.scan)
      feed()
    })
    worker.on('error', lose)
    worker.on('exit', lose)
    pool.set(worker, jobs)
  }

  const projects = options.projects
  const cards = options.cards
  try {
    while (remaining > 0 && !failure) {
      const id = queue.shift()
      if (id !== undefined) {
        done(id, await render(routes[id] as Route, projects, cards))
        // Let the workers' answers in (and their queues refilled) between pages.
        await nextTurn()
        continue
      }
      await new Promise<void>((resolve) => {
        wake = resolve
      })
    }
  } catch (error) {
    failure ??= { error }
  } finally {
    await Promise.all([...pool.keys()].map((worker) => worker.terminate()))
    pool.clear()
  }
  if (failure) throw failure.error
  return scans
}
