import { lstatSync, type BigIntStats } from 'node:fs'

/**
 * What says a file is the one seen before without reading it: its size, its modification time in
 * nanoseconds and its inode, as git's index, Bazel and Ninja keep them. An edit changes the mtime;
 * a file replaced (renamed over, rewritten by another tool) has another inode. Three caches use
 * it: the digests of input files (file-digests.ts), the outputs of the site in place
 * (site-in-place.ts) and the dev server's files as read (content/load-sources.ts).
 */
export interface FileIdentity {
  size: bigint
  mtimeNs: bigint
  ino: bigint
}

/**
 * How close to a cache's time a file's mtime may be and still hide an edit. File systems keep
 * times in ticks (a kernel clock tick on ext4 or APFS, 10 ms on exFAT, 2 s on FAT): a file edited
 * in the tick it was last seen in keeps its mtime. 2 s covers the coarsest.
 */
export const TIMESTAMP_GRANULARITY_NS = 2_000_000_000n

/** A regular file's identity, or undefined when there is none (missing, a folder, a link). */
export function fileIdentity(file: string): FileIdentity | undefined {
  let stats: BigIntStats | undefined
  try {
    stats = lstatSync(file, { bigint: true, throwIfNoEntry: false })
  } catch {
    return undefined
  }
  return stats?.isFile() ? { size: stats.size, mtimeNs: stats.mtimeNs, ino: stats.ino } : undefined
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ino === b.ino
}

/**
 * True when a file seen with this identity may have changed since without its mtime showing it
 * ("racy git"): its mtime falls within a tick of `stampNs`, the cache's own time, or after it. Such a
 * file is read and hashed again, not trusted by its identity.
 */
export function isRacy(identity: FileIdentity, stampNs: bigint): boolean {
  return identity.mtimeNs >= stampNs - TIMESTAMP_GRANULARITY_NS
}

/** Now on the wall clock, in nanoseconds: the clock file systems stamp mtimes with. */
export function nowNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n
}
