import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { Store } from '../cache/store.ts'
import { fileDigests } from '../cache/file-digests.ts'
import { openSiteInPlace, sha256Hex, type SiteInPlace } from '../cache/site-in-place.ts'
import { FONT_FILES } from './card-fonts.ts'
import { socialCardSpecs, type CardSpec } from './card-specs.ts'
import { cardSvg } from './card-svg.ts'
import { CARD_RENDERER, renderCard } from './render-card.ts'

export { socialCardSpecs, type CardSpec } from './card-specs.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, an SVG
 * drawn from the content in the site's look (card-svg.ts) and rendered by takumi (render-card.ts).
 * A rendered card is kept in the store under its SVG, so a build renders only the cards whose
 * content changed; and a card the site in place already holds, unchanged, is hard-linked from there
 * (cache/site-in-place.ts), so a rebuild neither draws its SVG nor reads the store for it.
 */

const KIND = 'card'

/**
 * The fonts' hash: with the SVG and the renderer's version, what decides a card's pixels besides the
 * tool's version (which the store's keys hold).
 */
function fontsKey(store: Store): string {
  return Object.values(FONT_FILES)
    .map((font) => fileDigests(store).digest(font) ?? 'missing')
    .join(' ')
}

/** The store key of a card's SVG. */
export function cardKey(store: Store, svg: string, fonts = fontsKey(store)): string {
  return store.key(KIND, CARD_RENDERER, fonts, svg)
}

/** What a card in the site in place is recorded under: its spec, which decides its SVG (card-svg.ts is the tool's code). */
function specKey(store: Store, spec: CardSpec, fonts: string): string {
  return store.key('card spec', CARD_RENDERER, fonts, JSON.stringify(spec))
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
  const inPlace: SiteInPlace<null> | undefined =
    store && site !== undefined
      ? openSiteInPlace({ store, site, into: siteDir, kind: 'cards', isData: (data) => data === null })
      : undefined
  const fonts = store && fontsKey(store)
  mkdirSync(path.join(siteDir, 'og'), { recursive: true })
  for (const spec of specs) {
    signal?.throwIfAborted()
    const inPlaceKey = inPlace && store && fonts !== undefined ? specKey(store, spec, fonts) : undefined
    if (inPlace && inPlaceKey && inPlace.take(spec.file, inPlaceKey)) continue
    const svg = cardSvg(spec)
    const key = store && cardKey(store, svg, fonts)
    const kept = key === undefined ? undefined : store?.get(KIND, key)
    const png = Buffer.isBuffer(kept) ? kept : await renderCard(svg)
    if (png !== kept) {
      if (key !== undefined) store?.set(KIND, key, png)
      signal?.throwIfAborted()
    }
    writeFileSync(path.join(siteDir, spec.file), png)
    if (inPlace && inPlaceKey) inPlace.record(spec.file, inPlaceKey, sha256Hex(png), null)
  }
  inPlace?.save()
  return specs.map((spec) => spec.file)
}
