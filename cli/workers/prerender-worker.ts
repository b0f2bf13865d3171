/**
 * A prerender worker (started by prerender-pool.ts): loads the server bundle once, then renders the
 * routes it is sent, writing each page itself and answering with what the output check needs. It
 * reads each case study from the site's data/projects/<id>.json (written before prerendering, the
 * very file the browser loads), so the main thread sends only routes.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { CliError } from '../errors.ts'
import type { Route } from '../build/list-routes.ts'
import { loadPageRenderer, type RenderedRoute } from '../build/prerender.ts'
import { readProjectData } from '../generate/project-data.ts'
import { SpareDirectories, spareDirectory } from '../cache/spare-directories.ts'

/** Marks the prerender workers' workerData, so this module never answers messages of another worker. */
export const PRERENDER_WORKER_ROLE = 'portfolio-prerender'

export interface PrerenderWorkerData {
  role: typeof PRERENDER_WORKER_ROLE
  serverEntry: string
  /** The HTML shell, with its security headers. */
  template: string
  siteDir: string
  base: string
  cards: unknown[]
  previousSite?: string
  /** Which share of the spare folders this worker starts from (see SpareDirectories). */
  spareShare: { index: number; of: number }
}

/** Routes to render, by their index in the pool's list. */
export interface PrerenderJob {
  ids: number[]
  routes: Route[]
}

export type PrerenderReply = { ready: true } | { id: number; result: RenderedRoute } | { id: number; error: string; hint?: string } | { failed: string }

if (!isMainThread && parentPort && (workerData as Partial<PrerenderWorkerData> | undefined)?.role === PRERENDER_WORKER_ROLE) {
  const port = parentPort
  const data = workerData as PrerenderWorkerData
  loadPageRenderer(data.serverEntry, data.template, data.siteDir, data.base, data.previousSite, new SpareDirectories(spareDirectory, data.spareShare)).then(
    (render) => {
      const cards = async () => data.cards
      const projects = (id: string) => readProjectData(data.siteDir, id)
      port.on('message', (job: PrerenderJob) => {
        void (async () => {
          for (const [i, route] of job.routes.entries()) {
            const id = job.ids[i] as number
            try {
              port.postMessage({ id, result: await render(route, projects, cards) } satisfies PrerenderReply)
            } catch (error) {
              port.postMessage({ id, error: error instanceof Error ? error.message : String(error), ...(error instanceof CliError && error.hint ? { hint: error.hint } : {}) } satisfies PrerenderReply)
            }
          }
        })()
      })
      port.postMessage({ ready: true } satisfies PrerenderReply)
    },
    (error: unknown) => port.postMessage({ failed: error instanceof Error ? error.message : String(error) } satisfies PrerenderReply),
  )
}
