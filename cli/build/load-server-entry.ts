import { pathToFileURL } from 'node:url'

/**
 * The exports of the server bundle's entry, an ES module written by the server build (see
 * vite-builds.ts), which imports React, react-dom/server and react-router from node_modules. Each of
 * those picks its production or development build by NODE_ENV when first loaded, and the CLI runs
 * with it unset (vitest with `test`): so it is `production` while the entry loads, as a production
 * server render has it (the development build renders several times slower).
 */
export async function loadServerBundle<T>(file: string): Promise<T> {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return (await import(pathToFileURL(file).href)) as T
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}
