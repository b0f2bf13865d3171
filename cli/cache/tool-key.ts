import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageDirectory as repositoryRoot } from '../paths.ts'

/** The CLI's code, whether it runs from its TypeScript sources or from compiled JavaScript. */
const CODE = /\.(ts|mts|js|mjs|cjs)$/

/**
 * The folder of the code that runs: cli/ under tsx and Vitest, lib/cli/ when compiled. Not the
 * sources when the compiled code runs: in a checkout whose lib/ is older than its cli/, entries made
 * by the old code would otherwise be kept under the new code's key and read by it.
 */
const cliDirectory = fileURLToPath(new URL('..', import.meta.url))

let memo: string | undefined | null = null

/**
 * The tool's version as the caches see it: the package version, the lockfile (every installed
 * package), every file of the CLI's code that runs (cli/ or lib/cli/), the schemas, and V8's (its serialisation format keeps the
 * entries). Part of every store key, so a changed CLI never serves what another one made, with no
 * list of files to keep up to date. Computed once per process; undefined when any of it cannot be
 * read, and then nothing is cached.
 */
export function toolKey(): string | undefined {
  if (memo !== null) return memo
  try {
    const hash = createHash('sha256').update(`portfolio-tool 2\0v8 ${process.versions.v8}\0`)
    hash.update(readFileSync(path.join(repositoryRoot, 'package.json'))).update('\0')
    // An installed copy of the tool has no lockfile of its own: its version and code then decide.
    const lockfile = path.join(repositoryRoot, 'package-lock.json')
    if (existsSync(lockfile)) hash.update(readFileSync(lockfile)).update('\0')
    const code = readdirSync(cliDirectory, { recursive: true, encoding: 'utf8' })
      .filter((file) => CODE.test(file))
      .sort()
    for (const file of code)
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(cliDirectory, file)))
        .update('\0')
    for (const file of readdirSync(path.join(repositoryRoot, 'schema')).sort())
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(repositoryRoot, 'schema', file)))
        .update('\0')
    memo = hash.digest('hex')
  } catch {
    memo = undefined
  }
  return memo
}
