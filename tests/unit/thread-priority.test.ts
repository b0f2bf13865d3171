import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'

// A worker that lowers its own priority and says what its thread's and the process's main thread's are.
const script = `
  const { parentPort, workerData } = require('node:worker_threads')
  const os = require('node:os')
  const { readlinkSync } = require('node:fs')
  // Node 20 gives a worker no --import of its parent: tsx is registered here (as worker-script.ts does).
  import(workerData.tsx).then(({ register }) => register()).then(() => import(workerData.module)).then(({ lowerThisThreadPriority }) => {
    lowerThisThreadPriority()
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    parentPort.postMessage({ tid, own: os.getPriority(tid), main: os.getPriority(process.pid) })
  })
`

describe.runIf(process.platform === 'linux')('lowerThisThreadPriority', () => {
  it('lowers the calling worker thread only, not the process it runs in', async () => {
    const before = os.getPriority(process.pid)
    const worker = new Worker(script, { eval: true, workerData: { tsx: import.meta.resolve('tsx/esm/api'), module: new URL('../../cli/build/thread-priority.ts', import.meta.url).href } })
    const reply = await new Promise<{ tid: number; own: number; main: number }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(reply.tid).not.toBe(process.pid)
    expect(reply.own).toBe(Math.max(before, 10))
    expect(reply.main).toBe(before)
    expect(os.getPriority(process.pid)).toBe(before)
  })
})
