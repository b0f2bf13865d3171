import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileIdentity, isRacy, nowNs, sameIdentity, type FileIdentity } from './file-identity.ts'
import type { EntryKind, Store } from './store.ts'
import { sha256Hex } from '../sha256.ts'

/**
 * Outputs taken from the site in place (the folder a build replaces) instead of made again: the
 * prerendered pages, the social cards. The manifest of the previous build, one entry of the store
 * per output folder and kind of output, records each file it wrote there: the key of what it was
 * made from, the file's identity (size, mtime, inode) and SHA-256, and what the build needs of it
 * besides its bytes (a page's links for the output check). A build whose output has the recorded
 * key hard-links the file from the site in place into its new folder: the file is neither read
 * nor copied, and the swap that follows leaves it where it was.
 *
 * A file is trusted by its identity, as git's index trusts a work tree: an edit changes its mtime,
 * a replaced file has another inode, either makes it again. One whose mtime falls within the
 * timestamp granularity of the manifest's time ("racy") is read and its hash compared instead.
 * Nothing is trusted when the manifest is damaged (the store checks it when read).
 */

/** What the manifest holds of one output file. */
export interface OutputRecord<T> extends FileIdentity {
  key: string
  sha256: string
  data: T
  /** The time an edit after which might not show in the file's mtime (see isRacy). */
  stampNs: bigint
}

/** A manifest: the record of each file of one output folder, by its path there (with /). */
export type Outputs<T> = Map<string, OutputRecord<T>>

export interface SiteInPlaceOptions<T> {
  store: Store
  /** The output folder: it holds the previous build's files until this build's folder replaces it. */
  site: string
  /** This build's site folder (or a language's folder in it), swapped into place once the build is done. */
  into: string
  /** Which outputs: the kind of their manifest (one entry per output folder), stated by the step that makes them. */
  kind: EntryKind<Outputs<T>>
}

export interface SiteInPlace<T> {
  /**
   * Hard-links `file` (relative to the site, with /) from the site in place into this build's folder
   * when its record has `key` (and its data passes `accept`) and the file is still the one recorded;
   * returns that record. Undefined, and nothing linked, otherwise: the caller makes the file.
   */
  take(file: string, key: string, accept?: (data: T) => boolean): OutputRecord<T> | undefined
  /** Records a file this build wrote into its folder, made from `key`, its bytes hashing to `sha256`. */
  record(file: string, key: string, sha256: string, data: T): void
  /** Keeps the records of this build's files (taken or written) as the manifest of its output folder. */
  save(): void
}

export function openSiteInPlace<T>(options: SiteInPlaceOptions<T>): SiteInPlace<T> {
  return new Manifest(options)
}

class Manifest<T> implements SiteInPlace<T> {
  /** Before anything in the site in place is looked at: the time of the records this build takes. */
  readonly #openedNs = nowNs()
  readonly #key: string
  readonly #previous: ReadonlyMap<string, OutputRecord<T>>
  readonly #kept: Outputs<T> = new Map()
  /** Records of files written by this build, stamped when saved. */
  readonly #written = new Map<string, Omit<OutputRecord<T>, 'stampNs'>>()
  readonly #folders = new Set<string>()

  constructor(private readonly options: SiteInPlaceOptions<T>) {
    this.#key = options.kind.key(options.store, path.resolve(options.site))
    this.#previous = options.kind.get(options.store, this.#key) ?? new Map()
  }

  take(file: string, key: string, accept?: (data: T) => boolean): OutputRecord<T> | undefined {
    const record = this.#previous.get(file)
    if (!record || record.key !== key || (accept && !accept(record.data))) return undefined
    const source = path.join(this.options.site, file)
    const identity = fileIdentity(source)
    if (!identity || !sameIdentity(identity, record)) return undefined
    if (isRacy(identity, record.stampNs) && !sameBytes(source, record.sha256)) return undefined
    const target = path.join(this.options.into, file)
    const linked = this.#link(source, target)
    if (!linked) return undefined
    if (linked === 'copied') {
      // Another file system: the copy is a file of this build's, with an identity of its own.
      this.record(file, key, record.sha256, record.data)
      return record
    }
    // A link has the recorded identity still; it was looked at in this build, after #openedNs.
    this.#kept.set(file, { ...record, stampNs: this.#openedNs })
    return record
  }

  record(file: string, key: string, sha256: string, data: T): void {
    const identity = fileIdentity(path.join(this.options.into, file))
    if (identity) this.#written.set(file, { ...identity, key, sha256, data })
    this.#kept.delete(file)
  }

  save(): void {
    // Files this build wrote are in its own folder until the swap: no one else edits them before now.
    const stampNs = nowNs()
    const outputs = new Map(this.#kept)
    for (const [file, record] of this.#written) outputs.set(file, { ...record, stampNs })
    this.options.kind.set(this.options.store, this.#key, outputs)
  }

  /** 'linked', or 'copied' across file systems; false when neither could be done (the caller makes the file). */
  #link(source: string, target: string): 'linked' | 'copied' | false {
    const folder = path.dirname(target)
    if (!this.#folders.has(folder)) {
      mkdirSync(folder, { recursive: true })
      this.#folders.add(folder)
    }
    try {
      try {
        linkSync(source, target)
      } catch (error) {
        // A file of this build's in the way (Vite's HTML shell under the home page): replaced, not written through.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        rmSync(target, { force: true })
        linkSync(source, target)
      }
      return 'linked'
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') return false
    }
    try {
      copyFileSync(source, target)
      return 'copied'
    } catch {
      return false
    }
  }
}

function sameBytes(file: string, sha256: string): boolean {
  try {
    return sha256Hex(readFileSync(file)) === sha256
  } catch {
    return false
  }
}
