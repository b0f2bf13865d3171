import { checkAndCompileProject } from './project-job.ts'

/**
 * Every kind of job the pool runs, by name: worker.ts and the pool's in-thread fallback run the same
 * handler. A handler takes plain data and returns plain data (what crosses threads); adding a kind
 * of job is one line here.
 */
export const jobs = {
  project: checkAndCompileProject,
} satisfies Record<string, (input: never) => unknown>

export type JobKind = keyof typeof jobs
export type JobInput<K extends JobKind> = Parameters<(typeof jobs)[K]>[0]
export type JobResult<K extends JobKind> = Awaited<ReturnType<(typeof jobs)[K]>>

/** Runs one job here. Throws what its handler throws. */
export async function runJob(kind: JobKind, input: unknown): Promise<unknown> {
  const handler = jobs[kind] as (input: unknown) => unknown
  return handler(input)
}
