import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { CliError } from '../../cli/errors.ts'
import { listRoutes } from '../../cli/build/list-routes.ts'
import { prerenderWorkerCount } from '../../cli/build/prerender-pool.ts'
import { prerenderRoutes } from '../../cli/build/prerender.ts'

const tempDir = tempDirsPerTest('portfolio-prerender-')

/** A site folder with an HTML shell, a server entry that renders from the case study it is given, and the case studies' JSON. */
function site(ids: string[], render = RENDER): { dir: string; entry: string } {
  const dir = tempDir()
  writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--></body></html>')
  mkdirSync(path.join(dir, 'data/projects'), { recursive: true })
  for (const id of ids) writeFileSync(path.join(dir, `data/projects/${id}.json`), JSON.stringify({ id, title: `Title of ${id}` }))
  const entry = path.join(dir, 'entry-server.mjs')
  writeFileSync(entry, render)
  return { dir, entry }
}

const RENDER = `
import { threadId } from 'node:worker_threads'
export async function render(url, base, projects, cards) {
  const until = performance.now() + 10
  while (performance.now() < until) {} // a page takes a while, so the workers get some
  const thread = '<!--thread:' + threadId + '-->'
  if (url === '/404') return { html: '<main>not found</main>', head: '', status: 404 }
  if (url === '/') return { html: '<main>' + (await cards()).map((c) => '<a href="' + base + 'projects/' + c.id + '">' + c.id + '</a>').join('') + '</main>', head: '', status: 200 }
  const project = await projects(url.slice('/projects/'.length))
  return { html: '<main><h1 id="top">' + project.title + '</h1></main>' + thread, head: '<title>' + project.title + '</title>', status: 200 }
}
`

describe('prerender on worker threads', () => {
  it('starts workers only for hundreds of routes, and then at least two', () => {
    expect(prerenderWorkerCount(8, 2)).toBe(0)
    expect(prerenderWorkerCount(400, 2)).toBe(0)
    expect(prerenderWorkerCount(1002, 2)).toBe(2)
    expect(prerenderWorkerCount(4002, 8)).toBe(8)
    expect(prerenderWorkerCount(4002, 1)).toBe(0)
  })

  it('writes the same pages and scans on workers as in this thread', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `p-${i}`)
    const routes = listRoutes(ids)
    const cards = ids.map((id) => ({ id }))
    const results: { pages: string[]; html: string[]; scans: unknown }[] = []
    for (const workers of [0, 2]) {
      const { dir, entry } = site(ids)
      const projects = async (id: string) => JSON.parse(readFileSync(path.join(dir, `data/projects/${id}.json`), 'utf8')) as unknown
      const out = await prerenderRoutes(routes, { serverEntry: entry, siteDir: dir, base: '/', projects, cards: async () => cards, workers })
      const html = out.pages.map((page) => readFileSync(path.join(dir, page), 'utf8'))
      const threads = new Set(html.map((page) => /<!--thread:(\d+)-->/.exec(page)?.[1]).filter(Boolean))
      expect(threads.size).toBe(workers === 0 ? 1 : 3) // here only, or (at the start) here and then on both workers
      results.push({ pages: out.pages, html: html.map((page) => page.replace(/<!--thread:\d+-->/, '')), scans: out.scans })
    }
    expect(results[1]).toEqual(results[0])
    expect(results[0]?.html[1]).toContain('<h1 id="top">Title of p-0</h1>')
    expect(results[0]?.scans).toHaveLength(202)
  })

  it('fails naming the route when a page fails to render in a worker', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `p-${i}`)
    const { dir, entry } = site(ids, RENDER.replace("const project = await", "if (url === '/projects/p-13') throw new Error('bad page'); const project = await"))
    const projects = async (id: string) => JSON.parse(readFileSync(path.join(dir, `data/projects/${id}.json`), 'utf8')) as unknown
    const options = { serverEntry: entry, siteDir: dir, base: '/', projects, cards: async () => ids.map((id) => ({ id })), workers: 2 }
    await expect(prerenderRoutes(listRoutes(ids), options)).rejects.toThrow(CliError)
    await expect(prerenderRoutes(listRoutes(ids), options)).rejects.toThrow('rendering /projects/p-13 failed: bad page')
  })
})
