import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'

/**
 * The on-disk format of the store's entries (store.ts): one file per key, written atomically, read
 * back only when whole and its own. The store decides the keys; this decides how a value is kept.
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

function sha256(contents: string | Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex')
}
