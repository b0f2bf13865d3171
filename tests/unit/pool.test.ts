import { afterAll, describe, expect, it, vi } from 'vitest'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { noStore } from '../../cli/cache/no-store.ts'
import { openPool } from '../../cli/pipeline/jobs.ts'
import { listRoutes } from '../../cli/pipeline/list-routes.ts'
import { prerenderRoutes } from '../../cli/pipeline/prerender.ts'
import { CliError } from '../../cli/errors.ts'
import { cardSvg } from '../../cli/social/card-svg.ts'
import { socialCardSpecs } from '../../cli/social/social-images.ts'
import { openPool as openWorkerPool, poolCounters, poolSize } from '../../cli/workers/pool.ts'
import { REPO_ROOT } from '../helpers/fixtures.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

// A test that starts workers loads a stage's modules through tsx in each of them: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 })

const pools = { never: openPool('never'), always: openPool('always') }
afterAll(() => Promise.all(Object.values(pools).map((pool) => pool.close())))

const projectFile = (id: string) => {
  const file = `projects/${id}.yaml`
  return { path: file, text: readFileSync(path.join(REPO_ROOT, file), 'utf8') }
}
const broken = { path: 'projects/broken.yaml', text: 'id: broken\ntitle: [unclosed\n' }
/**
 * A project file that fails its own checks (it has only an id): its job checks it and compiles
 * nothing. The tests of the pool's own behaviour (where jobs run, order, abort, errors) use it, so
 * they do not draw diagrams, on every worker they start, that they never look at.
 */
const checkedOnly = (id: string) => ({ path: `projects/${id}.yaml`, text: `id: ${id}\n` })
/** Where the jobs keep what they make: nowhere. */
const store = noStore.address

describe('the worker pool', () => {
  it('gives the same results, in the order of its inputs, in this thread and on workers', async () => {
    const inputs = [projectFile('logic-i'), broken, projectFile('authstack'), projectFile('todoapppro')].map(
      (source) => ({ source, store }),
    )
    const here = await pools.never.runJobs('project', inputs)
    const before = { ...poolCounters }
    const there = await pools.always.runJobs('project', inputs)
    expect(poolCounters.onWorkers - before.onWorkers).toBe(inputs.length)
    expect(poolCounters.inThread).toBe(before.inThread)
    expect(there).toEqual(here)
    expect(here.map((result) => result.path)).toEqual(inputs.map((input) => input.source.path))
    // The broken file gives its diagnostics as data and is not compiled; the valid ones are.
    expect(here[1]?.diagnostics.length).toBeGreaterThan(0)
    expect(here[1]?.compiled).toBeUndefined()
    expect(here[0]?.compiled?.project.id).toBe('logic-i')
  })

  it('starts a job the build waits on before background jobs queued earlier (cards fill idle time)', async () => {
    const pool = openWorkerPool(new URL('../helpers/wait-jobs.ts', import.meta.url), 'always')
    try {
      // Four times what the workers take at once (two each), so most background jobs wait in the queue.
      const slots = poolSize() * 2
      // Every worker up and its modules loaded first: a worker still starting would hold the jobs
      // handed to it, and the order below would depend on how long starting takes on a busy machine.
      await pool.runJobs(
        'wait',
        Array.from({ length: slots * 2 }, (_, i) => ({ name: `warm ${i}`, ms: 20 })),
      )
      const finished: string[] = []
      const done = (name: string) => (finished.push(name), name)
      const background = pool.runJobs(
        'wait',
        Array.from({ length: slots * 4 }, (_, i) => ({ name: `card ${i}`, ms: 40 })),
        { background: true, each: done },
      )
      await pool.runJobs('wait', [{ name: 'page', ms: 1 }], { each: done })
      await background
      // The page waited for a free worker, not for the queue: at most the jobs already running finished first.
      expect(finished.indexOf('page')).toBeLessThanOrEqual(slots)
      expect(finished).toHaveLength(slots * 4 + 1)
    } finally {
      await pool.close()
    }
  })

  it('draws the same social card on a worker as in this thread', async () => {
    const dir = tempDir()
    mkdirSync(path.join(dir, 'here/og'), { recursive: true })
    mkdirSync(path.join(dir, 'there/og'), { recursive: true })
    const specs = socialCardSpecs({
      portfolio: {
        site: { url: 'https://jane.dev' },
        owner: { name: 'Jane Doe', role: 'Engineer' },
        hero: { headline: '', claims: [] },
        availability: { text: '' },
      },
      projects: [{ id: 'alpha', title: 'Alpha', description: 'A project.', tech: ['Go'] }],
    })
    const jobs = (folder: string) =>
      specs.map((spec) => ({ svg: cardSvg(spec), file: spec.file, siteDir: folder, store, key: '' }))
    const here = await pools.never.runJobs('card', jobs(path.join(dir, 'here')))
    const there = await pools.always.runJobs('card', jobs(path.join(dir, 'there')))
    expect(there).toEqual(here)
    for (const spec of specs)
      expect(
        readFileSync(path.join(dir, 'there', spec.file)).equals(readFileSync(path.join(dir, 'here', spec.file))),
      ).toBe(true)
  }, 60_000)

  it('runs jobs in this thread when told to, and under the test runner by default', async () => {
    const before = { ...poolCounters }
    const pool = openPool()
    try {
      await pool.runJobs('project', [{ store, source: checkedOnly('logic-i') }])
      await pools.never.runJobs('project', [{ store, source: checkedOnly('logic-i') }])
      expect(poolCounters.inThread - before.inThread).toBe(2)
      expect(poolCounters.onWorkers).toBe(before.onWorkers)
    } finally {
      await pool.close()
    }
  })

  it('runs a batch too small to pay for starting workers here, and a large one on workers', async () => {
    const stillUnderVitest = process.env.VITEST
    delete process.env.VITEST
    const pool = openPool('auto')
    try {
      const job = { store, source: checkedOnly('logic-i') }
      const before = { ...poolCounters }
      await pool.runJobs('project', [job, job], { perWorker: 3 })
      expect(poolCounters.inThread - before.inThread).toBe(2)
      await pool.runJobs('project', [job, job, job], { perWorker: 3 })
      expect(poolCounters.onWorkers - before.onWorkers).toBe(3)
      // Once the workers are up, a small batch goes to them too.
      await pool.runJobs('project', [job], { perWorker: 3 })
      expect(poolCounters.onWorkers - before.onWorkers).toBe(4)
      expect(poolCounters.inThread - before.inThread).toBe(2)
    } finally {
      process.env.VITEST = stillUnderVitest
      await pool.close()
    }
  })

  it('hands each result to `each` as it arrives and keeps what it returns', async () => {
    const inputs = ['logic-i', 'authstack'].map((id) => ({ store, source: checkedOnly(id) }))
    for (const pool of [pools.never, pools.always]) {
      const seen: number[] = []
      const kept = await pool.runJobs('project', inputs, {
        each: (result, index) => (seen.push(index), `${index}:${result.path}`),
      })
      expect(kept).toEqual(['0:projects/logic-i.yaml', '1:projects/authstack.yaml'])
      expect(seen.sort()).toEqual([0, 1])
    }
  })

  it('starts its workers again when used after it was closed', async () => {
    const pool = openPool('always')
    const job = { store, source: checkedOnly('logic-i') }
    expect(await pool.runJobs('project', [job])).toHaveLength(1)
    await pool.close()
    expect(await pool.runJobs('project', [job])).toHaveLength(1)
    await pool.close()
  })

  it('drops the jobs not started yet when its signal aborts', async () => {
    const stop = new AbortController()
    stop.abort(new Error('the build stopped'))
    for (const pool of [pools.never, pools.always])
      await expect(
        pool.runJobs('project', [{ store, source: checkedOnly('logic-i') }], { signal: stop.signal }),
      ).rejects.toThrow()
  })

  it('rejects with the error a job threw, on a worker as in this thread', async () => {
    const bad = [{ store, source: undefined as unknown as { path: string; text: string } }]
    await expect(pools.never.runJobs('project', bad)).rejects.toThrow(TypeError)
    await expect(pools.always.runJobs('project', bad)).rejects.toThrow(/TypeError|Cannot read/)
    // The pool still works afterwards.
    expect(await pools.always.runJobs('project', [{ store, source: checkedOnly('logic-i') }])).toHaveLength(1)
  })

  it('runs nothing for no jobs', async () => {
    expect(await pools.always.runJobs('project', [])).toEqual([])
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
