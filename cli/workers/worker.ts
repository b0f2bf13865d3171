/**
 * The pool's worker thread (pool.ts): runs each job it is sent with the handler jobs.ts registers
 * for its kind, and answers with the result or the error's text, plain data either way.
 */
import { parentPort } from 'node:worker_threads'
import { runJob } from './jobs.ts'
import type { WorkerJob, WorkerReply } from './pool.ts'

const port = parentPort
if (!port) throw new Error('worker.ts runs as a worker thread (see pool.ts)')

port.on('message', ({ id, kind, input }: WorkerJob) => {
  runJob(kind, input).then(
    (result) => port.postMessage({ id, result } satisfies WorkerReply),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply),
  )
})
