// Preloaded into each measured Node process (NODE_OPTIONS=--import): on exit, appends its user and
// system CPU (µs, all threads) and peak RSS (KiB) to BENCH_USAGE_FILE. Worker threads load it too;
// only the main thread reports, as its numbers already cover the whole process.
import { appendFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.BENCH_USAGE_FILE
if (file && isMainThread) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    appendFileSync(file, `${usage.userCPUTime} ${usage.systemCPUTime} ${usage.maxRSS}\n`)
  })
}
