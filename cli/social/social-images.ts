import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { CompiledContent } from '../compile/compile-content.ts'
import { storeAt, type Store, type StoreAddress } from '../cache/store.ts'
import { hashBytes, readCardIndex, reusableCard, writeCardIndex, type CardRecord } from './card-index.ts'
import { FONT_FILES } from './card-fonts.ts'
import { socialCardSpecs, type CardSpec } from './card-specs.ts'
import { cardSvg } from './card-svg.ts'
import { renderCard } from './render-card.ts'

export { socialCardSpecs, type CardSpec } from './card-specs.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, an SVG
 * drawn from the content in the site's look (card-svg.ts) and rendered by resvg (render-card.ts).
 * A rendered card is kept in the store under its SVG, so a build renders only the cards whose
 * content changed; and a card the site in place already holds, unchanged, is taken from there
 * (card-index.ts), so a rebuild reads from the store only the cards that changed.
 */

const KIND = 'card'

let memoFonts: string | undefined
/**
 * The fonts' hash: with the SVG, what decides a card's pixels besides the tool's version (which the
 * store's keys hold: resvg's version in the lockfile, its options in render-card.ts).
 */
function fontsKey(): string {
  if (memoFonts) return memoFonts
  const hash = createHash('sha256')
  for (const font of Object.values(FONT_FILES)) hash.update(readFileSync(font))
  memoFonts = hash.digest('hex')
  return memoFonts
}

/** The store key of a card's SVG. */
export function cardKey(store: Store, svg: string): string {
  return store.key(KIND, fontsKey(), svg)
}

export interface CardWriteOptions {
  /** Stops the drawing (the build failed meanwhile): no card is written after, and the call rejects with the signal's reason. */
  signal?: AbortSignal
  /**
   * The output folder the cards will be swapped into, holding the previous build's: a card whose key
   * and bytes match its record there is taken from it. Needs a store (where its index is kept).
   */
  site?: string
  /**
   * Draws the cards neither the site in place nor the store holds, each with drawCard, and returns
   * their results in order: a build hands them to its worker pool. @default one after another in this thread
   */
  draw?: (jobs: readonly CardJob[]) => Promise<readonly CardDrawn[]>
}

/** One card to draw: its SVG, where it goes, and where it is kept. Plain data, so any thread can draw it. */
export interface CardJob {
  svg: string
  /** The card's file under `siteDir` (og/<id>.png). */
  file: string
  siteDir: string
  /** Where the card is kept under `key` once drawn. */
  store?: StoreAddress
  key?: string
}

export interface CardDrawn {
  sha256: string
}

/**
 * Draws one card (resvg, render-card.ts), keeps it in the store and writes it into the site folder.
 * The per-card job of a build's pool: only the PNG's hash comes back, not its bytes.
 */
export async function drawCard(job: CardJob): Promise<CardDrawn> {
  const png = renderCard(job.svg)
  if (job.store && job.key !== undefined) storeAt(job.store).set(KIND, job.key, png)
  writeFileSync(path.join(job.siteDir, job.file), png)
  return { sha256: hashBytes(png) }
}

/** Renders every card of the content into the site folder (og/index.png, og/<id>.png), taking from and keeping in `store` if given. */
export async function writeSocialImages(siteDir: string, content: CompiledContent, store?: Store): Promise<string[]> {
  return writeSocialCards(siteDir, socialCardSpecs(content), store)
}

/**
 * Writes each card into the site folder: from the site in place or the store when its SVG was drawn
 * before, else drawn now (options.draw) and kept. Returns the files written, in the order of `specs`.
 *
 * A card costs resvg ~60-100 ms of CPU (parsing and shaping its text, painting 1200x630 pixels,
 * encoding the PNG): nothing next to a small site's build, but most of a cold build of a thousand
 * projects, which hands them to its worker pool.
 */
export async function writeSocialCards(
  siteDir: string,
  specs: readonly CardSpec[],
  store: Store | undefined,
  options: CardWriteOptions = {},
): Promise<string[]> {
  const { signal, site } = options
  const index = store && site !== undefined ? readCardIndex(store, site) : new Map<string, CardRecord>()
  const records = new Map<string, CardRecord>()
  mkdirSync(path.join(siteDir, 'og'), { recursive: true })
  const toDraw: CardJob[] = []
  for (const spec of specs) {
    signal?.throwIfAborted()
    const svg = cardSvg(spec)
    const key = store && cardKey(store, svg)
    const inPlace = key === undefined || site === undefined ? undefined : reusableCard(site, index, spec.file, key)
    const kept = inPlace ?? (key === undefined ? undefined : store?.get(KIND, key))
    if (!Buffer.isBuffer(kept)) {
      toDraw.push({
        svg,
        file: spec.file,
        siteDir,
        ...(store && key !== undefined ? { store: store.address, key } : {}),
      })
      continue
    }
    writeFileSync(path.join(siteDir, spec.file), kept)
    if (key !== undefined)
      records.set(spec.file, { key, sha256: kept === inPlace ? index.get(spec.file)!.sha256 : hashBytes(kept) })
  }
  const drawn = await (options.draw ?? ((jobs) => drawHere(jobs, signal)))(toDraw)
  toDraw.forEach(({ file, key }, i) => key !== undefined && records.set(file, { key, sha256: drawn[i]!.sha256 }))
  if (store && site !== undefined) writeCardIndex(store, site, records)
  return specs.map((spec) => spec.file)
}

/** Draws the cards one at a time in this thread, giving the event loop a turn between them. */
async function drawHere(jobs: readonly CardJob[], signal: AbortSignal | undefined): Promise<CardDrawn[]> {
  const drawn: CardDrawn[] = []
  for (const job of jobs) {
    await nextTurn()
    signal?.throwIfAborted()
    drawn.push(await drawCard(job))
  }
  return drawn
}
