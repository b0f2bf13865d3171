import { readFileSync } from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { sha256Hex } from '../sha256.ts'
import { writeFileAtomically } from '../write-atomically.ts'

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

/** Atomic (see writeFileAtomically), so a reader sees a whole entry or none; a cache that cannot be written is skipped. */
export function writeEntry(directory: string, key: string, value: unknown): void {
  const bytes = encodeEntry(key, value)
  if (!bytes) return
  try {
    writeFileAtomically(path.join(directory, `${key}.bin`), bytes)
  } catch {
    // A read-only or full disk: the store simply misses next time.
  }
}

/** An entry's bytes (header line and payload), or undefined for a value V8 cannot serialise (it is simply not kept). */
function encodeEntry(key: string, value: unknown): Buffer | undefined {
  let payload: Buffer
  try {
    payload = v8.serialize(value)
  } catch {
    return undefined
  }
  const header = JSON.stringify({ format: FORMAT, key, bytes: payload.length, sha256: sha256Hex(payload) })
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
    if (header.sha256 !== sha256Hex(payload)) return 'damaged'
    return { value: v8.deserialize(payload) }
  } catch {
    return 'damaged'
  }
}

/** An entry's header line as parsed: any JSON, from whatever wrote the file. */
function isHeader(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
