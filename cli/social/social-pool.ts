import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { ResvgRenderOptions } from './resvg.ts'
import { shareWork, Wakeup } from '../workers/pool-loop.ts'
import { startWorker, workersNeedTsx } from '../workers/worker-script.ts'
import type { BandOp } from './card-raster.ts'
import { drawBandPng, renderPng, SOCIAL_WORKER_ROLE, type BandSetup, type SocialJob, type SocialResult, type SocialWorkerData } from '../workers/social-worker.ts'

/**
 * Rendering many social cards on every core: a few worker threads, each running social-worker.ts
 * and handed cards ahead of its answers (see MAX_IN_FLIGHT_PER_WORKER). Until the
 * first worker is ready, the main thread renders cards itself, so starting the workers costs only
 * the CPU it takes; a handful of cards is not worth even that and is rendered in-process. The
 * workers run at a lower priority (thread-priority.ts): a build's cards are not on its critical
 * path, and on busy cores they take what the steps that are leave.
 */

/**
 * Fewest uncached cards worth starting a worker for. A worker costs CPU to start before it renders
 * anything: ~55 ms from the bundle, ~250 ms under tsx (which sets up its loader in the thread and
 * compiles the worker first); a card cost ~10 ms when these were measured (on 2 idle cores two
 * workers paid off from ~12 cards from the bundle and ~50 under tsx; ~60 and ~120 with one core busy
 * elsewhere), and these thresholds sat in between. A project card now costs ~3 ms (card-raster.ts),
 * which moves break-even up, but a build with fewer than two workers' worth hands its cards to one
 * worker anyway (writeSocialCards), and at 100 cards 16 and 48 measured the same.
 */
export function cardsPerWorker(tsx = workersNeedTsx()): number {
  return tsx ? 50 : 16
}

/** How many workers to start for `cards` uncached cards: 0 means render in-process. */
export function workerCount(cards: number, cores = os.availableParallelism(), perWorker = cardsPerWorker()): number {
  if (cores < 2) return 0
  const workers = Math.min(cores, Math.floor(cards / perWorker))
  // One worker would leave a core idle: the main thread stops rendering once a worker is ready.
  return workers >= 2 ? workers : 0
}

/**
 * Cards handed to a worker ahead of its answers, at most: enough (~0.1 s of drawing) that a worker
 * goes on while the main thread is held by a step of its own (in a build, the cards are drawn through
 * the case-study data being written, the collection before the prerender and the pages being
 * rendered), where with two in hand it waited. Fewer as the queue runs out, so the workers end together.
 */
const MAX_IN_FLIGHT_PER_WORKER = 48

/** How a batch of cards was rendered. */
export interface RenderStats {
  /** Workers started (0: all in-process). */
  workers: number
  /** Cards the workers rendered; the main thread rendered the rest. */
  renderedByWorkers: number
}

/**
 * The cards to render: whole SVGs, or (with a band setup) project cards' bands as drawing operations;
 * an array, or a list that makes each when it is asked for (so they are never all in memory).
 */
export interface CardList {
  readonly length: number
  at(index: number): string | readonly BandOp[] | undefined
}

/**
 * Renders every card to a PNG (an SVG with resvg; a band's operations with `band`, see drawBandPng)
 * and calls `onPng` with each (in any order; the returned promise also waits for those calls). Uses
 * `workers` worker threads, by default as many as pay off for this many cards; renders in-process
 * while none is ready, or if none can start (then it warns once). An abort of `signal` stops it: no
 * card is handed out after (those in flight may still come in), and it rejects with the signal's reason.
 */
export async function renderPngs(svgs: CardList, options: ResvgRenderOptions, onPng: (index: number, png: Buffer) => Promise<void>, workers = workerCount(svgs.length), band?: BandSetup, signal?: AbortSignal): Promise<RenderStats> {
  const jobOf = (id: number): SocialJob => {
    const card = svgs.at(id) ?? ''
    return typeof card === 'string' ? { id, svg: card } : { id, band: [...card] }
  }
  const render = (job: SocialJob) => {
    if (!('band' in job)) return renderPng(job.svg, options)
    if (!band) throw new Error('a card band needs its band setup')
    return drawBandPng(job.band, band)
  }
  const stats: RenderStats = { workers: 0, renderedByWorkers: 0 }
  const queue = Array.from({ length: svgs.length }, (_, index) => index)
  const writes: Promise<void>[] = []
  let remaining = svgs.length
  let failure: { error: unknown } | undefined
  /** Wakes the main loop when it waits for workers. */
  const wakeup = new Wakeup()
  const wake = wakeup.signal
  const deliver = (index: number, png: Buffer) => {
    remaining -= 1
    writes.push(
      onPng(index, png).catch((error: unknown) => {
        failure ??= { error }
        wake()
      }),
    )
    wake()
  }

  /** Workers started, with the cards each has in flight once it is ready (undefined before). */
  const pool = new Map<Worker, Set<number> | undefined>()
  let ready = 0
  let lost: unknown
  const feed = (worker: Worker, jobs: Set<number>) => {
    const limit = Math.max(2, Math.min(MAX_IN_FLIGHT_PER_WORKER, Math.ceil(queue.length / (2 * Math.max(1, ready)))))
    while (jobs.size < limit && queue.length > 0) {
      const id = queue.shift() as number
      jobs.add(id)
      worker.postMessage(jobOf(id))
    }
  }
  /** A worker that failed or exited: its cards go back in the queue for the others or for here. */
  const lose = (worker: Worker, error: unknown) => {
    if (!pool.has(worker)) return
    const jobs = pool.get(worker)
    pool.delete(worker)
    if (jobs) {
      ready -= 1
      queue.unshift(...jobs)
      for (const [other, otherJobs] of pool) if (otherJobs) feed(other, otherJobs)
    }
    lost ??= error
    void worker.terminate()
    wake()
  }

  for (let w = 0; w < workers; w += 1) {
    let worker: Worker
    try {
      worker = startWorker('social-worker', { workerData: { role: SOCIAL_WORKER_ROLE, options, ...(band ? { band } : {}) } satisfies SocialWorkerData })
    } catch (error) {
      lost ??= error
      break
    }
    pool.set(worker, undefined)
    stats.workers += 1
    worker.on('message', (message: SocialResult) => {
      if (!pool.has(worker)) return
      if ('ready' in message) {
        const jobs = new Set<number>()
        pool.set(worker, jobs)
        ready += 1
        feed(worker, jobs)
        wake()
        return
      }
      const jobs = pool.get(worker)
      jobs?.delete(message.id)
      if ('error' in message) {
        failure ??= { error: new Error(`social card ${message.id}: ${message.error}`) }
        wake()
        return
      }
      if (jobs) feed(worker, jobs)
      stats.renderedByWorkers += 1
      deliver(message.id, Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength))
    })
    worker.on('error', (error) => lose(worker, error))
    worker.on('exit', (code) => lose(worker, new Error(`card worker exited with code ${code}`)))
  }
  // Stopped from outside (the build failed meanwhile): no more cards are handed out or drawn here.
  const abort = () => {
    failure ??= { error: signal?.reason }
    queue.length = 0
    wake()
  }
  if (signal?.aborted) abort()
  else signal?.addEventListener('abort', abort, { once: true })

  try {
    // This thread renders while no worker is ready (yet, or any more), between their messages and the file writes.
    await shareWork(queue, {
      finished: () => remaining === 0 || failure !== undefined,
      workersReady: () => ready,
      wakeup,
      work: (id) => deliver(id, render(jobOf(id))),
    })
  } catch (error) {
    failure ??= { error }
  } finally {
    signal?.removeEventListener('abort', abort)
    const stopping = [...pool.keys()].map((worker) => worker.terminate())
    pool.clear()
    await Promise.all(stopping)
  }
  await Promise.all(writes)
  if (failure) throw failure.error
  if (lost !== undefined) process.emitWarning(`social cards: a card worker failed, its cards were rendered by the others or in-process (${lost instanceof Error ? lost.message : String(lost)})`)
  return stats
}
