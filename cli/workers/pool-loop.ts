import { setImmediate as nextTurn } from 'node:timers/promises'

/** Wakes the main thread's loop of a worker pool when a worker answers, fails or is lost. */
export class Wakeup {
  #resolve: (() => void) | undefined

  /** Wakes the loop if it waits; otherwise does nothing. */
  readonly signal = (): void => {
    this.#resolve?.()
    this.#resolve = undefined
  }

  wait(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#resolve = resolve
    })
  }
}

/**
 * The main thread's share of a pool's work: while no worker is ready (yet, or any more) it takes
 * jobs from the queue itself, one per turn of the event loop so the workers' messages get in;
 * otherwise it waits to be woken. Returns once `finished()` is true; throws what `work` throws.
 */
export async function shareWork(queue: number[], pool: { finished: () => boolean; workersReady: () => number; wakeup: Wakeup; work: (id: number) => Promise<void> | void }): Promise<void> {
  while (!pool.finished()) {
    if (pool.workersReady() === 0 && queue.length > 0) {
      await pool.work(queue.shift() as number)
      await nextTurn()
      continue
    }
    await pool.wakeup.wait()
  }
}
