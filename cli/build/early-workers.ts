import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { checkCacheDirectory } from '../content/check-cache.ts'
import { compiledCacheDirectory } from '../compile/compile-cache.ts'
import { MIN_FILES_PER_WORKER, startWorkers, workerCount } from '../workers/content-pool.ts'
import { warmDiagramWorker } from '../compile/draw-diagrams.ts'
import { packFile } from '../cache/entry-pack.ts'
import { siteCacheDirectory } from './site-cache.ts'
import { siteDirectory } from '../paths.ts'
import { warmViteWorker } from './vite-builds.ts'
import { hasEntries } from '../../bin/early-vite-worker.mjs'

/**
 * A build's first ~0.15 s is the main thread alone, loading the CLI and reading the content, while
 * the other core idles. A first build of content with diagrams then waits for them (the renderer loads
 * on its worker, then draws each diagram), so that worker is started here, before the command is even
 * parsed: it loads in the idle time. So is the content worker of a build that will check enough files
 * to use one (it loaded ~0.3 s into a 1000-project build; now ~0.15 s, and 6 of 8 interleaved pairs
 * were faster: 4.56 -> 4.37 s median), and Vite's worker when no app build is kept at all. Only
 * guesses, from the arguments and the caches as they are; the build makes its own later
 * (check-content.ts, run.ts), each worker is started at most once, an unused content worker stops
 * when idle and an unused Vite worker is ended with the build.
 */

/** Project files read for the guess, at most: a large portfolio's build is long, and gains little here. */
const FILES_LOOKED_AT = 50

/** Called with the arguments after the command name, when the command is `build`. */
export function startWorkersEarly(args: readonly string[]): void {
  // No app build kept at all (a first build, or its caches emptied): this one runs Vite, whose worker
  // takes ~0.1 s to load it. (With builds kept, the build looks for its own before starting one.)
  // The compiled CLI's was started sooner still, before the CLI loaded (bin/early-vite-worker.mjs).
  if (!hasEntries(siteCacheDirectory)) warmViteWorker(siteDirectory)
  const root = rootArgument(args)
  const names = projectFileNames(root) // listed once for both guesses
  if (diagramsLikelyDrawn(root, compiledCacheDirectory, names)) warmDiagramWorker()
  const files = filesLikelyChecked(root, checkCacheDirectory, names)
  if (files >= MIN_FILES_PER_WORKER) void startWorkers(workerCount(files))
}

/** The project files of `root` (names, sorted); none when it has no projects folder. */
function projectFileNames(root: string): string[] {
  try {
    return readdirSync(path.join(root, 'projects'))
      .filter((name) => /\.ya?ml$/i.test(name))
      .sort()
  } catch {
    return []
  }
}

/** How many project files a build of `root` will likely check: all of them when none was checked before, else none (a guess). */
export function filesLikelyChecked(root: string, checkedDirectory = checkCacheDirectory, names = projectFileNames(root)): number {
  return existsSync(packFile(checkedDirectory, root)) ? 0 : names.length
}

/** The --root a command line names (as `--root DIR` or `--root=DIR`), else the current folder. */
export function rootArgument(args: readonly string[]): string {
  for (const [index, arg] of args.entries()) {
    if (arg === '--root') return args[index + 1] ?? '.'
    if (arg.startsWith('--root=')) return arg.slice('--root='.length)
  }
  return '.'
}

/**
 * True when a build of `root` will likely draw diagrams: no compiled files are kept for it (a first
 * build; a rebuild finds its diagrams in the cache) and one of its first project files has a Mermaid
 * diagram in it.
 */
export function diagramsLikelyDrawn(root: string, compiledDirectory = compiledCacheDirectory, names = projectFileNames(root)): boolean {
  if (existsSync(packFile(compiledDirectory, root))) return false
  try {
    return names.slice(0, FILES_LOOKED_AT).some((name) => readFileSync(path.join(root, 'projects', name), 'utf8').includes('mermaid'))
  } catch {
    return false
  }
}
