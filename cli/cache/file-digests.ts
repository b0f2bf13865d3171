import { closeSync, fstatSync, openSync, readFileSync, type BigIntStats } from 'node:fs'
import path from 'node:path'
import { fileIdentity, isRacy, nowNs, sameIdentity, type FileIdentity } from './file-identity.ts'
import { entryKind, type Store } from './store.ts'
import { sha256Hex } from '../sha256.ts'

/**
 * The SHA-256 of input files (the app's sources, the card fonts), kept under each file's path, size,
 * mtime and inode, as git's index, Bazel and Ninja keep them: a file whose identity is the one
 * recorded is not read again. A file seen within the timestamp granularity of the cache's time
 * (see isRacy) is read and hashed again, since an edit in that tick would not show in its mtime.
 *
 * The digests are one entry of the store (checked when read, like any). Whoever opens them (a build,
 * a `generate`, a `validate`, a dev session) passes them to the steps that hash files and saves them
 * when done. The entry's time is when the session that wrote it began, not when it was written: a
 * file hashed during a session and edited in the same tick before save() is then still racy, so never
 * trusted by its identity.
 */

interface DigestRecord extends FileIdentity {
  sha256: string
}

/** The entry of a scope's digests: its records, and the time they are judged racy against. */
const DIGESTS = entryKind<{ stampNs: bigint; files: Map<string, DigestRecord> }>('digests')

export interface FileDigests {
  /** The SHA-256 (hex) of a regular file's bytes; undefined when there is none or it cannot be read. */
  digest(file: string): string | undefined
  /**
   * Reads a file and gives its bytes with their digest, the recorded one when the file's identity
   * did not change while it was read and is the one recorded. Throws what reading throws.
   */
  read(file: string): { bytes: Buffer; sha256: string }
  /**
   * The digest of the bytes this session read of `file` when the file had `identity`; undefined when
   * it did not read it, or read it with another identity. A record of what a build was made from.
   */
  readAs(file: string, identity: FileIdentity): string | undefined
  /** Keeps the digests of the files asked for since it was opened (atomically, in the store). */
  save(): void
}

/** Opens the digests kept in `store` under `scope` (a name for one set of files); with noStore, every file is hashed once. */
export function openFileDigests(store: Store, scope = 'files'): FileDigests {
  return new StoredDigests(store, scope)
}

class StoredDigests implements FileDigests {
  /** When this session began: what the records it saves are judged racy against. */
  readonly #openedNs = nowNs()
  readonly #key: string
  readonly #previous: ReadonlyMap<string, DigestRecord>
  readonly #previousNs: bigint
  readonly #seen = new Map<string, DigestRecord>()

  constructor(
    private readonly store: Store,
    scope: string,
  ) {
    this.#key = DIGESTS.key(store, scope)
    const kept = DIGESTS.get(store, this.#key)
    this.#previous = kept?.files ?? new Map()
    this.#previousNs = kept?.stampNs ?? 0n
  }

  digest(file: string): string | undefined {
    const absolute = path.resolve(file)
    const identity = fileIdentity(absolute)
    if (!identity) return undefined
    let sha256 = this.#recorded(absolute, identity)
    if (sha256 === undefined) {
      try {
        // The identity was taken before the read: an edit meanwhile shows as another identity next time.
        sha256 = sha256Hex(readFileSync(absolute))
      } catch {
        return undefined
      }
    }
    this.#seen.set(absolute, { ...identity, sha256 })
    return sha256
  }

  read(file: string): { bytes: Buffer; sha256: string } {
    const absolute = path.resolve(file)
    const fd = openSync(absolute, 'r')
    try {
      const before = identityOf(fstatSync(fd, { bigint: true }))
      const bytes = readFileSync(fd)
      // Edited while it was read: the bytes are hashed, and nothing is recorded.
      if (!sameIdentity(before, identityOf(fstatSync(fd, { bigint: true })))) return { bytes, sha256: sha256Hex(bytes) }
      const sha256 = this.#recorded(absolute, before) ?? sha256Hex(bytes)
      this.#seen.set(absolute, { ...before, sha256 })
      return { bytes, sha256 }
    } finally {
      closeSync(fd)
    }
  }

  readAs(file: string, identity: FileIdentity): string | undefined {
    const seen = this.#seen.get(path.resolve(file))
    return seen && sameIdentity(seen, identity) ? seen.sha256 : undefined
  }

  /** The digest recorded for the file with this identity, when it can be trusted without reading the file. */
  #recorded(absolute: string, identity: FileIdentity): string | undefined {
    const seen = this.#seen.get(absolute)
    if (seen && sameIdentity(seen, identity) && !isRacy(identity, this.#openedNs)) return seen.sha256
    const known = this.#previous.get(absolute)
    if (known && sameIdentity(known, identity) && !isRacy(identity, this.#previousNs)) return known.sha256
    return undefined
  }

  save(): void {
    if (this.#seen.size > 0) DIGESTS.set(this.store, this.#key, { stampNs: this.#openedNs, files: this.#seen })
  }
}

function identityOf(stats: BigIntStats): FileIdentity {
  return { size: stats.size, mtimeNs: stats.mtimeNs, ino: stats.ino }
}
