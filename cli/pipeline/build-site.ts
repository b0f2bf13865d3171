import { cp } from 'node:fs/promises'
import path from 'node:path'
import type { InlineConfig } from 'vite'
import { siteDirectory } from './run.ts'
import { defaultSiteCache, restoreSiteBuild, storeSiteBuild, type SiteCache } from './site-cache.ts'

export interface SiteBuildOptions {
  /** Content root: its public/ folder is copied as-is (resume PDF, images). */
  root: string
  base: string
  /** Where the browser bundle goes (the future site folder). */
  clientDir: string
  /** Where the server bundle goes (deleted after prerendering). */
  serverDir: string
  /** Where builds are kept by a hash of their inputs; false always builds. @default node_modules/.cache/portfolio/site/ */
  cache?: SiteCache | false
}

export interface SiteBuild {
  serverEntry: string
  /** True when both bundles came from the cache and Vite did not run. */
  cached: boolean
  /** The site cache key of this build (what its bundles are made from); undefined without the cache. */
  key?: string
}

/**
 * Vite client build, then the server build of entry-server, both from the same site/ app; or both
 * from the cache when nothing they are made from changed. The content's public/ folder is copied in
 * afterwards either way (it is not part of the cached build, so changing a PDF never rebuilds the app).
 */
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const cache = options.cache === false ? undefined : (options.cache ?? (await defaultSiteCache(siteDirectory, options.base)))
  const cached = cache !== undefined && (await restoreSiteBuild(cache, options.clientDir, options.serverDir))
  if (!cached) {
    await viteBuilds(options)
    if (cache) await storeSiteBuild(cache, options.clientDir, options.serverDir)
  }
  // Like Vite's own copy of a public folder: a file the build wrote wins over a public file of the same name.
  await cp(path.join(options.root, 'public'), options.clientDir, { recursive: true, force: false, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  return { serverEntry: path.join(options.serverDir, 'entry-server.js'), cached, ...(cache ? { key: cache.key } : {}) }
}

async function viteBuilds(options: SiteBuildOptions): Promise<void> {
  // Read by rolldown's allocator (mimalloc) when Vite loads it. By default it commits its 1 GiB arena
  // up front and asks for transparent huge pages there, so the kernel clears 2 MB at each first
  // touch: ~0.3 s of CPU per build on 2 cores (perf: clear_page_erms on rolldown's threads), a
  // fifth of what the app build costs. Committed on demand, only the pages used are cleared.
  process.env.MIMALLOC_ARENA_EAGER_COMMIT ??= '0'
  // Loaded here: Vite takes a while to load, and a build whose app is cached never needs it.
  const { build } = await import('vite')
  const shared: InlineConfig = {
    configFile: path.join(siteDirectory, 'vite.config.ts'),
    root: siteDirectory,
    base: options.base,
    logLevel: 'warn',
    publicDir: false,
    // A site build is always a production build, even when the caller runs with NODE_ENV=test (vitest)
    // or development: otherwise React's development build would ship to visitors.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }
  // Both at once: each leaves much of its time to native code (rolldown's threads) and waits.
  await Promise.all([
    build({ ...shared, build: { outDir: options.clientDir, emptyOutDir: true } }),
    build({ ...shared, build: { ssr: 'src/entry-server.tsx', outDir: options.serverDir, emptyOutDir: true } }),
  ])
}
