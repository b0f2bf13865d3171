import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { runJobs } from '../../cli/build/jobs.ts'
import { poolCounters, stopPool } from '../../cli/workers/pool.ts'
import { REPO_ROOT } from '../helpers/fixtures.ts'

afterAll(() => stopPool())

const projectFile = (id: string) => {
  const file = `projects/${id}.yaml`
  return { path: file, text: readFileSync(path.join(REPO_ROOT, file), 'utf8') }
}
const broken = { path: 'projects/broken.yaml', text: 'id: broken\ntitle: [unclosed\n' }

describe('the worker pool', () => {
  it('gives the same results, in the order of its inputs, in this thread and on workers', async () => {
    const inputs = [projectFile('logic-i'), broken, projectFile('authstack'), projectFile('todoapppro')].map((source) => ({ source, compile: true }))
    const here = await runJobs('project', inputs, { workers: 'never' })
    const before = { ...poolCounters }
    const there = await runJobs('project', inputs, { workers: 'always' })
    expect(poolCounters.onWorkers - before.onWorkers).toBe(inputs.length)
    expect(poolCounters.inThread).toBe(before.inThread)
    expect(there).toEqual(here)
    expect(here.map((result) => result.path)).toEqual(inputs.map((input) => input.source.path))
    // The broken file gives its diagnostics as data and is not compiled; the valid ones are.
    expect(here[1]?.diagnostics.length).toBeGreaterThan(0)
    expect(here[1]?.compiled).toBeUndefined()
    expect(here[0]?.compiled?.project.id).toBe('logic-i')
  })

  it('runs jobs in this thread when told to, and under the test runner by default', async () => {
    const before = { ...poolCounters }
    await runJobs('project', [{ source: projectFile('logic-i'), compile: false }])
    await runJobs('project', [{ source: projectFile('logic-i'), compile: false }], { workers: 'never' })
    expect(poolCounters.inThread - before.inThread).toBe(2)
    expect(poolCounters.onWorkers).toBe(before.onWorkers)
  })

  it('hands each result to `each` as it arrives and keeps what it returns', async () => {
    const inputs = ['logic-i', 'authstack'].map((id) => ({ source: projectFile(id), compile: false }))
    for (const workers of ['never', 'always'] as const) {
      const seen: number[] = []
      const kept = await runJobs('project', inputs, { workers, each: (result, index) => (seen.push(index), `${index}:${result.path}`) })
      expect(kept).toEqual(['0:projects/logic-i.yaml', '1:projects/authstack.yaml'])
      expect(seen.sort()).toEqual([0, 1])
    }
  })

  it('rejects with the error a job threw, on a worker as in this thread', async () => {
    const bad = [{ source: undefined as unknown as { path: string; text: string }, compile: false }]
    await expect(runJobs('project', bad, { workers: 'never' })).rejects.toThrow(TypeError)
    await expect(runJobs('project', bad, { workers: 'always' })).rejects.toThrow(/TypeError/)
    // The pool still works afterwards.
    expect(await runJobs('project', [{ source: projectFile('logic-i'), compile: false }], { workers: 'always' })).toHaveLength(1)
  })

  it('shares jobs between this thread and the workers when this thread is free, with the same results', async () => {
    const inputs = Array.from({ length: 240 }, (_, i) => ({ source: { path: `projects/p-${i}.yaml`, text: `id: p-${i}\ntitle: [${i % 7 === 0 ? '' : ']'}\n` }, compile: false }))
    const here = await runJobs('project', inputs, { workers: 'never' })
    const stillUnderVitest = process.env.VITEST
    delete process.env.VITEST
    try {
      const before = { ...poolCounters }
      const shared = await runJobs('project', inputs, { workers: 'auto', perWorker: 100 })
      expect(shared).toEqual(here)
      expect(poolCounters.onWorkers + poolCounters.inThread - before.onWorkers - before.inThread).toBe(inputs.length)
      expect(poolCounters.inThread).toBeGreaterThan(before.inThread)
    } finally {
      process.env.VITEST = stillUnderVitest
    }
  })

  it('runs nothing for no jobs', async () => {
    expect(await runJobs('project', [], { workers: 'always' })).toEqual([])
  })
})
