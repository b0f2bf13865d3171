import { pathToFileURL } from 'node:url'

/**
 * The exports of the server bundle's entry, an ES module written by the server build (see
 * vite-builds.ts), which imports React and react-dom/server from node_modules (the router is bundled
 * into it: vite.config.ts, ssr.noExternal). Each of those picks its production or development build
 * by NODE_ENV when first loaded: the CLI's entry sets it (cli/bin.ts), so pages render with the
 * production build, as they ship.
 */
export async function loadServerBundle<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(file).href)) as T
}
