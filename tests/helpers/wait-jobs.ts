import { setTimeout as sleep } from 'node:timers/promises'
import type { Job } from '../../cli/workers/pool.ts'

/** A job table for the pool's own tests: each job waits its input's milliseconds, then returns its name. */
export async function runJob({ input }: Job): Promise<string> {
  const { name, ms } = input as { name: string; ms: number }
  await sleep(ms)
  return name
}
