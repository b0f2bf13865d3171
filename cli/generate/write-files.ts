import { mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { listFiles } from '../list-files.ts'
import type { VirtualFile } from './generate-content.ts'
import { IN_FLIGHT, writeFileAtomically } from '../write-atomically.ts'

/**
 * Writes each file atomically (never a half-written file: writeFileAtomically), skips files
 * whose contents are unchanged (no needless dev-server reloads), and removes stale files in `dir`.
 * Returns the paths that changed.
 */
export async function writeFiles(dir: string, files: readonly VirtualFile[]): Promise<string[]> {
  const changed: string[] = []
  for (const file of files) {
    const target = path.join(dir, file.path)
    const current = await readFile(target, 'utf8').catch(() => undefined)
    if (current === file.contents) continue
    writeFileAtomically(target, file.contents)
    changed.push(file.path)
  }
  await mkdir(dir, { recursive: true })
  const wanted = new Set(files.map((f) => path.normalize(f.path)))
  for (const existing of listFiles(dir)) {
    // Another process's write under way (its temporary sibling, named by its pid) is not stale.
    if (IN_FLIGHT.test(existing)) continue
    if (!wanted.has(path.normalize(existing))) {
      await rm(path.join(dir, existing), { force: true })
      changed.push(existing)
    }
  }
  return changed
}
