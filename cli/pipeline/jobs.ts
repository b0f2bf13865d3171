import {
  openPool as openWorkerPool,
  tableUrl,
  type Job,
  type Pool,
  type RunOptions,
  type WorkerMode,
} from '../workers/pool.ts'

/**
 * Every kind of job the build gives the worker pool, by name: the pool's workers, and this thread
 * when a batch is too small to pay for them, run the same handler. A handler takes plain data and
 * returns plain data (what crosses threads); adding a kind of job is one line here. Each is loaded
 * on its kind's first job, so a thread loads only the stages it runs (a worker that only typesets
 * the resume never loads the compilers or React).
 */
const handlers = {
  project: async () => (await import('./project-job.ts')).checkAndCompileProject,
  post: async () => (await import('./post-job.ts')).checkAndCompilePost,
  'language-project': async () => (await import('./language-project-job.ts')).compileLanguageProjectJob,
  page: async () => (await import('./page-job.ts')).renderPageJob,
  card: async () => (await import('../social/social-images.ts')).drawCard,
  media: async () => (await import('../media/encode-job.ts')).encodeMedia,
  resume: async () => (await import('../resume/typeset.ts')).typesetJob,
}

export type JobKind = keyof typeof handlers
type Handler<K extends JobKind> = Awaited<ReturnType<(typeof handlers)[K]>>
export type JobInput<K extends JobKind> = Parameters<Handler<K>>[0]
export type JobResult<K extends JobKind> = Awaited<ReturnType<Handler<K>>>

/** Runs one job in this thread (the pool calls it by this name, see JobTable). Throws what its handler throws. */
export async function runJob({ kind, input }: Job): Promise<unknown> {
  if (!Object.hasOwn(handlers, kind)) throw new Error(`no job of kind ${kind}`)
  const handler = (await handlers[kind as JobKind]()) as (input: unknown) => unknown
  return handler(input)
}

/** The build's pool of these jobs (see cli/workers/pool.ts): one per build, closed at its end. */
export interface BuildPool {
  runJobs<K extends JobKind, R = JobResult<K>>(
    kind: K,
    inputs: readonly JobInput<K>[],
    options?: RunOptions<R> & { each?: (result: JobResult<K>, index: number) => R },
  ): Promise<R[]>
  close(): Promise<void>
}

/** A pool running the jobs above; `workers` as in openPool. */
export function openPool(workers?: WorkerMode): BuildPool {
  const pool: Pool = openWorkerPool(tableUrl(import.meta.url, 'jobs'), workers)
  return {
    runJobs: (kind, inputs, options) => pool.runJobs(kind, inputs, options as RunOptions<never>),
    close: () => pool.close(),
  }
}

/**
 * Encodes images with the pool's in-thread mode, for `generate` and `dev`: sharp works on libuv's
 * threads whichever thread asks, and the mode starts no worker, so there is no pool to close.
 */
export function encodeInThread(jobs: readonly JobInput<'media'>[]): Promise<JobResult<'media'>[]> {
  return openPool('never').runJobs('media', jobs)
}
