import { readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * The regular files under `folder` (in its subfolders too), as paths relative to it with `/`
 * separators, sorted. Throws when the folder cannot be read.
 */
export function listFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}
