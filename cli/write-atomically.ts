import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Writes `contents` to `file` through a temporary sibling and a rename, so a reader beside this
 * writer (another thread or process) sees the whole old file or the whole new one, never half. The
 * rename gives the file a new inode: a file hard-linked from the site in place is replaced, never
 * written through. The folder is made on the first write that finds it missing, not checked before
 * each of the thousands of writes a build makes. Throws what writing throws (the temporary file is
 * removed first).
 */
export function writeFileAtomically(file: string, contents: string | Uint8Array): void {
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
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

/** A temporary file of a write under way (its writer's pid, then a random part): another process's is not stale. */
export const IN_FLIGHT = /\.\d+-[0-9a-f]{8}\.tmp$/

/** A name beside `file` no other writer (thread or process) picks. */
function temporaryPath(file: string): string {
  return `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`
}
