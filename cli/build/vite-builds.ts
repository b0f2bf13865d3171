import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import type { ConfigEnv, InlineConfig, UserConfig } from 'vite'
import { startWorker, workersNeedTsx } from '../workers/worker-script.ts'
import { importSiteConfig, resolveSiteConfig } from './site-config.ts'

/**
 * The app's two Vite builds (the browser bundle and the server bundle for prerendering), run on a
 * worker thread (vite-worker.ts). A build that will likely run Vite starts that worker before the
 * content is checked (warmViteWorker), so Vite has loaded by the time the portfolio is compiled.
 */

/**
 * The server bundle's entry, in serverDir: CommonJS, so the prerender can answer its requires of
 * React and react-router from a code-cached bundle (server-bundle.ts).
 */
export const SERVER_ENTRY = 'entry-server.cjs'

export interface ViteBuildRequest {
  siteDirectory: string
  base: string
  clientDir: string
  serverDir: string
}

/** The worker's messages: the server bundle written (the browser bundle may still be building), then how both went. */
export type ViteBuildReply = { serverBuilt: true } | { ok: true } | { ok: false; message: string }

/**
 * The site's config file as Vite loads it for each build (what its exported function returns for
 * the client build and the server build), with Vite's mergeConfig: loaded by the Vite worker while
 * it waits for its request, so the builds do not bundle and import the config file first (~20-50 ms,
 * on a small site's critical path). Vite does the same with them: mergeConfig(file's, inline).
 */
export interface SiteConfigs {
  siteDirectory: string
  client: UserConfig
  server: UserConfig
  merge: (defaults: UserConfig, overrides: UserConfig) => UserConfig
}

export function siteConfigFile(siteDirectory: string): string {
  return path.join(siteDirectory, 'vite.config.ts')
}

/**
 * The site's config for both builds, as Vite's resolveConfig would load it; undefined if there is none.
 * Imported once, transpiled (site-config.ts); by Vite, bundling it for each build, where that cannot be.
 */
export async function loadSiteConfigs(vite: Pick<typeof import('vite'), 'loadConfigFromFile' | 'mergeConfig'>, siteDirectory: string): Promise<SiteConfigs | undefined> {
  const file = siteConfigFile(siteDirectory)
  const env = (isSsrBuild: boolean): ConfigEnv => ({ command: 'build', mode: 'production', isSsrBuild, isPreview: false })
  const merge = (defaults: UserConfig, overrides: UserConfig) => vite.mergeConfig(defaults, overrides)
  const exported = await importSiteConfig(file).catch(() => undefined)
  if (exported !== undefined) {
    const [client, server] = await Promise.all([resolveSiteConfig(exported, env(false)), resolveSiteConfig(exported, env(true))])
    return { siteDirectory, client, server, merge }
  }
  const load = (isSsrBuild: boolean) => vite.loadConfigFromFile(env(isSsrBuild), file, siteDirectory, 'warn')
  const [client, server] = await Promise.all([load(false), load(true)])
  return client && server ? { siteDirectory, client: client.config, server: server.config, merge } : undefined
}

function viteBuildConfigs(request: ViteBuildRequest, loaded?: SiteConfigs): InlineConfig[] {
  const shared: InlineConfig = {
    configFile: siteConfigFile(request.siteDirectory),
    root: request.siteDirectory,
    base: request.base,
    logLevel: 'warn',
    publicDir: false,
    // A site build is always a production build, even when the caller runs with NODE_ENV=test (vitest)
    // or development: otherwise React's development build would ship to visitors.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }
  const client: InlineConfig = { ...shared, build: { outDir: request.clientDir, emptyOutDir: true } }
  const server: InlineConfig = {
    ...shared,
    build: { ssr: 'src/entry-server.tsx', outDir: request.serverDir, emptyOutDir: true, rolldownOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'assets/[name]-[hash].cjs' } } },
  }
  if (!loaded || loaded.siteDirectory !== request.siteDirectory) return [client, server]
  return [
    { ...loaded.merge(loaded.client, client), configFile: false },
    { ...loaded.merge(loaded.server, server), configFile: false },
  ]
}

/**
 * Both builds at once (each leaves much of its time to native code, rolldown's threads, and waits),
 * both settled before this settles: a worker is ended once it replies, and ending it while the other
 * build still runs makes rolldown's threads panic (noisily) on their way out.
 */
export async function buildBoth(build: (config: InlineConfig) => Promise<unknown>, request: ViteBuildRequest, loaded?: SiteConfigs, onServerBuilt?: () => void): Promise<void> {
  const [client, server] = viteBuildConfigs(request, loaded).map((config) => build(config)) as [Promise<unknown>, Promise<unknown>]
  server.then(onServerBuilt, () => undefined)
  const results = await Promise.allSettled([client, server])
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
}

interface ViteWorker {
  worker: Worker
  /** Settles with why the worker stopped, if it stops before it is terminated. */
  stopped: Promise<Error>
}

let warm: ViteWorker | undefined

/**
 * Where workers would run TypeScript through tsx (the CLI run from its sources, as in tests), Vite
 * runs in the calling thread instead: such a worker is slow to start, and cannot be started from
 * Vite's module runner at all.
 */
export function viteRunsInThisThread(): boolean {
  return workersNeedTsx()
}

/** Starts the worker (which loads Vite, and the site's config from `siteDirectory`) ahead of a build that will likely run Vite. */
export function warmViteWorker(siteDirectory?: string): void {
  if (!viteRunsInThisThread()) warm = warmWorker() ?? startViteWorker(siteDirectory)
}

/** True when a worker is warm, waiting for its request. */
export function viteWorkerWarm(): boolean {
  return warmWorker() !== undefined
}

/** Ends a warm worker no build took (the app came from the cache, or the content has errors). */
export async function stopViteWorker(): Promise<void> {
  const idle = warmWorker()
  warm = undefined
  await idle?.worker.terminate()
}

/**
 * Runs both builds on the warm worker, or a new one (or here: see viteRunsInThisThread); throws what
 * Vite threw. `onServerBuilt` is called once the server bundle is written, if before both are done.
 */
export async function runViteBuilds(request: ViteBuildRequest, onStarted?: () => void, onServerBuilt?: () => void): Promise<void> {
  if (viteRunsInThisThread()) {
    allocateOnDemand()
    await buildBoth((await import('vite')).build, request, undefined, onServerBuilt)
    return
  }
  const { worker, stopped } = warmWorker() ?? startViteWorker()
  warm = undefined
  worker.ref()
  try {
    const reply = await Promise.race([
      new Promise<Exclude<ViteBuildReply, { serverBuilt: true }>>((resolve) => {
        worker.on('message', (message: ViteBuildReply) => {
          if ('serverBuilt' in message) onServerBuilt?.()
          else resolve(message)
        })
        worker.postMessage(request)
        onStarted?.()
      }),
      stopped.then((error) => Promise.reject(error)),
    ])
    if (!reply.ok) throw new Error(reply.message)
  } finally {
    await worker.terminate()
  }
}

/** What the Vite worker starts with: the site whose config it loads ahead of its request, if known. */
export interface ViteWorkerData {
  siteDirectory?: string
}

function startViteWorker(siteDirectory?: string): ViteWorker {
  allocateOnDemand()
  const worker = startWorker('vite-worker', { workerData: { ...(siteDirectory ? { siteDirectory } : {}) } satisfies ViteWorkerData })
  // A warm worker never holds the process open; runViteBuilds holds it while it builds.
  worker.unref()
  // Listened to from its start: an error is never left unheard.
  const stopped = new Promise<Error>((resolve) => {
    worker.once('error', resolve)
    worker.once('exit', (code) => resolve(new Error(`the Vite worker stopped before it finished (exit code ${code})`)))
  })
  return { worker, stopped }
}

/**
 * Read by rolldown's allocator (mimalloc) when Vite loads it, from the process's environment (a
 * worker's process.env is its own copy: set on the main thread). By default it commits its 1 GiB
 * arena up front and asks for transparent huge pages there, so the kernel clears 2 MB at each first
 * touch: ~0.3 s of CPU per build on 2 cores (perf: clear_page_erms on rolldown's threads), a fifth
 * of what the app build costs. Committed on demand, only the pages used are cleared.
 */
function allocateOnDemand(): void {
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0'
}

/** The warm worker, if one was started and no build took it yet. */
function warmWorker(): ViteWorker | undefined {
  return warm
}
