import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startViteWorkerEarly, takeEarlyViteWorker } from '../../bin/early-vite-worker.mjs'
import { stopViteWorker, viteWorkerWarm } from '../../cli/build/vite-builds.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('early-vite-worker-')

afterEach(async () => {
  await takeEarlyViteWorker()?.worker.terminate()
})

/** A compiled CLI folder whose vite-worker.cjs is `script`, and an empty site cache folder. */
function compiledCli(script: string): { cliFile: string; siteCache: string } {
  const folder = tempDir()
  writeFileSync(path.join(folder, 'vite-worker.cjs'), script)
  return { cliFile: path.join(folder, 'bin.cjs'), siteCache: tempDir() }
}

const ECHO = "const { parentPort, workerData } = require('node:worker_threads')\nparentPort.postMessage(workerData)\n"

describe('the Vite worker started before the CLI loads', () => {
  it('starts for a build with no app build kept, running the compiled vite-worker.cjs for the site', async () => {
    const { cliFile, siteCache } = compiledCli(ECHO)
    expect(startViteWorkerEarly({ command: 'build', cliFile, siteDirectory: '/the/site/', siteCache })).toBe(true)
    const early = takeEarlyViteWorker()
    expect(early).toBeDefined()
    const data = await new Promise((resolve) => early!.worker.once('message', resolve))
    expect(data).toEqual({ siteDirectory: '/the/site/' })
    // Taken once: the CLI takes it over, and nothing else can.
    expect(takeEarlyViteWorker()).toBeUndefined()
    await early!.worker.terminate()
  })

  it('starts with the site cache folder missing too (a first build)', () => {
    const { cliFile, siteCache } = compiledCli(ECHO)
    expect(startViteWorkerEarly({ command: 'build', cliFile, siteDirectory: '/the/site/', siteCache: path.join(siteCache, 'missing') })).toBe(true)
  })

  it('does not start for other commands, nor when an app build is kept (the build looks there first)', () => {
    const { cliFile, siteCache } = compiledCli(ECHO)
    expect(startViteWorkerEarly({ command: 'validate', cliFile, siteDirectory: '/the/site/', siteCache })).toBe(false)
    expect(startViteWorkerEarly({ command: undefined, cliFile, siteDirectory: '/the/site/', siteCache })).toBe(false)
    mkdirSync(path.join(siteCache, 'a-kept-build'))
    expect(startViteWorkerEarly({ command: 'build', cliFile, siteDirectory: '/the/site/', siteCache })).toBe(false)
    expect(takeEarlyViteWorker()).toBeUndefined()
  })

  it('keeps how it ended, even before anyone listens: an error thrown at its start is not lost', async () => {
    const { cliFile, siteCache } = compiledCli("throw new Error('no Vite here')\n")
    startViteWorkerEarly({ command: 'build', cliFile, siteDirectory: '/the/site/', siteCache })
    const end = await takeEarlyViteWorker()!.ended
    expect('error' in end && end.error.message).toBe('no Vite here')
  })

  it('is the warm worker the build takes over, and ended with the build when it goes unused', async () => {
    const { cliFile, siteCache } = compiledCli('setInterval(() => {}, 1000)\n')
    startViteWorkerEarly({ command: 'build', cliFile, siteDirectory: '/the/site/', siteCache })
    const { worker, ended } = (globalThis as Record<symbol, { worker: import('node:worker_threads').Worker; ended: Promise<unknown> } | undefined>)[Symbol.for('portfolio.earlyViteWorker')]!
    await new Promise((resolve) => worker.once('online', resolve))
    expect(viteWorkerWarm()).toBe(true)
    // Taken over by the build: no longer there for anyone else.
    expect(takeEarlyViteWorker()).toBeUndefined()
    await stopViteWorker()
    expect(await ended).toEqual({ code: 1 })
    expect(viteWorkerWarm()).toBe(false)
  })
})
