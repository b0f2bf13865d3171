import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ConfigEnv, UserConfig, UserConfigExport } from 'vite'
import { removeOtherVersions, writeFileAtomically } from '../cache/cache-entries.ts'
import { codeCacheDirectory } from '../compile/code-cached-bundle.ts'

/**
 * The site's Vite config file as an ES module Node imports directly. Why: Vite's loadConfigFromFile
 * bundles the file with rolldown, writes the result beside it and imports that, on every call: ~16 ms
 * each, twice a build (once per bundle), and the app build waited for them after Vite had loaded
 * (its request came first). Here the file is transpiled once by esbuild (types stripped, its package
 * imports left as imports) and kept by a hash of its source: both builds' configs then take ~8 ms, the
 * packages the config imports (the React plugin) included, where Vite's two loads took ~20–30 ms.
 *
 * As Vite's bundling does, `import.meta.url`, `dirname` and `filename` are the config file's own, so
 * paths it resolves from itself still point into the site. Its package imports resolve from the cache
 * folder, inside the repository's node_modules, as they do from the site folder beside it. A config
 * that imports files of its own (which Vite bundles in) is left to Vite: undefined. One that fails to
 * import rejects, and the caller has Vite load it instead, which reports why.
 */
export const siteConfigDirectory = path.join(codeCacheDirectory, 'site-config')

/** Bumped when the transpiling below changes, so an older module is never imported. */
const FORMAT = 1

/** The config file's default export, or undefined when it imports files of its own (or cannot be transpiled: Vite reports why). */
export async function importSiteConfig(file: string, directory = siteConfigDirectory): Promise<UserConfigExport | undefined> {
  const source = readFileSync(file, 'utf8')
  const key = createHash('sha256').update(`${FORMAT}\0${file}\0`).update(source).digest('hex').slice(0, 24)
  const module = path.join(directory, `${key}.mjs`)
  if (!existsSync(module)) {
    const code = transpile(file)
    if (code === undefined || !writeFileAtomically(module, code)) return undefined
    removeOtherVersions(directory, /^[0-9a-f]{24}\.mjs$/, (name) => name.startsWith(key))
  }
  return ((await import(pathToFileURL(module).href)) as { default?: UserConfigExport }).default
}

function transpile(file: string): string | undefined {
  // Loaded only here: a build whose config is already transpiled never needs esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild')
  try {
    const result = buildSync({
      entryPoints: [file],
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      write: false,
      metafile: true,
      logLevel: 'silent',
      // Keys spelled out of parts: the CLI's own bundling replaces import.meta's properties wherever they appear in its sources.
      define: Object.fromEntries(Object.entries({ url: pathToFileURL(file).href, dirname: path.dirname(file), filename: file }).map(([name, value]) => [`import.meta.${name}`, JSON.stringify(value)])),
    })
    // More than the file itself: it imports modules of its own, which would be bundled in here with
    // the config file's import.meta.
    if (Object.keys(result.metafile.inputs).length !== 1) return undefined
    return result.outputFiles[0]?.text
  } catch {
    return undefined
  }
}

/** What the config exports for one build, as Vite resolves it: the object, or what its function returns. */
export async function resolveSiteConfig(exported: UserConfigExport, env: ConfigEnv): Promise<UserConfig> {
  const config: unknown = await (typeof exported === 'function' ? exported(env) : exported)
  if (typeof config !== 'object' || config === null) throw new Error('the site config must export or return an object')
  return config as UserConfig
}
