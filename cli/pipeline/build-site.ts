import path from 'node:path'
import type { VirtualFile } from '../generate/generate-content.ts'
import { siteDirectory } from '../paths.ts'
import { openStore, type Store } from '../cache/store.ts'
import { readSiteBuild, restoreSiteBuild, siteKey, storeSiteBuild, writeSiteBuild } from './site-cache.ts'
import { runViteBuilds, SERVER_ENTRY } from './vite-builds.ts'

export interface SiteBuildOptions {
  base: string
  /** The site folder being assembled: the browser bundle is written into it, beside what other steps write there. */
  siteDir: string
  /** Vite's own output folder for the browser bundle (it empties it first); the bundle is then placed in siteDir. */
  appDir: string
  /** Where the server bundle goes (deleted after prerendering). */
  serverDir: string
  /** The content modules the app bundles (see vite-builds.ts): this build's own, not site/src/generated/. */
  generated: readonly VirtualFile[]
  /** Where builds are kept by a hash of their inputs (see site-cache.ts); false always builds. @default the store under node_modules/.cache/portfolio/ */
  store?: Store | false
}

export interface SiteBuild {
  serverEntry: string
  /** True when both bundles came from the cache and Vite did not run. */
  cached: boolean
  /** The store key of this build (what its bundles are made from); undefined without the store. */
  key?: string
}

/**
 * Vite client build, then the server build of entry-server, both from the same site/ app; or both
 * from the cache when nothing they are made from changed. Either way the browser bundle is written
 * into the site folder by writeSiteBuild, its one writer there.
 */
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const store = options.store === false ? undefined : (options.store ?? openStore())
  const key = store && siteKey(store, siteDirectory, options.generated, options.base)
  const kept = store && key !== undefined ? { store, key } : undefined
  const cached = kept !== undefined && restoreSiteBuild(kept.store, kept.key, options.siteDir, options.serverDir)
  if (!cached) {
    await runViteBuilds({
      siteDirectory,
      base: options.base,
      clientDir: options.appDir,
      serverDir: options.serverDir,
      generated: options.generated,
    })
    const files = readSiteBuild(options.appDir, options.serverDir)
    if (kept) storeSiteBuild(kept.store, kept.key, files)
    writeSiteBuild(files, { client: options.siteDir })
  }
  return { serverEntry: path.join(options.serverDir, SERVER_ENTRY), cached, ...(kept ? { key: kept.key } : {}) }
}
