import path from 'node:path'
import { runJobs as runPoolJobs, type RunOptions } from '../workers/pool.ts'
import { renderPageJob } from './page-job.ts'
import { checkAndCompileProject } from './project-job.ts'

/**
 * Every kind of job the build gives the worker pool, by name: the pool's workers and its in-thread
 * fallback load this module and run the same handler. A handler takes plain data and returns plain
 * data (what crosses threads); adding a kind of job is one line here.
 */
export const jobs = {
  project: checkAndCompileProject,
  page: renderPageJob,
} satisfies Record<string, (input: never) => unknown>

export type JobKind = keyof typeof jobs
export type JobInput<K extends JobKind> = Parameters<(typeof jobs)[K]>[0]
export type JobResult<K extends JobKind> = Awaited<ReturnType<(typeof jobs)[K]>>

/** Runs one job here (the pool calls it by this name, see JobTable). Throws what its handler throws. */
export async function runJob(kind: string, input: unknown): Promise<unknown> {
  if (!Object.hasOwn(jobs, kind)) throw new Error(`no job of kind ${kind}`)
  const handler = jobs[kind as JobKind] as (input: unknown) => unknown
  return handler(input)
}

/** This module, as the pool loads it: the compiled .js beside the CLI, or the .ts source under tsx. */
const table = new URL(`./jobs${path.extname(new URL(import.meta.url).pathname)}`, import.meta.url)

/** Runs `inputs` as jobs of `kind` on the worker pool (see cli/workers/pool.ts), typed by the table above. */
export function runJobs<K extends JobKind, R = JobResult<K>>(
  kind: K,
  inputs: readonly JobInput<K>[],
  options: RunOptions<R> & { each?: (result: JobResult<K>, index: number) => R } = {},
): Promise<R[]> {
  return runPoolJobs<JobInput<K>, R>(table, kind, inputs, options as RunOptions<R>)
}
