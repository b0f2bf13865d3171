import { createHash } from 'node:crypto'
import { readFileSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { decodeEntry, entryHeader, pruneEntries, writeFileAtomically } from './cache-entries.ts'

/**
 * Many small cache entries (one per checked or compiled project file) kept in one file per content
 * root instead of a file each. Why: on ext4 here, right after a build removed thousands of files,
 * each new file costs ~1 ms of kernel time (inode allocation steps over the recently freed ones), and
 * a 1000-project build made 2000 such entries. A pack is one new file per build.
 *
 * A pack is entries back to back in cache-entries.ts's format (a header line naming its key, length and
 * checksum, then the payload), so each is checked on its own when it is used: a damaged entry reads as
 * a miss, and a pack cut short still gives the whole entries before the cut. A build writes a new pack
 * of the entries it used or made, so the pack follows the content root as it is now and does not grow
 * with edits.
 */

/** An entry's bytes as encodeEntry made them, with its key: made in any thread, added to a pack in the main one. */
export interface EncodedEntry {
  key: string
  bytes: Uint8Array
}

/** Where `root`'s pack lives in `directory` (one pack per content root). */
export function packFile(directory: string, root: string): string {
  return path.join(directory, `${createHash('sha256').update(`portfolio-pack 1\0${path.resolve(root)}`).digest('hex')}.pack`)
}

/** Packs kept per cache folder: one per content root built, most recent first. */
const MAX_PACKS = 20

export class EntryPack {
  private readonly kept = new Map<string, Uint8Array>()
  private added = false
  /** The stored keys by their first `length` characters, made on first use (see keysStartingWith). */
  private byPrefix: { length: number; keys: Map<string, string[]> } | undefined

  private constructor(
    readonly file: string,
    private readonly stored: ReadonlyMap<string, Buffer>,
  ) {}

  /** The pack of `root`'s entries in `directory`; empty when there is none or it cannot be read. */
  static open(directory: string, root: string): EntryPack {
    const file = packFile(directory, root)
    let bytes: Buffer | undefined
    try {
      bytes = readFileSync(file)
    } catch {
      bytes = undefined
    }
    return new EntryPack(file, bytes ? packEntries(bytes) : new Map())
  }

  /** How many entries the pack on disk held when it was opened (whole or not). */
  get size(): number {
    return this.stored.size
  }

  /** Whether the pack holds an entry named `key` (not yet checked: get may still miss). */
  has(key: string): boolean {
    return this.stored.has(key)
  }

  /** The value of `key`'s entry when it is whole and its own; it is then kept in the next pack. */
  get(key: string): unknown {
    const bytes = this.stored.get(key)
    if (!bytes) return undefined
    const value = decodeEntry(bytes, key)
    if (value !== undefined) this.kept.set(key, bytes)
    return value
  }

  /** The value of `key`'s entry when it is whole and its own, without keeping it in the next pack. */
  peek(key: string): unknown {
    const bytes = this.stored.get(key)
    return bytes ? decodeEntry(bytes, key) : undefined
  }

  /**
   * The keys of the entries the pack on disk held that start with `prefix`. Indexed once by the
   * prefix's length: a build that misses many files looks each one up (not one scan of the pack each).
   */
  keysStartingWith(prefix: string): string[] {
    if (this.byPrefix?.length !== prefix.length) {
      const keys = new Map<string, string[]>()
      for (const key of this.stored.keys()) {
        const start = key.slice(0, prefix.length)
        const same = keys.get(start)
        if (same) same.push(key)
        else keys.set(start, [key])
      }
      this.byPrefix = { length: prefix.length, keys }
    }
    return this.byPrefix.keys.get(prefix) ?? []
  }

  add(entry: EncodedEntry): void {
    this.kept.set(entry.key, entry.bytes)
    this.added = true
  }

  /**
   * Replaces the pack on disk (atomically) with the entries got or added since it was opened, unless
   * that is exactly what it holds already (then only its time is renewed, which pruning goes by). A
   * pack that cannot be written is skipped: the next build misses.
   */
  save(): void {
    if (!this.added && this.kept.size === this.stored.size) {
      const now = new Date()
      try {
        utimesSync(this.file, now, now)
      } catch {
        // Gone or not ours: nothing to keep fresh.
      }
      return
    }
    writeFileAtomically(this.file, [...this.kept.values()])
    pruneEntries(path.dirname(this.file), MAX_PACKS, '.pack')
  }
}

/** The entries of a pack by key, up to the first bytes that are not a whole entry. */
export function packEntries(bytes: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>()
  for (let start = 0; start < bytes.length; ) {
    const header = entryHeader(bytes, start)
    if (!header || header.end > bytes.length) break
    entries.set(header.key, bytes.subarray(start, header.end))
    start = header.end
  }
  return entries
}
