import { createHash } from 'node:crypto'
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { readEntryFile, writeEntry } from './cache-entries.ts'
import { writeFileAtomically } from '../write-atomically.ts'
import { toolKey } from './tool-key.ts'
import { cacheDirectory } from '../paths.ts'

/**
 * The one content-addressed store of derived artefacts (checked files, compiled projects, diagrams,
 * the app's Vite build, the prerendered pages' index, social cards):
 * one file per entry, `<root>/store/<kind>/<key>.bin`, in cache-entries.ts's format (a header naming
 * its key and checksum, then the value). Keys hash the kind, the tool's version and the inputs, so a
 * changed tool or input simply misses; an entry is checked when read, and a damaged one is removed
 * and made again. Any thread may read and write it: entries are written atomically.
 */

/** Where the caches live unless a caller says otherwise. */
export const defaultCacheRoot = cacheDirectory

/** Entries kept after pruning, across every kind: several times the entries of a build of thousands of projects (a few per project: checked, compiled, card). */
export const MAX_ENTRIES = 20_000

/**
 * Bytes kept after pruning, across every kind, so that large entries cannot fill the disk: each
 * edit to the app leaves an app build behind. A build's own entries must fit, with room to spare at
 * the largest portfolios the tool is measured at (the bench's 4000 projects): its cards, compiled
 * projects and checked files grow with the number of projects.
 */
export const MAX_BYTES = 2 * 1024 * 1024 * 1024

/** Where a store is, as plain data: what a worker thread opens the same store with. */
export interface StoreAddress {
  root: string
  /** Undefined when the tool's files could not be read: then nothing is read or kept. */
  toolVersion: string | undefined
}

/** What a key hashes besides its kind: texts, paths, anything that decides the value. */
export type KeyInput = string | Uint8Array

export interface Store {
  readonly address: StoreAddress
  /** sha256 of the kind, the tool version and each input (each length-prefixed, so no two lists collide). */
  key(kind: string, ...inputs: KeyInput[]): string
  /** The entry's value when it is whole and its own; undefined on a miss (a damaged entry is removed). */
  get(kind: string, key: string): unknown
  /** Keeps `value` (anything V8 serialises) atomically; a store that cannot be written is skipped. */
  set(kind: string, key: string, value: unknown): void
  /** Removes the least recently used entries beyond `maxEntries` or `maxBytes` in all (run once a build is done). */
  prune(maxEntries?: number, maxBytes?: number): number
  /**
   * Keeps `bytes` as a plain file, not an entry: an output a build hard-links into the site as it
   * is (an encoded image). Named by the caller, whose entry records what it holds; pruned like an
   * entry. Its path, or undefined when the store cannot be written.
   */
  setFile(kind: string, name: string, bytes: Uint8Array): string | undefined
  /** The path of a file kept by setFile when it is there with `size` bytes (renewed on use, as get renews an entry); else undefined. */
  getFile(kind: string, name: string, size: number): string | undefined
}

/**
 * One kind of entry and the type of its values, stated once by the module that keeps them. Its reads
 * and writes all go through it, so a hit is a value this tool wrote as that type: the key names the
 * tool's version (its code and schemas included), and the entry is checked against its key and
 * checksum when read. A hit therefore needs no shape check.
 */
export interface EntryKind<T> {
  readonly name: string
  key(store: Store, ...inputs: KeyInput[]): string
  get(store: Store, key: string): T | undefined
  set(store: Store, key: string, value: T): void
}

export function entryKind<T>(name: string): EntryKind<T> {
  return {
    name,
    key: (store, ...inputs) => store.key(name, ...inputs),
    get: (store, key) => store.get(name, key) as T | undefined,
    set: (store, key, value) => store.set(name, key, value),
  }
}

/** Opens the store at `root`; `toolVersion` defaults to this tool's, computed once per process. */
export function openStore(root: string = defaultCacheRoot, toolVersion: string | undefined = toolKey()): Store {
  return new FileStore({ root, toolVersion })
}

/** The store a StoreAddress names (in a worker thread, from the address the main thread sent). */
export function storeAt(address: StoreAddress): Store {
  return new FileStore(address)
}

class FileStore implements Store {
  private readonly folder: string

  constructor(readonly address: StoreAddress) {
    this.folder = path.join(address.root, 'store')
  }

  key(kind: string, ...inputs: KeyInput[]): string {
    const hash = createHash('sha256').update(`portfolio-store 1\0${kind}\0${this.address.toolVersion ?? ''}\0`)
    for (const input of inputs)
      hash.update(`${typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength}:`).update(input)
    return hash.digest('hex')
  }

  get(kind: string, key: string): unknown {
    if (this.address.toolVersion === undefined) return undefined
    const file = this.file(kind, key)
    const entry = readEntryFile(file, key)
    if (entry === 'damaged') rmSync(file, { force: true })
    if (entry === 'missing' || entry === 'damaged') return undefined
    // Renewed on use, so pruning removes what no build has used for longest.
    try {
      const now = new Date()
      utimesSync(file, now, now)
    } catch {
      // Removed by another process since: the value read is still whole.
    }
    return entry.value
  }

  set(kind: string, key: string, value: unknown): void {
    if (this.address.toolVersion !== undefined) writeEntry(path.join(this.folder, kind), key, value)
  }

  prune(maxEntries = MAX_ENTRIES, maxBytes = MAX_BYTES): number {
    const entries = listEntries(this.folder).map((file) => {
      const stats = statSync(file, { throwIfNoEntry: false })
      return { file, at: stats?.mtimeMs ?? 0, bytes: stats?.size ?? 0 }
    })
    let bytes = entries.reduce((sum, entry) => sum + entry.bytes, 0)
    if (entries.length <= maxEntries && bytes <= maxBytes) return 0
    entries.sort((a, b) => a.at - b.at)
    let removed = 0
    for (const entry of entries) {
      if (entries.length - removed <= maxEntries && bytes <= maxBytes) break
      rmSync(entry.file, { force: true })
      bytes -= entry.bytes
      removed += 1
    }
    return removed
  }

  setFile(kind: string, name: string, bytes: Uint8Array): string | undefined {
    if (this.address.toolVersion === undefined) return undefined
    const file = this.file(kind, name)
    try {
      writeFileAtomically(file, bytes)
      return file
    } catch {
      return undefined // a read-only or full disk: the caller keeps the bytes it has
    }
  }

  getFile(kind: string, name: string, size: number): string | undefined {
    if (this.address.toolVersion === undefined) return undefined
    const file = this.file(kind, name)
    // Checked by its size, not hashed: a build links it into the site unread. One of another size
    // (truncated, or written over through a link) is a miss, removed and made again.
    const stats = statSync(file, { throwIfNoEntry: false })
    if (!stats) return undefined
    if (stats.size !== size) {
      rmSync(file, { force: true })
      return undefined
    }
    try {
      const now = new Date()
      utimesSync(file, now, now)
    } catch {
      return undefined
    }
    return file
  }

  private file(kind: string, key: string): string {
    return path.join(this.folder, kind, `${key}.bin`)
  }
}

function listEntries(folder: string): string[] {
  let kinds: string[]
  try {
    kinds = readdirSync(folder)
  } catch {
    return []
  }
  return kinds.flatMap((kind) => {
    try {
      return readdirSync(path.join(folder, kind))
        .filter((name) => name.endsWith('.bin'))
        .map((name) => path.join(folder, kind, name))
    } catch {
      return []
    }
  })
}
