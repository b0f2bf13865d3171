import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * The file a worker script runs from: next to this module, as the CLI runs it (compiled JavaScript
 * in lib/cli/workers/) or from its TypeScript source (tests, tsx). `name` is the file name without
 * extension, e.g. 'worker'.
 */
function workerFile(name: string): URL {
  return new URL(`./${name}${path.extname(import.meta.url)}`, import.meta.url)
}

/** True when workers run TypeScript through tsx (slower to start: its loader is set up per thread). */
function workersNeedTsx(): boolean {
  return import.meta.url.endsWith('.ts')
}

/**
 * Starts a worker on a script of cli/workers/. Under tsx, Node 20 does not apply
 * `execArgv: ['--import', 'tsx']` to a worker's entry module (nodejs/node#47747: "Unknown file
 * extension .ts"), so the worker starts on a three-line module that registers tsx (resolved from
 * here, not from the working directory), then imports the script.
 */
export function startWorker(name: string, options: WorkerOptions = {}): Worker {
  const file = workerFile(name)
  if (!workersNeedTsx()) return new Worker(file, options)
  const tsx = import.meta.resolve('tsx/esm/api')
  const bootstrap = `import { register } from ${JSON.stringify(tsx)}\nregister()\nawait import(${JSON.stringify(pathToFileURL(file.pathname).href)})\n`
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), options)
}
