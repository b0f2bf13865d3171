/**
 * The pool's worker thread (pool.ts): loads the job table the pool names, runs each job it is sent
 * with the handler registered for its kind, and answers with the result or the error's text, plain
 * data either way.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { JobTable, WorkerData, WorkerJob, WorkerReply } from './pool.ts'

const port = parentPort
if (!port) throw new Error('worker.ts runs as a worker thread (see pool.ts)')
const { table } = workerData as WorkerData
if (!table) throw new Error('the worker pool started a worker without a job table')
const { runJob } = (await import(table)) as JobTable

port.on('message', ({ id, kind, input }: WorkerJob) => {
  runJob(kind, input).then(
    (result) => port.postMessage({ id, result } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({
        id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies WorkerReply),
  )
})
