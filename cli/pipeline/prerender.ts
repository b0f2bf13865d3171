import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Route } from './list-routes.ts'
import type { PageScan } from './scan-page.ts'
import { pageKey, pageRecord, pagesInPlace, samePageInputs, type PageCache } from './page-cache.ts'
import { CliError } from '../errors.ts'
import type { WorkerMode } from '../workers/pool.ts'
import { openPool, type BuildPool } from './jobs.ts'
import { PAGES_PER_WORKER, type PageWritten } from './page-job.ts'
import { withAnalytics, type AnalyticsConfig } from '../analytics/providers.ts'

export interface PrerenderOptions {
  serverEntry: string
  /** The site folder: holds the data files pages render from (see page-job.ts), and takes the pages; and the HTML shell when `shell` is not given. */
  siteDir: string
  base: string
  /** The pool pages render on (a build's); without one, prerenderRoutes opens its own with `workers` (see cli/workers/pool.ts). */
  pool?: BuildPool
  workers?: WorkerMode
  /** Told how many pages are written so far, of how many, as they are. */
  progress?: (done: number, total: number) => void
  /** Pages of the build in place, by what they are made from; only the others are rendered. */
  cache?: PageCache
  /** The content's `analytics:`: its tracker goes into every page, its origins into the policy (cli/analytics). */
  analytics?: AnalyticsConfig
  /** The client build's index.html as Vite wrote it (SiteBuild.shell); read from `siteDir` when not given. */
  shell?: string
}

export interface Prerendered {
  /** Page files written, in route order. */
  pages: string[]
  /** What the output check needs of each page, in route order. */
  scans: PageScan[]
  /** How many pages were rendered in this build (the rest came from the page cache). */
  rendered: number
}

/**
 * Renders every route with the server entry into the client build's HTML shell (its index.html)
 * into <site>/<route>/index.html; fails on a render error, a status other than the route's, or an
 * empty <main>. Pages the cache vouches for are hard-linked from the site in place instead. The
 * others are jobs of the worker pool, each of which writes its page (page-job.ts).
 */
export async function prerenderRoutes(routes: readonly Route[], options: PrerenderOptions): Promise<Prerendered> {
  const shell = withAnalytics(
    options.shell ?? (await readFile(path.join(options.siteDir, 'index.html'), 'utf8')),
    options.analytics,
  )
  const template = withSecurityHeaders(shell.page, shell)
  const { cache } = options
  const inPlace = cache && pagesInPlace(cache, options.siteDir)
  const scans = new Array<PageScan>(routes.length)
  const toRender: { route: Route; at: number; key: string | undefined }[] = []
  let reusedPages = 0
  const keep = (at: number, key: string | undefined, page: PageWritten) => {
    scans[at] = page.scan
    if (cache && key) inPlace?.record(page.file, key, page.sha256, pageRecord(cache, routes[at]!, page))
  }
  routes.forEach((route, at) => {
    const key = cache && pageKey(cache, route)
    const taken = cache && key ? inPlace?.take(route.file, key, samePageInputs(cache, route)) : undefined
    if (taken) {
      scans[at] = taken.data.scan
      reusedPages += 1
      return
    }
    toRender.push({ route, at, key })
  })
  // The first failure, kept until every job is back: thrown from a worker's answer, it would take the process down.
  let failure: { error: unknown } | undefined
  const inputs = toRender.map(({ route }) => ({
    serverEntry: options.serverEntry,
    template,
    siteDir: options.siteDir,
    base: options.base,
    route,
  }))
  let written = reusedPages
  options.progress?.(written, routes.length)
  const pool = options.pool ?? openPool(options.workers)
  try {
    await pool.runJobs('page', inputs, {
      perWorker: PAGES_PER_WORKER,
      each: (result, i) => {
        options.progress?.(++written, routes.length)
        if (failure) return
        const job = toRender[i]!
        try {
          if ('error' in result) throw new CliError(result.error, result.hint)
          keep(job.at, job.key, result.page)
        } catch (error) {
          failure = { error }
        }
      },
    })
  } finally {
    if (!options.pool) await pool.close()
  }
  if (failure) throw failure.error
  inPlace?.save()
  return { pages: routes.map((route) => route.file), scans, rendered: routes.length - reusedPages }
}

/**
 * A Content-Security-Policy as the first thing in <head>: scripts only from the site itself plus the
 * inline theme script, allowed by its hash (no 'unsafe-inline' for scripts), and the origins of the
 * analytics tracker the content chose, if any (`allow`).
 */
export function withSecurityHeaders(
  template: string,
  allow: { scriptSrc: readonly string[]; connectSrc: readonly string[] } = { scriptSrc: [], connectSrc: [] },
): string {
  const hashes = [...template.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  )
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${[...hashes, ...allow.scriptSrc].join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    ["connect-src 'self'", ...allow.connectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${csp}">\n    <meta name="referrer" content="strict-origin-when-cross-origin">`
  // After <meta charset> (which must come first), before anything that loads.
  return /<meta charset[^>]*>/i.test(template)
    ? template.replace(/<meta charset[^>]*>/i, (m) => `${m}\n    ${meta}`)
    : template.replace(/<head>/, () => `<head>\n    ${meta}`)
}
