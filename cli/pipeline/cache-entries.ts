import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'
import { isRecord } from '../diagnostics/json-pointer.ts'

/**
 * The one on-disk entry format every build cache uses (compiled files and diagrams, checked files,
 * prerendered pages): one file per key in a folder, written atomically, read back only when whole
 * and its own. Each cache decides its keys; this decides how a value is kept.
 */

const FORMAT = 1

/**
 * An entry is a JSON header line ({ format, key, bytes, sha256 }) and then the value as V8 serialises
 * it, the same encoding that carries it between threads, so -0, NaN or an own "__proto__" key come back
 * exactly as compiled (JSON would change them). Nothing is trusted that does not name its own key and
 * match its checksum: a truncated, edited, foreign or swapped entry reads as a miss.
 */
export function readEntry(directory: string, key: string): unknown {
  let bytes: Buffer
  try {
    bytes = readFileSync(path.join(directory, `${key}.bin`))
  } catch {
    return undefined
  }
  try {
    const newline = bytes.indexOf(0x0a)
    if (newline < 0) return undefined
    const header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as unknown
    const payload = bytes.subarray(newline + 1)
    if (!isRecord(header) || header.format !== FORMAT || header.key !== key || header.bytes !== payload.length) return undefined
    if (header.sha256 !== createHash('sha256').update(payload).digest('hex')) return undefined
    return v8.deserialize(payload)
  } catch {
    return undefined
  }
}

/** Atomic (temp file + rename), so a reader sees a whole entry or none; a cache that cannot be written is skipped. */
export function writeEntry(directory: string, key: string, value: unknown): void {
  try {
    const payload = v8.serialize(value)
    const header = JSON.stringify({ format: FORMAT, key, bytes: payload.length, sha256: createHash('sha256').update(payload).digest('hex') })
    const file = path.join(directory, `${key}.bin`)
    const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
    const bytes = Buffer.concat([Buffer.from(`${header}\n`), payload])
    try {
      writeFileSync(temp, bytes)
    } catch (error) {
      // The folder is made on the first write that finds it missing, not checked before each of the
      // thousands of writes a build makes.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      mkdirSync(directory, { recursive: true })
      writeFileSync(temp, bytes)
    }
    try {
      renameSync(temp, file)
    } catch (error) {
      rmSync(temp, { force: true })
      throw error
    }
  } catch {
    // Read-only or full disk: the output is still correct, only the next build compiles again.
  }
}

/** Keeps a folder of entries bounded: past `maxEntries`, the older half (by write time) goes. */
export function pruneEntries(directory: string, maxEntries: number): void {
  try {
    const names = readdirSync(directory).filter((n) => n.endsWith('.bin'))
    if (names.length <= maxEntries) return
    const dated = names.map((name) => ({ name, at: statSync(path.join(directory, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 })).sort((a, b) => a.at - b.at)
    for (const { name } of dated.slice(0, dated.length - Math.floor(maxEntries / 2))) {
      try {
        unlinkSync(path.join(directory, name))
      } catch {
        // Another process removed or replaced it first.
      }
    }
  } catch {
    // No folder yet, or not ours to clean.
  }
}
