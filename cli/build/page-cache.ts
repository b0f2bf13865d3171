import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Store } from '../cache/store.ts'
import type { PageScan } from './check-output.ts'
import type { Route } from './list-routes.ts'

/**
 * Prerendered pages, reused by what they are made from, so a rebuild renders only the pages an edit
 * changed. A page's key is a store key of its inputs: the app that renders it (the app build's key:
 * bundle, HTML shell, base path), its route, and its data (a case study's JSON as the site holds
 * it); the store adds the tool's version. The project cards enter a page only if its render asked
 * for them (the home page), and then its record says which cards it saw.
 *
 * The pages are not stored twice: the site a build replaces holds them. One index per output folder,
 * an entry of the store, records what each page there was made from, its SHA-256 and its output
 * check; the next build into that folder takes a page from the site in place only if its key matches
 * and the file is byte for byte the one recorded. A page edited, deleted or left by another build is
 * rendered again, never trusted; so is every page when the index is damaged (the store checks it).
 */

export interface PageCache {
  /** Where the index is kept. */
  store: Store
  /** The folder the pages are built into: it holds the previous build's pages until this one replaces them. */
  site: string
  /** The app build's key (site-cache.ts): differs for any other bundle, shell or base path. */
  siteKey: string
  /** A hash of each case study's data as the site holds it (data/projects/<id>.json), by id. */
  projectHashes: ReadonlyMap<string, string>
  /** A hash of the project cards as the site holds them. */
  cardsHash: string
}

/** What a page file was made from, its hash, and what the output check needs of it. */
export interface PageRecord {
  key: string
  sha256: string
  scan: PageScan
  /** The cards hash, when the page's render asked for the cards. */
  cards?: string
}

export function pageKey(cache: PageCache, route: Route): string {
  const data = route.projectId === undefined ? '' : (cache.projectHashes.get(route.projectId) ?? 'missing')
  return cache.store.key('page', cache.siteKey, route.url, route.file, String(route.status), data)
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

const INDEX = 'pages'

function indexKey(cache: PageCache): string {
  return cache.store.key(INDEX, path.resolve(cache.site))
}

/** The previous build's records for this output folder, by page file; empty when there are none (or they are damaged). */
export function readPageIndex(cache: PageCache): Map<string, PageRecord> {
  const entry = cache.store.get(INDEX, indexKey(cache))
  if (typeof entry !== 'object' || entry === null) return new Map()
  const { site, pages } = entry as { site?: unknown; pages?: unknown }
  if (site !== path.resolve(cache.site) || !(pages instanceof Map)) return new Map()
  return new Map(
    [...(pages as Map<unknown, unknown>)].filter(
      (pair): pair is [string, PageRecord] => typeof pair[0] === 'string' && isPageRecord(pair[1]),
    ),
  )
}

/**
 * The page at `route` as the site in place holds it, when it is still what this build would render:
 * same key (pageKey), same cards if it used them, and the very bytes recorded. Undefined otherwise.
 */
export function reusablePage(
  cache: PageCache,
  index: ReadonlyMap<string, PageRecord>,
  route: Route,
  key: string,
): { html: string; record: PageRecord } | undefined {
  const record = index.get(route.file)
  if (!record || record.key !== key || record.scan.page !== route.file) return undefined
  if (record.cards !== undefined && record.cards !== cache.cardsHash) return undefined
  const file = path.join(cache.site, route.file)
  let html: string
  try {
    html = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  return hashText(html) === record.sha256 ? { html, record } : undefined
}

/** Keeps this build's records for its output folder (the pages it wrote there, once it is swapped in). */
export function writePageIndex(cache: PageCache, records: ReadonlyMap<string, PageRecord>): void {
  cache.store.set(INDEX, indexKey(cache), { site: path.resolve(cache.site), pages: records })
}

function isPageRecord(value: unknown): value is PageRecord {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Partial<PageRecord>
  const scan = record.scan as Partial<PageScan> | undefined
  return (
    typeof record.key === 'string' &&
    typeof record.sha256 === 'string' &&
    typeof scan?.page === 'string' &&
    Array.isArray(scan.ids) &&
    Array.isArray(scan.links) &&
    (record.cards === undefined || typeof record.cards === 'string')
  )
}
