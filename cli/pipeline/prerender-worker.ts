/**
 * A prerender worker (started by prerender-pool.ts): loads the server bundle once, then renders the
 * routes it is sent, writing each page itself and answering with what the output check needs.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { CliError } from '../errors.ts'
import type { PageScan } from './check-output.ts'
import type { Route } from './list-routes.ts'
import { loadPageRenderer } from './prerender.ts'

/** Marks the prerender workers' workerData, so this module never answers messages of another worker. */
export const PRERENDER_WORKER_ROLE = 'portfolio-prerender'

export interface PrerenderWorkerData {
  role: typeof PRERENDER_WORKER_ROLE
  serverEntry: string
  siteDir: string
  base: string
  cards: unknown[]
}

/** A route to render, with the case study it shows (null: none). */
export interface PrerenderJob {
  id: number
  route: Route
  project: unknown
}

export type PrerenderReply = { ready: true } | { id: number; scan: PageScan } | { id: number; error: string; hint?: string } | { failed: string }

if (!isMainThread && parentPort && (workerData as Partial<PrerenderWorkerData> | undefined)?.role === PRERENDER_WORKER_ROLE) {
  const port = parentPort
  const data = workerData as PrerenderWorkerData
  loadPageRenderer(data.serverEntry, data.siteDir, data.base).then(
    (render) => {
      const cards = async () => data.cards
      port.on('message', (job: PrerenderJob) => {
        render(job.route, async (id) => (id === job.route.projectId ? job.project : null), cards).then(
          (scan) => port.postMessage({ id: job.id, scan } satisfies PrerenderReply),
          (error: unknown) => port.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error), ...(error instanceof CliError && error.hint ? { hint: error.hint } : {}) } satisfies PrerenderReply),
        )
      })
      port.postMessage({ ready: true } satisfies PrerenderReply)
    },
    (error: unknown) => port.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies PrerenderReply),
  )
}
