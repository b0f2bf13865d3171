import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { entryKind, type Store } from '../cache/store.ts'
import type { FileDigests } from '../cache/file-digests.ts'
import type { VirtualFile } from '../generate/generate-content.ts'
import { listFiles } from '../list-files.ts'

/**
 * The Vite client and server builds, kept in the store as one entry holding their files, under a key
 * of everything they are made from: the site app (site/ and its vite.config.ts), the build's own
 * content modules (content.ts, chat.ts, types.ts: what its Vite builds bundle) and the base path;
 * the store adds the tool's version (its code and the lockfile, so the installed Vite and plugins).
 * Projects are runtime data (cards.json and one JSON file per case study, which the bundle never
 * imports), so an edit to a project leaves the key as it was and the build skips Vite entirely. The store checks the entry when it is read: a
 * damaged one is a miss and the app is built again.
 */

/** One file of a build: its path under client/ or server/ (with /), and its bytes. */
export interface SiteFile {
  path: string
  bytes: Uint8Array
}

const SITE = entryKind<{ files: SiteFile[] }>('site')

/**
 * What site/ holds that a build does not bundle: the generated folder (a build bundles its own
 * modules instead, see vite-builds.ts) and leftovers of a server build.
 */
export const NOT_BUILT_FROM = /^(?:\.server-build|src[\\/]generated)(?:[\\/]|$)/

/**
 * The store key of the app built from the site sources and these content modules with this base
 * path: each source file by its digest (`digests`), so an unchanged file is not read again.
 * Undefined when something cannot be read; then nothing is cached.
 */
export function siteKey(
  store: Store,
  digests: FileDigests,
  siteDirectory: string,
  generated: readonly VirtualFile[],
  base: string,
): string | undefined {
  try {
    const inputs: string[] = []
    for (const file of listFiles(siteDirectory).filter((relative) => !NOT_BUILT_FROM.test(relative))) {
      const digest = digests.digest(path.join(siteDirectory, file))
      if (digest === undefined) return undefined
      inputs.push(file, digest)
    }
    for (const module of generated) inputs.push(`generated/${module.path}`, module.contents)
    return SITE.key(store, `base ${base}`, ...inputs)
  } catch {
    return undefined
  }
}

/** The client and server builds kept under the key; undefined when the store has no whole entry for it. */
export function storedSiteBuild(store: Store, key: string): SiteFile[] | undefined {
  const files = SITE.get(store, key)?.files
  return files && placed(files) ? files : undefined
}

/** The files a Vite client and server build wrote into their folders. */
export function readSiteBuild(clientDir: string, serverDir: string): SiteFile[] {
  const files: SiteFile[] = []
  for (const [part, folder] of [
    ['client', clientDir],
    ['server', serverDir],
  ] as const) {
    for (const file of listFiles(folder))
      files.push({ path: `${part}/${file.split(path.sep).join('/')}`, bytes: readFileSync(path.join(folder, file)) })
  }
  return files
}

/** Keeps a fresh build under the key (the store writes it atomically, or skips a store it cannot write). */
export function storeSiteBuild(store: Store, key: string, files: SiteFile[]): void {
  SITE.set(store, key, { files })
}

/**
 * Writes a build's files of each part given a folder (client/ into `client`, server/ into `server`).
 * Files already in those folders stay (the site folder, which other steps fill meanwhile); one of the
 * same name is replaced.
 */
export function writeSiteBuild(files: readonly SiteFile[], targets: { client?: string; server?: string }): void {
  for (const file of files) {
    const [part, ...rest] = file.path.split('/')
    const folder = targets[part as keyof typeof targets]
    if (folder === undefined) continue
    const target = path.join(folder, ...rest)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, file.bytes)
  }
}

/**
 * Whether a build's files are all under client/ and server/, none reaching out of its folder, the
 * server bundle and the HTML shell among them. The store vouches for the bytes; this, for where they are written.
 */
function placed(files: readonly SiteFile[]): boolean {
  return (
    files.every((file) => insideItsFolder(file.path)) &&
    files.some((file) => file.path.startsWith('server/')) &&
    files.some((file) => file.path === 'client/index.html')
  )
}

/** client/… or server/…, each part a plain name (no '..', no separator of another system). */
function insideItsFolder(name: string): boolean {
  const [part, ...rest] = name.split('/')
  return (
    (part === 'client' || part === 'server') &&
    rest.length > 0 &&
    rest.every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'))
  )
}
