import type { Worker } from 'node:worker_threads'

/** How a worker ended: its error, or its exit code. */
export type WorkerEnd = { error: Error } | { code: number }

/** See early-vite-worker.mjs. */
export function allocateOnDemand(): void
/** See early-vite-worker.mjs. */
export function watchWorker(worker: Worker): Promise<WorkerEnd>
/** See early-vite-worker.mjs. */
export function startViteWorkerEarly(options: { command: string | undefined; cliFile: string; siteDirectory: string; siteCache: string }): boolean
/** See early-vite-worker.mjs. */
export function hasEntries(directory: string): boolean
/** See early-vite-worker.mjs. */
export function takeEarlyViteWorker(): { worker: Worker; ended: Promise<WorkerEnd> } | undefined
