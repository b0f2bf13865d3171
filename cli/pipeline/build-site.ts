import path from 'node:path'
import type { VirtualFile } from '../generate/generate-content.ts'
import { siteDirectory } from '../paths.ts'
import { keepsNothing } from '../cache/no-store.ts'
import type { Store } from '../cache/store.ts'
import type { FileDigests } from '../cache/file-digests.ts'
import { readSiteBuild, siteKey, storedSiteBuild, storeSiteBuild, writeSiteBuild, type SiteFile } from './site-cache.ts'
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
  /** Where builds are kept by a hash of their inputs (see site-cache.ts); noStore always builds. */
  store: Store
  /** The build's file digests, through which the app's sources are hashed for that key. */
  digests: FileDigests
}

export interface SiteBuild {
  serverEntry: string
  /**
   * The client build's index.html: the HTML shell every page is rendered into. It is not written
   * into the site; the home page, rendered into it, is (prerender.ts).
   */
  shell: string
  /** True when both bundles came from the cache and Vite did not run. */
  cached: boolean
  /** The store key of this build (what its bundles are made from); undefined without the store. */
  key?: string
}

/** The shell's place among a build's files. */
const SHELL = 'client/index.html'

/**
 * Vite client build, then the server build of entry-server, both from the same site/ app; or both
 * from the cache when nothing they are made from changed. Either way the browser bundle is written
 * into the site folder by writeSiteBuild, its one writer there.
 */
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuild> {
  const { store } = options
  // Without a key nothing is looked up nor kept, and no page is taken from the site in place.
  const key = keepsNothing(store)
    ? undefined
    : siteKey(store, options.digests, siteDirectory, options.generated, options.base)
  const stored = key === undefined ? undefined : storedSiteBuild(store, key)
  let files: SiteFile[]
  if (stored) files = stored
  else {
    await runViteBuilds({
      siteDirectory,
      base: options.base,
      clientDir: options.appDir,
      serverDir: options.serverDir,
      generated: options.generated,
    })
    files = readSiteBuild(options.appDir, options.serverDir)
    if (key !== undefined) storeSiteBuild(store, key, files)
  }
  const shell = files.find((file) => file.path === SHELL)
  if (!shell) throw new Error(`the app build has no ${SHELL}`)
  // The server bundle Vite just built is where it goes already.
  const targets = stored ? { client: options.siteDir, server: options.serverDir } : { client: options.siteDir }
  writeSiteBuild(
    files.filter((file) => file !== shell),
    targets,
  )
  return {
    serverEntry: path.join(options.serverDir, SERVER_ENTRY),
    shell: Buffer.from(shell.bytes).toString('utf8'),
    cached: stored !== undefined,
    ...(key !== undefined ? { key } : {}),
  }
}
