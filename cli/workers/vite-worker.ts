/**
 * Worker thread of vite-builds.ts: runs the app's Vite builds (client and server) on a thread of its
 * own. Vite's plugin hooks run in JavaScript, called from rolldown's native threads; on the main
 * thread each waited for whatever the build was doing there (checking, compiling, drawing), and
 * loading Vite itself (~0.1 s) sat on the build's critical path. Here Vite loads while the content
 * is checked, and its hooks answer at once.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { buildBoth, loadSiteConfigs, type ViteBuildReply, type ViteBuildRequest, type ViteWorkerData } from '../build/vite-builds.ts'

const port = parentPort
if (!port) throw new Error('vite-worker.ts runs as a worker thread (see vite-builds.ts)')

// Loading Vite takes longer than starting the thread: begin before the request, and load the
// site's config file too (it does not depend on the content). If that fails, the builds load it
// themselves and report what is wrong with it.
const loading = import('vite')
loading.catch(() => undefined) // reported with the request
const { siteDirectory } = (workerData ?? {}) as ViteWorkerData
const configs = siteDirectory ? loading.then((vite) => loadSiteConfigs(vite, siteDirectory)).catch(() => undefined) : Promise.resolve(undefined)

port.on('message', (request: ViteBuildRequest) => {
  void (async () => {
    try {
      await buildBoth((await loading).build, request, await configs, () => port.postMessage({ serverBuilt: true } satisfies ViteBuildReply))
      port.postMessage({ ok: true } satisfies ViteBuildReply)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      port.postMessage({ ok: false, message } satisfies ViteBuildReply)
    }
  })()
})
