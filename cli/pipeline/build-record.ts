import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileIdentity, isRacy, nowNs, sameIdentity, type FileIdentity } from '../cache/file-identity.ts'
import { entryKind, type Store } from '../cache/store.ts'
import { contentInputs } from '../content/content-inputs.ts'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { fontDirectory, siteDirectory } from '../paths.ts'
import { sha256Hex } from '../sha256.ts'
import { NOT_BUILT_FROM } from './site-cache.ts'

/**
 * The record a finished build leaves for its output folder, so that the next build with nothing to
 * do says so without reading the content: the identity (size, mtime, inode) of every file it was
 * made from and of every file it wrote, as git's index keeps a work tree's. Its key names the
 * content folder, the output folder, the base path and (as every store key) the tool's version, so
 * another option or another tool finds no record.
 *
 * An input is trusted by its identity unless its mtime falls within the timestamp granularity of
 * the build that recorded it ("racy", see file-identity.ts): then its bytes are hashed and compared
 * with those the build read, and without that digest the build runs. Outputs are checked by
 * identity alone: a file replaced, rewritten or removed, or one more in the folder, and the build runs.
 */

/** Files by absolute path, each with its identity; undefined for an entry that is not a regular file (a link, a FIFO). */
type Files = [file: string, identity: FileIdentity | undefined][]

/** The inputs as recorded: each also with the digest of the bytes the build read, when it read them with that identity. */
type Inputs = [file: string, identity: FileIdentity | undefined, sha256?: string][]

/** What the build said, given back as it was when nothing changed: its pages and its warnings (with the texts of their files, for code frames). */
export interface RecordedResult {
  pages: string[]
  diagnostics: Diagnostic[]
  fileCount: number
  sources: [file: string, text: string][]
}

interface BuildRecord {
  /** When the inputs were listed, before the build read any of them. */
  stampNs: bigint
  inputs: Inputs
  outputs: Files
  result: RecordedResult
}

const records = entryKind<BuildRecord>('build record')

export interface RecordOptions {
  root: string
  outDir: string
  base: string
  /** A build with --strict-i18n fails where one without passes: they are not the same build. */
  strictI18n?: boolean
}

/** The inputs as a build about to start sees them: listed before anything is read, so an edit made meanwhile shows next time. */
export interface InputSnapshot {
  stampNs: bigint
  files: Files
}

export function snapshotInputs(root: string): InputSnapshot {
  const stampNs = nowNs()
  const folders = [...contentInputs(root).map((entry) => path.join(root, entry)), siteDirectory, fontDirectory]
  const files: Files = []
  for (const folder of folders) for (const file of listEntries(folder)) files.push([file, fileIdentity(file)])
  return { stampNs, files }
}

/**
 * The previous build's result when it holds for these options and these inputs, and its output folder
 * is as it left it; undefined when the build must run.
 */
export function recordedResult(
  store: Store,
  options: RecordOptions,
  inputs: InputSnapshot,
): RecordedResult | undefined {
  const record = records.get(store, recordKey(store, options))
  if (!record) return undefined
  const unchanged = (files: Files | Inputs, now: Files) =>
    files.length === now.length &&
    files.every(([file, identity], i) => {
      const [nowFile, nowIdentity] = now[i]!
      return file === nowFile && identity && nowIdentity && sameIdentity(identity, nowIdentity)
    })
  if (!unchanged(record.inputs, inputs.files)) return undefined
  // A file saved in the tick the build started may have changed since without its identity showing
  // it: trusted only when its bytes are still the ones the build read (as git does with "racily
  // clean" entries). Only such files are read, typically the few just edited.
  const racy = record.inputs.filter(([, identity]) => identity && isRacy(identity, record.stampNs))
  if (!racy.every(([file, , sha256]) => sha256 !== undefined && digestOf(file) === sha256)) return undefined
  return unchanged(record.outputs, outputFiles(options.outDir)) ? record.result : undefined
}

/**
 * Keeps the record of a build that ended with its site in `options.outDir`, made from `inputs`;
 * `readAs` gives the digest of the bytes the build read of a file with an identity (file-digests.ts).
 */
export function saveRecord(
  store: Store,
  options: RecordOptions,
  inputs: InputSnapshot,
  result: RecordedResult,
  readAs: (file: string, identity: FileIdentity) => string | undefined,
): void {
  records.set(store, recordKey(store, options), {
    stampNs: inputs.stampNs,
    inputs: inputs.files.map(([file, identity]) => {
      const sha256 = identity && readAs(file, identity)
      return sha256 ? [file, identity, sha256] : [file, identity]
    }),
    outputs: outputFiles(options.outDir),
    result,
  })
}

function digestOf(file: string): string | undefined {
  try {
    return sha256Hex(readFileSync(file))
  } catch {
    return undefined
  }
}

function recordKey(store: Store, { root, outDir, base, strictI18n }: RecordOptions): string {
  return records.key(store, path.resolve(root), path.resolve(outDir), base, ...(strictI18n ? ['strict-i18n'] : []))
}

function outputFiles(outDir: string): Files {
  return listEntries(outDir).map((file) => [file, fileIdentity(file)])
}

/**
 * Every entry but folders under `entry` (or `entry` itself when it is a file), sorted; none when it
 * does not exist. A link or another special file is listed too: its identity is undefined, which
 * no record trusts.
 */
function listEntries(entry: string): string[] {
  let found: string[]
  try {
    found = readdirSync(entry, { recursive: true, withFileTypes: true })
      .filter((dirent) => !dirent.isDirectory())
      .map((dirent) => path.join(dirent.parentPath, dirent.name))
      .filter((file) => !(entry === siteDirectory && NOT_BUILT_FROM.test(path.relative(entry, file))))
  } catch (error) {
    found = (error as NodeJS.ErrnoException).code === 'ENOTDIR' ? [entry] : []
  }
  return found.sort()
}
