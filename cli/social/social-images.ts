import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { Store } from '../cache/store.ts'
import { hashBytes, readCardIndex, reusableCard, writeCardIndex, type CardRecord } from './card-index.ts'
import { FONT_FILES } from './card-fonts.ts'
import { socialCardSpecs, type CardSpec } from './card-specs.ts'
import { cardSvg } from './card-svg.ts'
import { CARD_RENDERER, renderCard } from './render-card.ts'

export { socialCardSpecs, type CardSpec } from './card-specs.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, an SVG
 * drawn from the content in the site's look (card-svg.ts) and rendered by takumi (render-card.ts).
 * A rendered card is kept in the store under its SVG, so a build renders only the cards whose
 * content changed; and a card the site in place already holds, unchanged, is taken from there
 * (card-index.ts), so a rebuild reads from the store only the cards that changed.
 */

const KIND = 'card'

let memoFonts: string | undefined
/**
 * The fonts' hash: with the SVG and the renderer's version, what decides a card's pixels besides the
 * tool's version (which the store's keys hold).
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
  return store.key(KIND, CARD_RENDERER, fontsKey(), svg)
}

export interface CardWriteOptions {
  /** Stops the rendering (the build failed meanwhile): no card is written after, and the call rejects with the signal's reason. */
  signal?: AbortSignal
  /**
   * The output folder the cards will be swapped into, holding the previous build's: a card whose key
   * and bytes match its record there is taken from it. Needs a store (where its index is kept).
   */
  site?: string
}

/** Renders every card of the content into the site folder (og/index.png, og/<id>.png), taking from and keeping in `store` if given. */
export async function writeSocialImages(siteDir: string, content: CompiledContent, store?: Store): Promise<string[]> {
  return writeSocialCards(siteDir, socialCardSpecs(content), store)
}

/**
 * Writes each card into the site folder: from the store when its SVG was rendered before, else
 * rendered now and kept. Returns the files written. A card is rendered off this thread (takumi
 * draws on libuv's threads), so the build's other steps go on meanwhile.
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
  for (const spec of specs) {
    signal?.throwIfAborted()
    const svg = cardSvg(spec)
    const key = store && cardKey(store, svg)
    const inPlace = key === undefined || site === undefined ? undefined : reusableCard(site, index, spec.file, key)
    const kept = inPlace ?? (key === undefined ? undefined : store?.get(KIND, key))
    const png = Buffer.isBuffer(kept) ? kept : await renderCard(svg)
    if (png !== kept) {
      if (key !== undefined) store?.set(KIND, key, png)
      signal?.throwIfAborted()
    }
    writeFileSync(path.join(siteDir, spec.file), png)
    if (key !== undefined)
      records.set(spec.file, { key, sha256: png === inPlace ? index.get(spec.file)!.sha256 : hashBytes(png) })
  }
  if (store && site !== undefined) writeCardIndex(store, site, records)
  return specs.map((spec) => spec.file)
}
