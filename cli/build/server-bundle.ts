import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import vm from 'node:vm'
import { codeCacheDirectory, loadCodeCachedBundle, type BundleSpec } from '../compile/code-cached-bundle.ts'

/**
 * Loading the app's server bundle to prerender with it. Imported the usual way, it cost ~50 ms per
 * thread that renders pages, nearly all of it Node loading React, react-dom/server and react-router
 * (resolving, reading and compiling some forty files, and lexing the CommonJS ones for their names)
 * while the page itself renders in ~7 ms: a sixth of a rebuild after one edit, and the main thread's
 * tail in every build. So the server build is CommonJS (vite-builds.ts), and its requires of those
 * packages are answered from one code-cached bundle of them (code-cached-bundle.ts), which loads in
 * ~9 ms; the bundle's own files run as CommonJS modules do, each once, in this realm.
 */

/**
 * React's production builds (the bundle defines NODE_ENV, which picks them in each package's entry,
 * as a production server render has them), react-dom's server renderer and react-router: what the
 * server build leaves to `require`. Anything else it requires comes from node_modules as usual.
 */
export const SERVER_RUNTIME_BUNDLE: BundleSpec = {
  name: 'server-runtime',
  format: 1,
  entry: `module.exports = { ${['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server', 'react-router-dom'].map((name) => `'${name}': require('${name}')`).join(', ')} }`,
  packages: ['react', 'react-dom', 'react-router-dom'],
  define: { 'process.env.NODE_ENV': '"production"' },
}

let runtime: { modules: Record<string, unknown>; saveCodeCache: () => void } | undefined

/** The bundled packages, loaded once per thread; none (so node_modules answers) when the bundle cannot be made. */
function serverRuntime(): NonNullable<typeof runtime> {
  if (runtime) return runtime
  try {
    const bundle = loadCodeCachedBundle(SERVER_RUNTIME_BUNDLE, path.join(codeCacheDirectory, 'server-runtime'))
    runtime = { modules: bundle.exports, saveCodeCache: bundle.saveCodeCache }
  } catch {
    // No bundle (esbuild missing, a read-only cache folder…): Node loads the packages, only slower.
    runtime = { modules: {}, saveCodeCache: () => undefined }
  }
  return runtime
}

/**
 * The exports of the server bundle's entry: a CommonJS build (.cjs) run with the bundled packages, an
 * ES module imported. NODE_ENV is production while Node loads anything for it: React's entry files
 * pick their production or development build by it when first loaded, and the development build
 * renders several times slower (and the CLI runs with it unset).
 */
export async function loadServerBundle<T>(file: string): Promise<T> {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    if (file.endsWith('.cjs')) return runCommonJs(file, serverRuntime().modules) as T
    return (await import(pathToFileURL(file).href)) as T
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}

/** Writes the runtime bundle's code cache with the code a render ran, once per thread when V8 refused or lacked it. */
export function saveServerRuntimeCodeCache(): void {
  runtime?.saveCodeCache()
}

/**
 * Runs `entry` as Node runs a CommonJS module, and each file it requires by a relative path (its
 * chunks, which require the entry back: each module runs once and a cycle gets the exports so far);
 * `provided` answers a package name before node_modules does.
 */
export function runCommonJs(entry: string, provided: Record<string, unknown>): unknown {
  const modules = new Map<string, { exports: unknown }>()
  const load = (file: string): unknown => {
    const known = modules.get(file)
    if (known) return known.exports
    const module = { exports: {} as unknown }
    modules.set(file, module)
    const directory = path.dirname(file)
    const nodeRequire = createRequire(file)
    const require = (specifier: string): unknown => {
      if (Object.hasOwn(provided, specifier)) return provided[specifier]
      if (specifier.startsWith('./') || specifier.startsWith('../')) return load(path.resolve(directory, specifier))
      return nodeRequire(specifier)
    }
    const wrapper = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, { filename: file }) as (exports: unknown, require: (specifier: string) => unknown, module: { exports: unknown }, filename: string, dirname: string) => void
    wrapper.call(module.exports, module.exports, require, module, file, directory)
    return module.exports
  }
  return load(entry)
}
