import { cp } from 'node:fs/promises'
import path from 'node:path'
import { existsSync } from 'node:fs'
import { siteDirectory } from '../paths.ts'
import { defaultSiteCache, restoreSiteBuild, storeSiteBuild, type SiteCache } from './site-cache.ts'
import { runViteBuilds, SERVER_ENTRY } from './vite-builds.ts'

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
  /** Called once Vite's worker has the request (the app building from there on without this thread), or the app came from the cache. */
  onStarted?: (app: 'building' | 'from the cache') => void
  /** Called when Vite has written the server bundle while the browser bundle is still building. */
  onServerBuilt?: () => void
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
  if (cached) options.onStarted?.('from the cache')
  else {
    await runViteBuilds({ siteDirectory, base: options.base, clientDir: options.clientDir, serverDir: options.serverDir }, () => options.onStarted?.('building'), options.onServerBuilt)
    if (cache) await storeSiteBuild(cache, options.clientDir, options.serverDir)
  }
  // Like Vite's own copy of a public folder: a file the build wrote wins over a public file of the same name.
  await cp(path.join(options.root, 'public'), options.clientDir, { recursive: true, force: false, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  return { serverEntry: path.join(options.serverDir, SERVER_ENTRY), cached, ...(cache ? { key: cache.key } : {}) }
}

/**
 * True when the site cache holds a build of the app as its files are now, with the generated modules
 * the last build (or generate, or dev) wrote: a build whose portfolio and site code did not change
 * will take its app from there and not run Vite. A build guesses with it whether to start Vite early.
 */
export async function siteLikelyCached(options: Pick<SiteBuildOptions, 'base' | 'cache'>): Promise<boolean> {
  if (options.cache === false) return false
  const cache = options.cache ?? (await defaultSiteCache(siteDirectory, options.base))
  return cache !== undefined && existsSync(path.join(cache.directory, cache.key, 'manifest.json'))
}
