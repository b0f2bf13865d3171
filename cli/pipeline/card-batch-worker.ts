/**
 * A worker thread that draws a few social cards by itself: writeSocialCards, run here in full. A build
 * with too few new cards to pay for the card pool (social-pool.ts) hands them to this one thread, so
 * they are drawn on the other core while the main thread prerenders, not between its pages.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { writeSocialCards, type CardSpec } from './social-images.ts'
import { lowerThisThreadPriority } from './thread-priority.ts'

/** Marks this worker's workerData, so this module never acts in another worker. */
export const CARD_BATCH_ROLE = 'portfolio-card-batch'

export interface CardBatch {
  role: typeof CARD_BATCH_ROLE
  siteDir: string
  specs: CardSpec[]
  cacheDir: string
  previousSite?: string
}

/** The one message the worker sends: done, or why not. */
export type CardBatchReply = { done: true } | { error: string }

if (!isMainThread && parentPort && (workerData as Partial<CardBatch> | undefined)?.role === CARD_BATCH_ROLE) {
  const port = parentPort
  const batch = workerData as CardBatch
  lowerThisThreadPriority()
  writeSocialCards(batch.siteDir, batch.specs, batch.cacheDir, { thread: 'this', prune: false, ...(batch.previousSite === undefined ? {} : { previousSite: batch.previousSite }) }).then(
    () => port.postMessage({ done: true } satisfies CardBatchReply),
    (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies CardBatchReply),
  )
}
