import { readlinkSync } from 'node:fs'
import os from 'node:os'

/**
 * Lowers the scheduling priority of the calling thread only (a worker's own thread; Linux schedules
 * threads one by one, and /proc/thread-self names this one). For work that is not on a build's
 * critical path (the social cards, which have until the end of the build), so that when every core
 * is busy, the work others wait for (the app build, the diagrams, the pages) gets the CPU first,
 * and this fills what is left. A no-op where threads cannot be told apart (not Linux) or the
 * priority cannot be changed.
 */
export function lowerThisThreadPriority(niceness = 10): void {
  if (process.platform !== 'linux') return
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) os.setPriority(tid, Math.max(os.getPriority(tid), niceness))
  } catch {
    // Not allowed, or no /proc: the thread keeps its priority.
  }
}
