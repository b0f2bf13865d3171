import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { runJobs } from '../../cli/build/jobs.ts'
import { listRoutes } from '../../cli/build/list-routes.ts'
import { prerenderRoutes } from '../../cli/build/prerender.ts'
import { CliError } from '../../cli/errors.ts'
import { poolCounters, stopPool } from '../../cli/workers/pool.ts'
import { REPO_ROOT } from '../helpers/fixtures.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

afterAll(() => stopPool())

const projectFile = (id: string) => {
  const file = `projects/${id}.yaml`
  return { path: file, text: readFileSync(path.join(REPO_ROOT, file), 'utf8') }
}
const broken = { path: 'projects/broken.yaml', text: 'id: broken\ntitle: [unclosed\n' }

describe('the worker pool', () => {
  it('gives the same results, in the order of its inputs, in this thread and on workers', async () => {
    const inputs = [projectFile('logic-i'), broken, projectFile('authstack'), projectFile('todoapppro')].map(
      (source) => ({ source, compile: true }),
    )
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
      const kept = await runJobs('project', inputs, {
        workers,
        each: (result, index) => (seen.push(index), `${index}:${result.path}`),
      })
      expect(kept).toEqual(['0:projects/logic-i.yaml', '1:projects/authstack.yaml'])
      expect(seen.sort()).toEqual([0, 1])
    }
  })

  it('fails the jobs still running when the pool is stopped, instead of leaving them waiting', async () => {
    const running = runJobs('project', [{ source: projectFile('logic-i'), compile: true }], { workers: 'always' })
    const outcome = running.then(
      () => 'finished',
      (error: Error) => error.message,
    )
    await stopPool()
    expect(await outcome).toBe('the worker pool was stopped while jobs were running')
    // The pool starts again on the next call.
    expect(
      await runJobs('project', [{ source: projectFile('logic-i'), compile: false }], { workers: 'always' }),
    ).toHaveLength(1)
  })

  it('rejects with the error a job threw, on a worker as in this thread', async () => {
    const bad = [{ source: undefined as unknown as { path: string; text: string }, compile: false }]
    await expect(runJobs('project', bad, { workers: 'never' })).rejects.toThrow(TypeError)
    await expect(runJobs('project', bad, { workers: 'always' })).rejects.toThrow(/TypeError/)
    // The pool still works afterwards.
    expect(
      await runJobs('project', [{ source: projectFile('logic-i'), compile: false }], { workers: 'always' }),
    ).toHaveLength(1)
  })

  it('shares jobs between this thread and the workers when this thread is free, with the same results', async () => {
    const inputs = Array.from({ length: 240 }, (_, i) => ({
      source: { path: `projects/p-${i}.yaml`, text: `id: p-${i}\ntitle: [${i % 7 === 0 ? '' : ']'}\n` },
      compile: false,
    }))
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

const tempDir = tempDirsPerTest('portfolio-pool-')

/** A site folder as the prerender finds it: the HTML shell, the case studies' and the cards' data files, and a server entry rendering from them. */
function site(ids: string[], render = RENDER): { dir: string; entry: string } {
  const dir = tempDir()
  writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--></body></html>')
  mkdirSync(path.join(dir, 'data/projects'), { recursive: true })
  for (const id of ids)
    writeFileSync(path.join(dir, `data/projects/${id}.json`), JSON.stringify({ id, title: `Title of ${id}` }))
  writeFileSync(path.join(dir, 'data/cards.json'), JSON.stringify(ids.map((id) => ({ id }))))
  const entry = path.join(dir, 'entry-server.mjs')
  writeFileSync(entry, render)
  return { dir, entry }
}

const RENDER = `
import { threadId } from 'node:worker_threads'
export async function render(url, base, projects, cards) {
  const thread = '<!--thread:' + threadId + '-->'
  if (url === '/404') return { html: '<main>not found</main>' + thread, head: '', status: 404 }
  if (url === '/') return { html: '<main>' + (await cards()).map((c) => '<a href="' + base + 'projects/' + c.id + '">' + c.id + '</a>').join('') + '</main>' + thread, head: '', status: 200 }
  const project = await projects(url.slice('/projects/'.length))
  return { html: '<main><h1 id="top">' + project.title + '</h1></main>' + thread, head: '<title>' + project.title + '</title>', status: 200, data: project }
}
`

describe('pages on the pool', () => {
  it('writes the same pages and scans on workers as in this thread', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `p-${i}`)
    const routes = listRoutes(ids)
    const results: { pages: string[]; html: string[]; scans: unknown }[] = []
    for (const workers of ['never', 'always'] as const) {
      const { dir, entry } = site(ids)
      const before = { ...poolCounters }
      const out = await prerenderRoutes(routes, { serverEntry: entry, siteDir: dir, base: '/', workers })
      expect(
        workers === 'always' ? poolCounters.onWorkers - before.onWorkers : poolCounters.inThread - before.inThread,
      ).toBe(routes.length)
      const html = out.pages.map((page) => readFileSync(path.join(dir, page), 'utf8'))
      const threads = new Set(html.map((page) => /<!--thread:(\d+)-->/.exec(page)?.[1]))
      expect(threads.has('0')).toBe(workers === 'never')
      results.push({
        pages: out.pages,
        html: html.map((page) => page.replace(/<!--thread:\d+-->/, '')),
        scans: out.scans,
      })
    }
    expect(results[1]).toEqual(results[0])
    expect(results[0]?.html[0]).toContain('<a href="/projects/p-29">p-29</a>')
    expect(results[0]?.html[1]).toContain('<h1 id="top">Title of p-0</h1>')
    expect(results[0]?.scans).toHaveLength(routes.length)
  })

  it('fails naming the route when a page fails to render on a worker, as in this thread', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `p-${i}`)
    const { dir, entry } = site(
      ids,
      RENDER.replace(
        'const project = await',
        "if (url === '/projects/p-13') throw new Error('bad page'); const project = await",
      ),
    )
    for (const workers of ['never', 'always'] as const) {
      const failed = prerenderRoutes(listRoutes(ids), { serverEntry: entry, siteDir: dir, base: '/', workers })
      await expect(failed).rejects.toThrow(CliError)
      await expect(failed).rejects.toThrow('rendering /projects/p-13 failed: bad page')
    }
  })
})
