import { cp } from 'node:fs/promises'
import path from 'node:path'
import type { VirtualFile } from '../generate/generate-content.ts'
import { siteDirectory } from '../paths.ts'
import { keepsNothing } from '../cache/no-store.ts'
import type { Store } from '../cache/store.ts'
import type { FileDigests } from '../cache/file-digests.ts'
import { restoreSiteBuild, siteKey, storeSiteBuild } from './site-cache.ts'
import { runViteBuilds, SERVER_ENTRY } from './vite-builds.ts'

export interface SiteBuildOptions {
  /** Content root: its public/ folder is copied as-is (resume PDF, images). */
  root: string
  base: string
  /** Where the browser bundle goes (the future site folder). */
  clientDir: string
  /** Where the server bundle goes (deleted after prerendering). */
  serverDir: string
  /** The content modules the app bundles (see vite-builds.ts): this build's own, not site/src/generated/. */
  generated: readonly VirtualFile[]
  /** Where builds are kept by a hash of their inputs (see site-cache.ts); noStore always builds. */
  store: Store
  /** The build's file digests, through which the app's sources are hashed for that key. */
  digests: FileDigests
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
 * from the cache when nothing they are made from changed. The content's public/ folder is copied in
 * afterwards either way (it is not part of the cached build, so changing a PDF never rebuilds the app).
 */
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const { store } = options
  // Without a key nothing is looked up, nor read back to be kept, and no page is taken from the site in place.
  const key = keepsNothing(store)
    ? undefined
    : siteKey(store, options.digests, siteDirectory, options.generated, options.base)
  const cached = key !== undefined && restoreSiteBuild(store, key, options.clientDir, options.serverDir)
  if (!cached) {
    await runViteBuilds({
      siteDirectory,
      base: options.base,
      clientDir: options.clientDir,
      serverDir: options.serverDir,
      generated: options.generated,
    })
    if (key !== undefined) storeSiteBuild(store, key, options.clientDir, options.serverDir)
  }
  // Like Vite's own copy of a public folder: a file the build wrote wins over a public file of the same name.
  await cp(path.join(options.root, 'public'), options.clientDir, {
    recursive: true,
    force: false,
    errorOnExist: false,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
  return { serverEntry: path.join(options.serverDir, SERVER_ENTRY), cached, ...(key !== undefined ? { key } : {}) }
}
