import { readdirSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'

/**
 * Why this exists: a cold build's longest chain is Vite's worker (started, it loads Vite while the
 * content is checked, then builds the app). The CLI starts it as soon as it runs (cli/pipeline/
 * early-workers.ts), but the CLI itself takes ~20 ms to load (its code read, compiled from its code
 * cache and run), while the second core idles. Started here instead, once the compiled CLI is known
 * and before it loads, the worker boots on that idle core: shipped cold build 0.64 -> 0.615 s
 * (10 interleaved pairs, 8 faster). Only for `build`, and only when no app build is kept at all
 * (early-workers.ts's own test): a build that may take its app from the cache looks there first.
 * The CLI takes the worker over (cli/build/vite-builds.ts), and ends it with the build if unused.
 */

const KEY = Symbol.for('portfolio.earlyViteWorker')

/**
 * Read by rolldown's allocator (mimalloc) when Vite loads it, from the process's environment (a
 * worker's process.env is its own copy: set on the main thread). By default it commits its 1 GiB
 * arena up front and asks for transparent huge pages there, so the kernel clears 2 MB at each first
 * touch: ~0.3 s of CPU per build on 2 cores (perf: clear_page_erms on rolldown's threads), a fifth
 * of what the app build costs. Committed on demand, only the pages used are cleared.
 */
export function allocateOnDemand() {
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0'
}

/** Settles with how the worker ended (its error, or its exit code), from its start: an error is never left unheard. */
export function watchWorker(worker) {
  return new Promise((resolve) => {
    worker.once('error', (error) => resolve({ error }))
    worker.once('exit', (code) => resolve({ code }))
  })
}

/**
 * Starts the compiled CLI's Vite worker (vite-worker.cjs beside `cliFile`) for a `build` when
 * `siteCache` holds no app build; true when it did (false too if it could not start). It holds the
 * process open only once the CLI takes it over.
 */
export function startViteWorkerEarly({ command, cliFile, siteDirectory, siteCache }) {
  if (command !== 'build' || hasEntries(siteCache)) return false
  allocateOnDemand()
  let worker
  try {
    worker = new Worker(path.join(path.dirname(cliFile), 'vite-worker.cjs'), { workerData: { siteDirectory } })
  } catch {
    return false // only a head start: the build starts its worker itself
  }
  worker.unref()
  globalThis[KEY] = { worker, ended: watchWorker(worker) }
  return true
}

/** The worker startViteWorkerEarly started, once (later calls, and a process that started none: undefined). */
export function takeEarlyViteWorker() {
  const early = globalThis[KEY]
  delete globalThis[KEY]
  return early
}

/** True when `directory` exists and holds anything: a site cache with an app build kept (early-workers.ts asks it too). */
export function hasEntries(directory) {
  try {
    return readdirSync(directory).length > 0
  } catch {
    return false
  }
}
