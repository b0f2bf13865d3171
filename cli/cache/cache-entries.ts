import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'

/**
 * The on-disk format of the store's entries (store.ts): one file per key, written atomically, read
 * back only when whole and its own. The store decides the keys; this decides how a value is kept.
 * Also the sealed files beside the store (compiled validators, generated types), which are loaded as
 * code and so kept as files of their own.
 */

const FORMAT = 1

/**
 * `file`'s value when it is whole and holds `key`'s entry; 'missing' when there is no file, 'damaged'
 * otherwise. An entry is a JSON header line ({ format, key, bytes, sha256 }) and then the value as V8
 * serialises it, the same encoding that carries it between threads, so -0, NaN or an own "__proto__"
 * key come back exactly as compiled (JSON would change them). Nothing is trusted that does not name
 * its own key and match its checksum: a truncated, edited, foreign or swapped entry reads as a miss.
 */
export function readEntryFile(file: string, key: string): { value: unknown } | 'missing' | 'damaged' {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return 'missing'
  }
  return decodeEntry(bytes, key)
}

/** Atomic (temp file + rename), so a reader sees a whole entry or none; a cache that cannot be written is skipped. */
export function writeEntry(directory: string, key: string, value: unknown): void {
  const bytes = encodeEntry(key, value)
  if (bytes) writeFileAtomically(path.join(directory, `${key}.bin`), bytes)
}

/** An entry's bytes (header line and payload), or undefined for a value V8 cannot serialise (it is simply not kept). */
function encodeEntry(key: string, value: unknown): Buffer | undefined {
  let payload: Buffer
  try {
    payload = v8.serialize(value)
  } catch {
    return undefined
  }
  const header = JSON.stringify({ format: FORMAT, key, bytes: payload.length, sha256: sha256(payload) })
  return Buffer.concat([Buffer.from(`${header}\n`), payload])
}

/** The value of an entry's bytes when they are whole and hold `key`'s entry; 'damaged' otherwise. */
function decodeEntry(bytes: Buffer, key: string): { value: unknown } | 'damaged' {
  try {
    const newline = bytes.indexOf(0x0a)
    if (newline < 0) return 'damaged'
    const header: unknown = JSON.parse(bytes.toString('utf8', 0, newline))
    if (
      !isHeader(header) ||
      header.format !== FORMAT ||
      header.key !== key ||
      header.bytes !== bytes.length - newline - 1
    )
      return 'damaged'
    const payload = bytes.subarray(newline + 1)
    if (header.sha256 !== sha256(payload)) return 'damaged'
    return { value: v8.deserialize(payload) }
  } catch {
    return 'damaged'
  }
}

/** An entry's header line as parsed: any JSON, from whatever wrote the file. */
function isHeader(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Writes `contents` to `file` through a temp file and a rename, so a process reading beside this one
 * sees a whole file or none. The folder is made on the first write that finds it missing, not checked
 * before each of the thousands of writes a build makes. False when it cannot be written (read-only or
 * full disk): a cache then simply misses next time.
 */
export function writeFileAtomically(file: string, contents: string | Uint8Array): boolean {
  const temp = temporaryPath(file)
  try {
    try {
      writeFileSync(temp, contents)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(temp, contents)
    }
    renameSync(temp, file)
    return true
  } catch {
    rmSync(temp, { force: true })
    return false
  }
}

/** A name beside `file` no other writer (thread or process) picks, for a file that is renamed to `file` when whole. */
function temporaryPath(file: string): string {
  return `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
}

/** The header line of a sealed file (a comment in JavaScript and TypeScript, so such a file still reads as code). */
const SEAL = '// sha256 '

/** Writes `contents` sealed: a first line with the SHA-256 of the rest, then the contents (atomically). */
export function writeSealedFile(file: string, contents: string | Uint8Array): boolean {
  return writeFileAtomically(
    file,
    Buffer.concat([
      Buffer.from(`${SEAL}${sha256(contents)}\n`),
      typeof contents === 'string' ? Buffer.from(contents) : contents,
    ]),
  )
}

/** A sealed file's contents when it is whole and its own, 'missing', or 'damaged' (edited, cut short, not sealed). */
export function readSealedFile(file: string): Buffer | 'missing' | 'damaged' {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return 'missing'
  }
  const newline = bytes.indexOf(0x0a)
  const contents = bytes.subarray(newline + 1)
  return newline > 0 && bytes.subarray(0, newline).toString('latin1') === `${SEAL}${sha256(contents)}`
    ? contents
    : 'damaged'
}

function sha256(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex')
}

/**
 * Removes the files of `directory` whose names `versions` matches, but those `keep` accepts: the
 * older versions of a file the tool keeps under a key of what it is made from (compiled validators,
 * generated types), once a new key has replaced them. Each is written again
 * whenever what it is made from changes (a schema edited, a package upgraded), and none would ever
 * be read again. A process still using one has loaded it already; one about to load it makes it again.
 */
export function removeOtherVersions(directory: string, versions: RegExp, keep: (name: string) => boolean): void {
  let names: string[]
  try {
    names = readdirSync(directory)
  } catch {
    return
  }
  for (const name of names) if (versions.test(name) && !keep(name)) rmSync(path.join(directory, name), { force: true })
}
