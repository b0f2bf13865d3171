import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { listRoutes } from '../../cli/pipeline/list-routes.ts'
import type { PageCache } from '../../cli/pipeline/page-cache.ts'
import { prerenderRoutes } from '../../cli/pipeline/prerender.ts'

const tempDir = tempDirsPerTest('portfolio-pages-')

/** A server entry whose pages show their case study, and the home page the cards (the only page that asks for them). */
const RENDER = `
export async function render(url, base, projects, cards) {
  if (url === '/404') return { html: '<main>not found</main>', head: '', status: 404 }
  if (url === '/') return { html: '<main>' + (await cards()).map((c) => '<a href="/projects/' + c.id + '">' + c.title + '</a>').join('') + '</main>', head: '', status: 200 }
  const project = await projects(url.slice('/projects/'.length))
  return { html: '<main><h1>' + project.title + '</h1></main>', head: '', status: 200 }
}
`

describe('page cache', () => {
  const ids = ['a', 'b', 'c']
  const routes = listRoutes(ids)
  // For the whole file (tempDir's folders go after each test).
  const shared = mkdtempSync(path.join(os.tmpdir(), 'portfolio-pages-shared-'))
  const cacheDir = path.join(shared, 'cache')
  const entry = path.join(shared, 'entry-server.mjs')
  writeFileSync(entry, RENDER)
  afterAll(() => rmSync(shared, { recursive: true, force: true }))

  /** One build: the site's data as given, pages rendered or taken from the cache; the written pages. */
  async function build(titles: Record<string, string>, siteKey = 'site-1') {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--></body></html>')
    mkdirSync(path.join(dir, 'data/projects'), { recursive: true })
    const cards = ids.map((id) => ({ id, title: titles[id] }))
    const cache: PageCache = {
      directory: cacheDir,
      siteKey,
      projectHashes: new Map(ids.map((id) => [id, `hash of ${titles[id]}`])),
      cardsHash: `hash of ${JSON.stringify(cards)}`,
    }
    const result = await prerenderRoutes(routes, { serverEntry: entry, siteDir: dir, base: '/', projects: async (id) => ({ id, title: titles[id] }), cards: async () => cards, cache, workers: 0 })
    const pages = Object.fromEntries(result.pages.map((page) => [page, readFileSync(path.join(dir, page), 'utf8')]))
    return { rendered: result.rendered, pages, scans: result.scans }
  }

  it('renders a page again only when what it is made from changed', async () => {
    const first = await build({ a: 'A', b: 'B', c: 'C' })
    expect(first.rendered).toBe(5)
    const again = await build({ a: 'A', b: 'B', c: 'C' })
    expect(again.rendered).toBe(0)
    expect(again).toEqual({ ...first, rendered: 0 })

    // A new title: its case study and the home page (which shows the cards); the others stay.
    const edited = await build({ a: 'A', b: 'B2', c: 'C' })
    expect(edited.rendered).toBe(2)
    expect(edited.pages['projects/b/index.html']).toContain('<h1>B2</h1>')
    expect(edited.pages['index.html']).toContain('>B2</a>')
    expect(edited.pages['projects/a/index.html']).toBe(first.pages['projects/a/index.html'])

    // Another app (bundle, shell or base path): every page.
    expect((await build({ a: 'A', b: 'B2', c: 'C' }, 'site-2')).rendered).toBe(5)
  })

  it('renders a page again when its cached entry is damaged, with the same result', async () => {
    const first = await build({ a: 'X', b: 'Y', c: 'Z' })
    for (const file of readdirSync(cacheDir)) appendFileSync(path.join(cacheDir, file), 'garbage')
    const again = await build({ a: 'X', b: 'Y', c: 'Z' })
    expect(again.rendered).toBe(5)
    expect(again.pages).toEqual(first.pages)
  })
})
