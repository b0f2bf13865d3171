import { fileURLToPath } from 'node:url'

export interface WorkerScript {
  /** The file a worker thread runs. */
  filename: string
  /** Node options the worker needs to run it. */
  execArgv: string[]
}

/**
 * Where a worker script lives: next to this module in the compiled CLI bundle (bin/compiled-cli.mjs
 * emits every cli/pipeline/*-worker.ts as <name>.js beside it, and leaves this module's
 * import.meta.url pointing into the bundle), or the TypeScript source run through tsx otherwise.
 * `name` is the file name without extension, e.g. 'compile-worker'.
 */
export function workerScript(name: string): WorkerScript {
  const here = import.meta.url
  if (here.endsWith('.ts')) return { filename: fileURLToPath(new URL(`./${name}.ts`, here)), execArgv: ['--import', 'tsx'] }
  return { filename: fileURLToPath(new URL(`./${name}.js`, here)), execArgv: [] }
}
