import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, unlinkSync } from 'node:fs'
import path from 'node:path'
import { cacheFolder } from '../paths.ts'

/**
 * Empty folders kept from the site a build replaced, made into the next build's page folders. Why:
 * a build replaces a whole site, so each build frees a folder per page (the files in them are links,
 * see link-file.ts, and mostly survive in the new site) and the next makes as many new ones. On ext4
 * without a journal (these machines) the inode allocator steps over every inode its group freed in
 * the last minutes (recently_deleted), so those mkdirs get slower with every build: 1000 took 240 ms
 * after such a removal (30 ms on a quiet disk), up to ~0.6 s of a 1000-project build's CPU in a row
 * of builds, on the prerender workers. Renaming 1000 empty folders into place takes 26 ms, and into
 * the pool 21 ms (rmdir: 66 ms). A folder cannot be linked, so it is moved: the old site's folders,
 * emptied, into this pool, and out again as page folders.
 *
 * The pool holds nothing but empty folders, in the tool's cache folder. A folder taken from it is
 * checked empty before a page is written into it.
 */
export const spareDirectory = cacheFolder('spare')

/** Folders the pool keeps at most (an empty folder is a 4 KiB block on ext4: 40 MiB). */
export const MAX_SPARE_DIRECTORIES = 10_000

/**
 * Removes `tree` (a site a build replaced): its files are unlinked and its folders, emptied, are
 * kept in `pool`, which is filled up to as many folders as `tree` had (so it never outgrows the
 * largest site, nor MAX_SPARE_DIRECTORIES); the others, or all when the pool cannot take them
 * (another file system), are removed.
 */
export function recycleTree(tree: string, pool = spareDirectory): void {
  const folders: string[] = []
  const empty = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const item = path.join(directory, entry.name)
      if (!entry.isDirectory()) unlinkSync(item)
      else empty(item)
    }
    folders.push(directory) // after its own folders: each is empty when its turn comes
  }
  try {
    empty(tree)
  } catch {
    // Whatever the walk could not do (a file that changed under it), done the thorough way; what
    // that cannot remove either is an error, as it always was.
    rmSync(tree, { recursive: true, force: true })
    return
  }
  let room = 0
  try {
    mkdirSync(pool, { recursive: true })
    room = Math.min(folders.length, MAX_SPARE_DIRECTORIES) - readdirSync(pool).length
  } catch {
    // No pool: the folders are removed.
  }
  const prefix = `${process.pid}-${Date.now().toString(36)}-`
  folders.forEach((folder, index) => {
    if (room > 0) {
      try {
        renameSync(folder, path.join(pool, `${prefix}${index}`))
        room -= 1
        return
      } catch {
        room = 0 // another file system, or a pool that went away: the rest are removed
      }
    }
    rmdirSync(folder)
  })
}

/**
 * Makes folders from the pool's spares (or with mkdir once there are none). One per thread: each
 * starts at its own share of the pool (`share.index` of `share.of`), so the threads of a build rarely
 * reach for the same spare; when they do, one rename fails and the next spare is tried.
 */
export class SpareDirectories {
  #names: string[] | undefined
  #next = 0
  #taken = 0
  readonly #parents = new Set<string>()
  /** Folders made here or known to be there: make() leaves them as they are. */
  readonly #made = new Set<string>()

  constructor(
    private readonly pool = spareDirectory,
    private readonly share = { index: 0, of: 1 },
  ) {}

  /** A folder that is there already (the site folder itself): make() leaves it as it is. */
  have(directory: string): void {
    this.#made.add(path.resolve(directory))
  }

  /** Like mkdirSync(directory, { recursive: true }), for a folder that will hold a new page. */
  make(directory: string): void {
    const folder = path.resolve(directory)
    if (this.#made.has(folder)) return
    this.#made.add(folder)
    this.#makeNew(folder)
  }

  #makeNew(directory: string): void {
    const parent = path.dirname(directory)
    if (!this.#parents.has(parent)) {
      mkdirSync(parent, { recursive: true })
      this.#parents.add(parent)
    }
    for (let spare = this.#take(); spare !== undefined; spare = this.#take()) {
      try {
        renameSync(spare, directory)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') continue // taken by another thread or build
        if (code === 'EEXIST' || code === 'ENOTEMPTY') return // the folder is there already
        break // another file system, no permission: folders are made
      }
      if (readdirSync(directory).length === 0) return
      // Not what this pool holds: its contents must not reach the site.
      rmSync(directory, { recursive: true, force: true })
      break
    }
    this.#names = []
    mkdirSync(directory, { recursive: true })
  }

  #take(): string | undefined {
    if (this.#names === undefined) {
      try {
        this.#names = readdirSync(this.pool)
      } catch {
        this.#names = []
      }
      this.#next = Math.floor((this.#names.length * this.share.index) / this.share.of)
    }
    if (this.#taken >= this.#names.length) return undefined
    const name = this.#names[this.#next % this.#names.length] as string
    this.#next += 1
    this.#taken += 1
    return path.join(this.pool, name)
  }
}
