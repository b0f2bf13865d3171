import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Store } from '../cache/store.ts'

/**
 * Cards already in the site a build replaces, reused as pages are (build/page-cache.ts): a rebuild
 * after one edit takes every other card from the site in place instead of reading it from the store
 * (at 1000 projects, ~112 MB read, checked and decoded again for the one card that changed).
 *
 * One index per output folder, an entry of the store, records each card file's store key (its SVG
 * and the fonts) and SHA-256. The next build into that folder takes a card from the site only if its
 * key matches and the file is byte for byte the one recorded; a card edited, deleted or left by
 * another build comes from the store or is drawn again, never trusted; so is every card when the
 * index is damaged (the store checks it).
 */

const INDEX = 'cards'

/** What a card file in the site was made from, and its hash. */
export interface CardRecord {
  key: string
  sha256: string
}

export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function indexKey(store: Store, site: string): string {
  return store.key(INDEX, path.resolve(site))
}

/** The previous build's records for the output folder `site`, by card file; empty when there are none (or they are damaged). */
export function readCardIndex(store: Store, site: string): Map<string, CardRecord> {
  const entry = store.get(INDEX, indexKey(store, site))
  if (typeof entry !== 'object' || entry === null) return new Map()
  const { site: folder, cards } = entry as { site?: unknown; cards?: unknown }
  if (folder !== path.resolve(site) || !(cards instanceof Map)) return new Map()
  return new Map(
    [...(cards as Map<unknown, unknown>)].filter(
      (pair): pair is [string, CardRecord] => typeof pair[0] === 'string' && isCardRecord(pair[1]),
    ),
  )
}

/** The card `file` as the site in place holds it, when it has `key` and the very bytes recorded; undefined otherwise. */
export function reusableCard(
  site: string,
  index: ReadonlyMap<string, CardRecord>,
  file: string,
  key: string,
): Buffer | undefined {
  const record = index.get(file)
  if (!record || record.key !== key) return undefined
  let png: Buffer
  try {
    png = readFileSync(path.join(site, file))
  } catch {
    return undefined
  }
  return hashBytes(png) === record.sha256 ? png : undefined
}

/** Keeps this build's records for the output folder `site` (the cards it wrote there, once it is swapped in). */
export function writeCardIndex(store: Store, site: string, cards: ReadonlyMap<string, CardRecord>): void {
  store.set(INDEX, indexKey(store, site), { site: path.resolve(site), cards })
}

function isCardRecord(value: unknown): value is CardRecord {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Partial<CardRecord>
  return typeof record.key === 'string' && typeof record.sha256 === 'string'
}
