import { noStore } from '../cache/no-store.ts'
import { openStore } from '../cache/store.ts'
import { recordedResult, snapshotInputs } from './build-record.ts'
import type { BuildOptions, BuildResult } from './run.ts'

export type { BuildOptions, BuildResult } from './run.ts'

/**
 * `portfolio build`: the site in place as it is when nothing changed since it was built (its
 * record says so, build-record.ts), else every step of run.ts. The steps' modules (the compilers,
 * the pool, Vite's driver) load only when there is something to do: a build with nothing to do
 * reads no content and loads none of them.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  // The one place where "no store" (false) becomes the store that keeps nothing: no record is found then.
  const store = options.store === false ? noStore : (options.store ?? openStore())
  const inputs = snapshotInputs(options.root)
  const recorded = recordedResult(store, options, inputs)
  if (recorded) {
    const { sources, ...result } = recorded
    return { ...result, sources: new Map(sources), compiled: true, upToDate: true }
  }
  const { runBuildSteps } = await import('./run.ts')
  return runBuildSteps(options, store, inputs)
}
