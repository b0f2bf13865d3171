import { createHash } from 'node:crypto'
import { linkFile, writeNewFile, writeOrLinkSame } from '../cache/link-file.ts'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { CliError } from '../errors.ts'
import type { Route } from './list-routes.ts'
import { scanPage, type PageScan } from './check-output.ts'
import { hashText, pageKey, readPageIndex, reusablePage, writePageIndex, type PageCache, type PageRecord } from './page-cache.ts'
import { renderOnAllCores } from './prerender-pool.ts'
import { SpareDirectories } from '../cache/spare-directories.ts'
import { pageDataScript } from '../generate/project-data.ts'
import { loadServerBundle } from './load-server-entry.ts'

export interface RenderedPage {
  html: string
  head: string
  status: 200 | 404
  /** What the page inlines for hydration (cards, a case study's data), if anything. */
  data?: unknown
}

/** Case studies for the server render, by id; null for an unknown id. */
export type ProjectLookup = (id: string) => Promise<unknown>

/** The project cards for the server render. */
export type CardsLookup = () => Promise<unknown[]>

type RenderFunction = (url: string, base: string, projects: ProjectLookup, cards: CardsLookup) => Promise<RenderedPage>

/** What rendering a page gives: what the output check needs of it, its file's SHA-256, and whether it used the cards. */
export interface RenderedRoute {
  scan: PageScan
  sha256: string
  usedCards: boolean
}

/** Renders one route, writes its page into the site folder, and says what it wrote. */
export type PageRenderer = (route: Route, projects: ProjectLookup, cards: CardsLookup) => Promise<RenderedRoute>

/** A route rendered and checked, not yet in the HTML shell: what a page is made of. */
export interface RenderedRouteBody {
  page: RenderedPage
  /** Whether the render asked for the project cards (the page then depends on them). */
  usedCards: boolean
}

/** Loads the server bundle's render function (once per call). */
async function loadRenderFunction(serverEntry: string): Promise<RenderFunction> {
  const module = await loadServerBundle<{ render?: RenderFunction }>(serverEntry)
  const render = module.render
  if (typeof render !== 'function') throw new CliError(`${serverEntry} does not export render(url, base)`)
  return render
}

/** Renders one route; fails on a render error, a status other than the route's, or an empty <main>. */
async function renderRoute(render: RenderFunction, route: Route, base: string, projects: ProjectLookup, cards: CardsLookup): Promise<RenderedRouteBody> {
  let page: RenderedPage
  let usedCards = false
  const seenCards: CardsLookup = () => {
    usedCards = true
    return cards()
  }
  // The app asks for a case study while preparing the page and again while rendering it: read once.
  const read = new Map<string, Promise<unknown>>()
  const onceEach: ProjectLookup = (id) => {
    let value = read.get(id)
    if (!value) read.set(id, (value = projects(id)))
    return value
  }
  try {
    page = await render(route.url, base, onceEach, seenCards)
  } catch (error) {
    throw new CliError(`rendering ${route.url} failed: ${error instanceof Error ? error.message : String(error)}`, 'This is a problem in the site code (site/src), not in the content.', { cause: error })
  }
  if (page.status !== route.status) throw new CliError(`rendering ${route.url} gave status ${page.status}, expected ${route.status}`)
  if (!hasContentInMain(page.html)) throw new CliError(`rendering ${route.url} produced an empty <main>`)
  return { page, usedCards }
}

/**
 * Every route rendered ahead of its page: what a build does with the server bundle while the browser
 * bundle is still being built (the HTML shell comes from that one), in a thread that would otherwise
 * wait. By the route's file; fails as the prerender would.
 */
export async function renderAhead(routes: readonly Route[], options: Pick<PrerenderOptions, 'serverEntry' | 'base' | 'projects' | 'cards'>): Promise<Map<string, RenderedRouteBody>> {
  const render = await loadRenderFunction(options.serverEntry)
  const bodies = new Map<string, RenderedRouteBody>()
  for (const route of routes) bodies.set(route.file, await renderRoute(render, route, options.base, options.projects, options.cards))
  return bodies
}

/**
 * Loads the server bundle once (when a route is not among those rendered `ahead`); each call renders
 * one route into the HTML shell (`template`, read before any page is written: the home page is
 * written over the client build's index.html) and writes it (or links the page of `previousSite`,
 * the site this build replaces, when it is the same). Fails on a render error, a status other than
 * the route's, or an empty <main>. Used in this thread and in each prerender worker, each with its
 * own `spares` (page folders are made from them).
 */
export async function loadPageRenderer(serverEntry: string, template: string, siteDir: string, base: string, previousSite?: string, spares = new SpareDirectories(), ahead?: ReadonlyMap<string, RenderedRouteBody>): Promise<PageRenderer> {
  let loading: Promise<RenderFunction> | undefined
  const render = () => (loading ??= loadRenderFunction(serverEntry))
  if (!ahead) await render()
  // The site folder itself is there (the shell was read from it): only a page's own folder is made.
  spares.have(siteDir)
  return async (route, projects, cards) => {
    const { page, usedCards } = ahead?.get(route.file) ?? (await renderRoute(await render(), route, base, projects, cards))
    const html = template.replace('<!--app-head-->', () => page.head + pageDataScript(page.data)).replace('<!--app-html-->', () => page.html)
    const directory = path.dirname(path.join(siteDir, route.file))
    // Synchronous: a page is written by the thread that rendered it, which waits for it either way, and
    // a write through libuv's pool costs several times more on a machine whose cores are all busy.
    spares.make(directory)
    writeOrLinkSame(siteDir, route.file, html, previousSite)
    return { scan: scanPage(route.file, html), sha256: hashText(html), usedCards }
  }
}

export interface PrerenderOptions {
  serverEntry: string
  siteDir: string
  base: string
  projects: ProjectLookup
  cards: CardsLookup
  /** Worker threads rendering beside this one; by default as many as pay off for this many routes. */
  workers?: number
  /** Pages of the build in place, by what they are made from; only the others are rendered. */
  cache?: PageCache
  /** The site this build replaces: a rendered page it already holds byte for byte is linked from it. */
  previousSite?: string
  /** Routes already rendered (see renderAhead), by file: only written here. */
  ahead?: ReadonlyMap<string, RenderedRouteBody>
}

export interface Prerendered {
  /** Page files written, in route order. */
  pages: string[]
  /** What the output check needs of each page, in route order. */
  scans: PageScan[]
  /** How many pages were rendered now (the rest came from the page cache). */
  rendered: number
}

/** Renders every route with the server bundle into the client build's HTML shell; fails on any mismatch. */
export async function prerenderRoutes(routes: readonly Route[], options: PrerenderOptions): Promise<Prerendered> {
  const template = withSecurityHeaders(await readFile(path.join(options.siteDir, 'index.html'), 'utf8'))
  const scans: PageScan[] = new Array<PageScan>(routes.length)
  const toRender: { route: Route; index: number; key?: string }[] = []
  const cache = options.cache
  const index = cache ? readPageIndex(cache) : new Map<string, PageRecord>()
  const records = new Map<string, PageRecord>()
  // This thread's page folders, the reused pages' and those it renders (the workers have their own).
  const spares = new SpareDirectories()
  spares.have(options.siteDir)
  // Pages unchanged since the build in place are taken from it, each checked just before.
  routes.forEach((route, at) => {
    const key = cache && pageKey(cache, route)
    const reused = cache && key ? reusablePage(cache, index, route, key) : undefined
    if (!reused) return void toRender.push({ route, index: at, ...(key ? { key } : {}) })
    scans[at] = reused.record.scan
    records.set(route.file, reused.record)
    const target = path.join(options.siteDir, route.file)
    spares.make(path.dirname(target))
    // The same bytes: the old site's file, linked rather than written again (see link-file.ts).
    if (!linkFile(reused.file, target)) writeNewFile(target, reused.html)
  })
  if (toRender.length > 0) {
    const renderer = await loadPageRenderer(options.serverEntry, template, options.siteDir, options.base, options.previousSite, spares, options.ahead)
    const rendered = await renderOnAllCores(toRender.map((job) => job.route), renderer, template, options)
    rendered.forEach((page, i) => {
      const { route, index: at, key } = toRender[i]!
      scans[at] = page.scan
      if (cache && key) records.set(route.file, { key, sha256: page.sha256, scan: page.scan, ...(page.usedCards ? { cards: cache.cardsHash } : {}) })
    })
  }
  if (cache) writePageIndex(cache, records)
  return { pages: routes.map((route) => route.file), scans, rendered: toRender.length }
}

/**
 * A Content-Security-Policy as the first thing in <head>: scripts only from the site itself plus the
 * inline theme script, allowed by its hash (no 'unsafe-inline' for scripts).
 */
export function withSecurityHeaders(template: string): string {
  const hashes = [...template.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}'`)
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${csp}">\n    <meta name="referrer" content="strict-origin-when-cross-origin">`
  // After <meta charset> (which must come first), before anything that loads.
  return /<meta charset[^>]*>/i.test(template) ? template.replace(/<meta charset[^>]*>/i, (m) => `${m}\n    ${meta}`) : template.replace(/<head>/, () => `<head>\n    ${meta}`)
}

/** True when the page has a <main> with something other than whitespace in it. A linear scan: a
 * regular expression with two unbounded wildcards backtracks quadratically on a long page. */
export function hasContentInMain(html: string): boolean {
  const open = /<main[\s>]/.exec(html)
  if (!open) return false
  const start = html.indexOf('>', open.index) + 1
  const end = html.lastIndexOf('</main>')
  return start > 0 && end >= start && html.slice(start, end).trim() !== ''
}
