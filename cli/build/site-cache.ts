import { createHash, randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { cacheFolder } from '../paths.ts'
import { toolKey } from '../cache/tool-key.ts'

/**
 * The Vite client and server builds, kept by a hash of everything they are made from: the site app
 * (site/, its vite.config.ts and the generated content.ts and types.ts included), the tool (see
 * tool-key.ts: its code and the lockfile, so the installed Vite and plugins), the base path and this
 * format. Projects are runtime data (cards.json and one JSON file per case study, which the bundle
 * never imports), so an edit to a project leaves the key as it was and the build skips Vite
 * entirely. Every file of an entry is checked against the SHA-256 its manifest recorded before it is
 * used: a truncated, edited or half-written entry is rebuilt, never trusted. Files are copied in and
 * out (a few dozen small files), so nothing the build later writes can reach an entry.
 */

/** Bump when what is cached changes shape. */
const FORMAT = 2
/** Entries kept; each edit to the site code or to portfolio.yaml leaves one behind. */
const KEEP = 4

export const siteCacheDirectory = cacheFolder('site')

export interface SiteCache {
  directory: string
  /** From siteKey(): a different key for anything that could build to a different bundle. */
  key: string
}

interface Manifest {
  format: number
  key: string
  /** Relative path (client/… or server/…) → SHA-256 of its bytes. */
  files: Record<string, string>
}

/** Generated files the bundle never imports: data the browser fetches, which the build writes beside it. */
const RUNTIME_DATA = /^(?:\.server-build|src[\\/]generated[\\/](?:projects|cards\.json))(?:[\\/]|$)/

/**
 * A hash of the site sources (runtime data aside), the tool and the base path. Undefined when
 * something cannot be read; then nothing is cached.
 */
export async function siteKey(siteDirectory: string, base: string): Promise<string | undefined> {
  try {
    // The tool key covers the lockfile and the CLI's own code (the Vite options it builds with).
    const tool = toolKey()
    if (!tool) return undefined
    const hash = createHash('sha256').update(`portfolio-site-cache ${FORMAT}\0base ${base}\0${tool}\0`)
    for (const file of listFiles(siteDirectory, (relative) => !RUNTIME_DATA.test(relative))) {
      hash.update(`\0${file}\0`).update(readFileSync(path.join(siteDirectory, file)))
    }
    return hash.digest('hex')
  } catch {
    return undefined
  }
}

export async function defaultSiteCache(siteDirectory: string, base: string): Promise<SiteCache | undefined> {
  const key = await siteKey(siteDirectory, base)
  return key ? { directory: siteCacheDirectory, key } : undefined
}

/**
 * Copies a verified entry's client build into clientDir and its server build into serverDir; false
 * (and nothing copied) when there is no entry for the key or it fails its manifest.
 */
export async function restoreSiteBuild(cache: SiteCache, clientDir: string, serverDir: string): Promise<boolean> {
  const entry = path.join(cache.directory, cache.key)
  if (!verify(entry, cache.key)) return false
  for (const [from, to] of [[path.join(entry, 'client'), clientDir], [path.join(entry, 'server'), serverDir]] as const) {
    rmSync(to, { recursive: true, force: true })
    cpSync(from, to, { recursive: true })
  }
  // Marks the entry as recently used, so pruning keeps it.
  const now = new Date()
  try {
    utimesSync(entry, now, now)
  } catch {
    // Not marked: at worst pruned sooner.
  }
  return true
}

/**
 * Stores a fresh build under the key: written to a temporary folder, then renamed into place, so
 * a reader never sees half an entry. Failing to store is not an error (the build already has its output).
 */
export async function storeSiteBuild(cache: SiteCache, clientDir: string, serverDir: string): Promise<void> {
  const entry = path.join(cache.directory, cache.key)
  const temp = path.join(cache.directory, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    mkdirSync(temp, { recursive: true })
    cpSync(clientDir, path.join(temp, 'client'), { recursive: true })
    cpSync(serverDir, path.join(temp, 'server'), { recursive: true })
    const manifest: Manifest = { format: FORMAT, key: cache.key, files: hashFiles(temp) }
    writeFileSync(path.join(temp, 'manifest.json'), JSON.stringify(manifest))
    rmSync(entry, { recursive: true, force: true })
    renameSync(temp, entry)
    prune(cache.directory)
  } catch {
    // Another build stored the same key first, or the disk is read-only: fine either way.
  } finally {
    rmSync(temp, { recursive: true, force: true })
  }
}

function verify(entry: string, key: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(path.join(entry, 'manifest.json'), 'utf8')) as Partial<Manifest>
    if (manifest.format !== FORMAT || manifest.key !== key || typeof manifest.files !== 'object' || manifest.files === null) return false
    const actual = hashFiles(entry)
    const expected = manifest.files
    const names = Object.keys(actual)
    return names.length === Object.keys(expected).length && names.some((name) => name.startsWith('server')) && names.every((name) => expected[name] === actual[name])
  } catch {
    return false
  }
}

/** SHA-256 of every file under client/ and server/ of a folder, by relative path. */
function hashFiles(folder: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const part of ['client', 'server']) {
    for (const file of listFiles(path.join(folder, part))) {
      files[`${part}/${file.split(path.sep).join('/')}`] = createHash('sha256').update(readFileSync(path.join(folder, part, file))).digest('hex')
    }
  }
  return files
}

/** Files under a folder, relative and sorted, skipping what `include` rejects. */
function listFiles(folder: string, include: (relative: string) => boolean = () => true): string[] {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter(include)
    .sort()
}

/** Keeps the KEEP most recently used entries. */
function prune(directory: string): void {
  const names = readdirSync(directory).filter((name) => /^[0-9a-f]{64}$/.test(name))
  if (names.length <= KEEP) return
  const dated = names.map((name) => ({ name, time: statSync(path.join(directory, name)).mtimeMs }))
  dated.sort((a, b) => b.time - a.time)
  for (const { name } of dated.slice(KEEP)) rmSync(path.join(directory, name), { recursive: true, force: true })
}
