import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { cliSourceDirectory as cliDirectory, packageDirectory as repositoryRoot } from '../paths.ts'


let memo: string | undefined | null = null

/**
 * A hash of the tool itself: every source file of the CLI, the schemas and the lockfile (the
 * installed packages). Part of the key of every cache whose entries this code shapes (checked files,
 * Vite builds, prerendered pages), so a changed CLI never serves what an older one made. Undefined
 * when any of it cannot be read; then those caches are not used.
 */
export function toolKey(): string | undefined {
  if (memo !== null) return memo
  try {
    const hash = createHash('sha256').update('portfolio-tool 1\0')
    const sources = readdirSync(cliDirectory, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).sort()
    for (const file of sources) hash.update(`${file}\0`).update(readFileSync(path.join(cliDirectory, file))).update('\0')
    for (const file of readdirSync(path.join(repositoryRoot, 'schema')).sort()) hash.update(`${file}\0`).update(readFileSync(path.join(repositoryRoot, 'schema', file)))
    hash.update(readFileSync(path.join(repositoryRoot, 'package-lock.json')))
    memo = hash.digest('hex')
  } catch {
    memo = undefined
  }
  return memo
}
