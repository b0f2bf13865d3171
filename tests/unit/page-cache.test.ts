import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { listRoutes } from '../../cli/pipeline/list-routes.ts'
import type { PageCache } from '../../cli/pipeline/page-cache.ts'
import { openStore } from '../../cli/cache/store.ts'
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
  const store = openStore(cacheDir, 'v1')
  const entry = path.join(shared, 'entry-server.mjs')
  writeFileSync(entry, RENDER)
  afterAll(() => rmSync(shared, { recursive: true, force: true }))

  /**
   * One build into `site`, as a build does it: pages rendered (or taken from the site in place) into a
   * new folder, which then replaces the site. Gives the pages written and how many were rendered.
   */
  async function build(titles: Record<string, string>, siteKey = 'site-1', site = path.join(shared, 'dist')) {
    const dir = tempDir()
    writeFileSync(path.join(dir, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--></body></html>')
    mkdirSync(path.join(dir, 'data/projects'), { recursive: true })
    const cards = ids.map((id) => ({ id, title: titles[id] }))
    for (const card of cards) writeFileSync(path.join(dir, `data/projects/${card.id}.json`), JSON.stringify(card))
    writeFileSync(path.join(dir, 'data/cards.json'), JSON.stringify(cards))
    const cache: PageCache = {
      store,
      site,
      siteKey,
      projectHashes: new Map(ids.map((id) => [id, `hash of ${titles[id]}`])),
      cardsHash: `hash of ${JSON.stringify(cards)}`,
      cardHashes: new Map(cards.map((card) => [card.id, `hash of ${JSON.stringify(card)}`])),
      techHash: 'no technology pages',
      postHashes: new Map(),
      postsHash: 'no posts',
    }
    const result = await prerenderRoutes(routes, { serverEntry: entry, siteDir: dir, base: '/', cache })
    const pages = Object.fromEntries(result.pages.map((page) => [page, readFileSync(path.join(dir, page), 'utf8')]))
    rmSync(site, { recursive: true, force: true })
    renameSync(dir, site)
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

  it('renders a page again when the index is damaged, with the same result', async () => {
    const first = await build({ a: 'X', b: 'Y', c: 'Z' })
    const indexes = path.join(cacheDir, 'store', 'pages')
    for (const file of readdirSync(indexes)) appendFileSync(path.join(indexes, file), 'garbage')
    const again = await build({ a: 'X', b: 'Y', c: 'Z' })
    expect(again.rendered).toBe(5)
    expect(again.pages).toEqual(first.pages)
  })

  it("renders a page again when its file in the site was changed or removed, and never takes another folder's", async () => {
    const site = path.join(shared, 'site-edits')
    const first = await build({ a: 'P', b: 'Q', c: 'R' }, 'site-1', site)
    writeFileSync(
      path.join(site, 'projects/a/index.html'),
      first.pages['projects/a/index.html']!.replace('<h1>P</h1>', '<h1>edited by hand</h1>'),
    )
    rmSync(path.join(site, 'projects/b/index.html'))
    const again = await build({ a: 'P', b: 'Q', c: 'R' }, 'site-1', site)
    expect(again.rendered).toBe(2)
    expect(again.pages).toEqual(first.pages)
    // The same content built into another folder: that folder has no pages yet, so all are rendered.
    expect((await build({ a: 'P', b: 'Q', c: 'R' }, 'site-1', path.join(shared, 'other-dist'))).rendered).toBe(5)
  })
})
