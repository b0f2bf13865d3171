import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { PageScan } from './check-output.ts'
import { pruneEntries, readEntry, writeEntry } from './cache-entries.ts'
import type { Route } from './list-routes.ts'

/**
 * Prerendered pages, kept by what they are made from, so a rebuild renders only the pages an edit
 * changed. A page is made from the app and the tool that renders it (its bundle, HTML shell, base
 * path and the CLI's own code: the site cache key),
 * its route, and its data: a case study's JSON as the site holds it. The project cards enter a page
 * only if its render asked for them (the home page), and then the entry records which cards it saw.
 * Entries are cache-entries.ts's (a header naming the key, a checksum), so a damaged or foreign
 * entry is rendered again, never trusted.
 */
export const pageCacheDirectory = fileURLToPath(new URL('../../node_modules/.cache/portfolio/pages/', import.meta.url))

export interface PageCache {
  directory: string
  /** The site cache key: differs for any other bundle, shell, base path or CLI code. */
  siteKey: string
  /** A hash of each case study's data as the site holds it (data/projects/<id>.json), by id. */
  projectHashes: ReadonlyMap<string, string>
  /** A hash of the project cards as the site holds them. */
  cardsHash: string
}

/** A cached page: its HTML, what the output check needs of it, and the cards it was rendered with, if it asked for them. */
export interface PageEntry {
  html: string
  scan: PageScan
  cards?: string
}

/** Where a freshly rendered page is stored (the renderer writes the entry, in whichever thread). */
export interface PageStore {
  directory: string
  key: string
  cardsHash: string
}

export function pageKey(cache: PageCache, route: Route): string {
  const data = route.projectId === undefined ? '' : (cache.projectHashes.get(route.projectId) ?? 'missing')
  return createHash('sha256').update(`portfolio-page 1\0${cache.siteKey}\0${route.url}\0${route.file}\0${route.status}\0${data}`).digest('hex')
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** The cached page for this key, if it is whole and was rendered with these cards (when it used any). */
export function readPage(cache: PageCache, key: string): PageEntry | undefined {
  const entry = readEntry(cache.directory, key)
  if (!isPageEntry(entry)) return undefined
  return entry.cards === undefined || entry.cards === cache.cardsHash ? entry : undefined
}

export function storePage(store: PageStore, html: string, scan: PageScan, usedCards: boolean): void {
  const entry: PageEntry = { html, scan, ...(usedCards ? { cards: store.cardsHash } : {}) }
  writeEntry(store.directory, store.key, entry)
}

function isPageEntry(value: unknown): value is PageEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Partial<PageEntry>
  const scan = entry.scan as Partial<PageScan> | undefined
  return typeof entry.html === 'string' && typeof scan?.page === 'string' && Array.isArray(scan.ids) && Array.isArray(scan.links) && (entry.cards === undefined || typeof entry.cards === 'string')
}

/** Keeps the folder bounded: a few builds' worth of pages for a site of `routes` pages. */
export function prunePages(directory: string, routes: number): void {
  pruneEntries(directory, Math.max(2000, 3 * routes))
}
