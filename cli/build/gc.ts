import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { isMainThread } from 'node:worker_threads'

/** Collecting garbage at chosen moments, where waiting for V8 to decide costs memory or time. */

/**
 * A young-generation GC, so the previous cards' resvg objects are collected now. Their memory (a 3 MB
 * canvas and its 3 MB copy per card) is native, invisible to V8, so without this it is freed only
 * when JavaScript garbage alone triggers a GC, hundreds of cards later; meanwhile every card gets
 * fresh memory: ~1,800 page faults a card, a third of its cost, and worse from two threads at once.
 * Collected here (their finalisers then run on the next turn of the event loop), the same few
 * megabytes are reused. A minor GC costs well under a millisecond with so little alive.
 */
export function collectYoungGarbage(): void {
  if (gc === undefined) gc = findGc()
  gc?.({ type: 'minor' })
}

/**
 * A full collection on this thread, if it can have gc(): after a build lets go of a large structure
 * (the compiled content), so its memory is free before worker threads start, rather than whenever
 * allocation alone would trigger a major collection.
 */
export function collectAllGarbage(): void {
  if (gc === undefined) gc = findGc()
  // Without options: V8's gc() takes { type: 'major' } as a hint it may ignore, and here it does.
  gc?.()
}

type Gc = (options?: { type: 'minor' }) => void
/** This thread's gc(), once looked for; null if it has none. */
let gc: Gc | null | undefined

/**
 * V8's gc(): the global one if the thread has it (Node run with --expose-gc, or a card worker
 * started while the pool exposed it), else, on the main thread, one from a context made with the
 * flag on. V8's flags belong to the whole process, so only the main thread ever flips them: a
 * worker flipping it back could take gc() away from a context another thread is making.
 */
function findGc(): Gc | null {
  const global = (globalThis as { gc?: Gc }).gc
  if (typeof global === 'function') return global
  if (!isMainThread) return null
  setFlagsFromString('--expose-gc')
  try {
    return runInNewContext('gc') as Gc
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}

/**
 * Called on the main thread before starting card workers: exposes gc() to the workers' globals,
 * which V8 gives a context only if the flag is on when it is made. Call the returned function once
 * every worker is online (or gone) to turn the flag back off; it does nothing if Node runs with
 * --expose-gc anyway.
 */
export function exposeGcToNewWorkers(): () => void {
  collectYoungGarbage() // this thread's own, before the flag changes
  if (typeof (globalThis as { gc?: Gc }).gc === 'function') return () => {}
  setFlagsFromString('--expose-gc')
  let done = false
  return () => {
    if (!done) setFlagsFromString('--no-expose-gc')
    done = true
  }
}
