/**
 * A prerender worker (started by build/prerender-pool.ts): loads the server entry once, then renders
 * the routes it is sent and answers with each page (renderPage). It reads each case study from the
 * site's data/projects/<id>.json (written before prerendering, the very file the browser loads), so
 * the main thread sends only routes.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { CliError } from '../errors.ts'
import type { Route } from '../build/list-routes.ts'
import { loadRenderFunction, renderPage, type PageFile } from '../build/render-page.ts'
import { readProjectData } from '../generate/project-data.ts'

/** Marks the prerender workers' workerData, so this module never answers messages of another worker. */
export const PRERENDER_WORKER_ROLE = 'portfolio-prerender'

export interface PrerenderWorkerData {
  role: typeof PRERENDER_WORKER_ROLE
  serverEntry: string
  /** The HTML shell, with its security headers. */
  template: string
  /** Where the case studies are read from (data/projects/<id>.json). */
  siteDir: string
  base: string
  cards: unknown[]
}

/** Routes to render, by their index in the pool's list. */
export interface PrerenderJob {
  ids: number[]
  routes: Route[]
}

export type PrerenderReply = { ready: true } | { id: number; page: PageFile } | { id: number; error: string; hint?: string } | { failed: string }

if (!isMainThread && parentPort && (workerData as Partial<PrerenderWorkerData> | undefined)?.role === PRERENDER_WORKER_ROLE) {
  const port = parentPort
  const data = workerData as PrerenderWorkerData
  const lookups = { projects: (id: string) => readProjectData(data.siteDir, id), cards: async () => data.cards }
  loadRenderFunction(data.serverEntry).then(
    (render) => {
      port.on('message', (job: PrerenderJob) => {
        void (async () => {
          for (const [i, route] of job.routes.entries()) {
            const id = job.ids[i] as number
            try {
              port.postMessage({ id, page: await renderPage(render, { route, base: data.base, template: data.template }, lookups) } satisfies PrerenderReply)
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
