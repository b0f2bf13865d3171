import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { entryKind, storeAt, type Store, type StoreAddress } from '../cache/store.ts'
import type { FileDigests } from '../cache/file-digests.ts'
import { openSiteInPlace, type Outputs, type SiteInPlace } from '../cache/site-in-place.ts'
import { sha256Hex } from '../sha256.ts'
import { RENDERER_FONT_FILES } from './card-font-files.ts'
import type { CardSpec } from './card-specs.ts'
import { withCoverPixels, type CardCover } from './card-cover.ts'
import { CARD_RENDERER, renderCard } from './render-card.ts'

export { languageCardSpecs, socialCardSpecs, type CardLanguage, type CardSpec } from './card-specs.ts'
export { coverResolver } from './card-cover.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, an SVG
 * drawn from the content in the site's look (card-svg.ts) and rendered by takumi (render-card.ts).
 * A rendered card is kept in the store under its SVG, so a build renders only the cards whose
 * content changed; and a card the site in place already holds, unchanged, is hard-linked from there
 * (cache/site-in-place.ts), so a rebuild neither draws its SVG nor reads the store for it.
 */

/** A drawn card's PNG, by its SVG; and the manifest of the cards in a site, where a card is recorded by its spec. */
const CARD = entryKind<Uint8Array>('card')
const CARDS = entryKind<Outputs<null>>('cards')

/**
 * The fonts' hash: with the SVG and the renderer's version, what decides a card's pixels besides the
 * tool's version (which the store's keys hold).
 */
export function fontsKey(digests: FileDigests): string {
  return RENDERER_FONT_FILES.map((font) => digests.digest(font) ?? 'missing').join(' ')
}

/** The store key of a card's SVG, drawn with the fonts of `fonts` (fontsKey). */
export function cardKey(store: Store, svg: string, fonts: string): string {
  return CARD.key(store, CARD_RENDERER, fonts, svg)
}

/** What a card in the site in place is recorded under: its spec, which decides its SVG (card-svg.ts is the tool's code). */
function specKey(store: Store, spec: CardSpec, fonts: string): string {
  return CARDS.key(store, CARD_RENDERER, fonts, JSON.stringify(spec))
}

export interface CardWriteOptions {
  /** The digests the fonts are hashed through, for the cards' keys (fontsKey). */
  digests: FileDigests
  /** Stops the rendering (the build failed meanwhile): no card is written after, and the call rejects with the signal's reason. */
  signal?: AbortSignal
  /**
   * The output folder the cards will be swapped into, holding the previous build's: a card whose key
   * and bytes match its record there is taken from it. Needs a store (where its index is kept).
   */
  site?: string
  /**
   * Draws the cards neither the site in place nor the store holds, each with drawCard (the pool's
   * `card` job, on a worker or in this thread as the pool decides), and returns their results in order.
   */
  draw: (jobs: readonly CardJob[]) => Promise<readonly CardDrawn[]>
}

/** One card to draw: its SVG, where it goes, and where it is kept. Plain data, so any thread can draw it. */
export interface CardJob {
  svg: string
  /** The card's file under `siteDir` (og/<id>.png). */
  file: string
  siteDir: string
  /** Where the card is kept under `key` once drawn. */
  store: StoreAddress
  key: string
  /** The project's cover, whose pixels go where the SVG names it (card-cover.ts). */
  cover?: CardCover
}

export interface CardDrawn {
  sha256: string
}

/**
 * Draws one card (render-card.ts), keeps it in the store and writes it into the site folder.
 * The per-card job of a build's pool: only the PNG's hash comes back, not its bytes.
 */
export async function drawCard(job: CardJob): Promise<CardDrawn> {
  const png = await renderCard(job.cover ? await withCoverPixels(job.svg, job.cover) : job.svg)
  CARD.set(storeAt(job.store), job.key, png)
  writeFileSync(path.join(job.siteDir, job.file), png)
  return { sha256: sha256Hex(png) }
}

/**
 * Writes each card into the site folder: hard-linked from the site in place when its spec is
 * unchanged, from the store when its SVG was drawn before, else drawn (options.draw) and kept.
 * Returns the files written, in the order of `specs`.
 */
export async function writeSocialCards(
  siteDir: string,
  specs: readonly CardSpec[],
  store: Store,
  options: CardWriteOptions,
): Promise<string[]> {
  const { signal, site } = options
  const inPlace: SiteInPlace<null> | undefined =
    site === undefined ? undefined : openSiteInPlace({ store, site, into: siteDir, kind: CARDS })
  const fonts = fontsKey(options.digests)
  mkdirSync(path.join(siteDir, 'og'), { recursive: true })
  // Posts' cards have a folder of their own (og/writing/).
  for (const folder of new Set(specs.map((spec) => path.dirname(spec.file))))
    mkdirSync(path.join(siteDir, folder), { recursive: true })
  const toDraw: CardJob[] = []
  let cardSvg: typeof import('./card-svg.ts').cardSvg | undefined
  const toRecord: (string | undefined)[] = []
  for (const spec of specs) {
    signal?.throwIfAborted()
    const inPlaceKey = inPlace && specKey(store, spec, fonts)
    if (inPlace && inPlaceKey && inPlace.take(spec.file, inPlaceKey)) continue
    // Loaded for the first card the site in place lacks: it loads the font reader that measures text.
    cardSvg ??= (await import('./card-svg.ts')).cardSvg
    const svg = cardSvg(spec)
    const key = cardKey(store, svg, fonts)
    const kept = CARD.get(store, key)
    if (kept === undefined) {
      toDraw.push({
        svg,
        file: spec.file,
        siteDir,
        store: store.address,
        key,
        ...(spec.project?.cover ? { cover: spec.project.cover } : {}),
      })
      toRecord.push(inPlaceKey)
      continue
    }
    writeFileSync(path.join(siteDir, spec.file), kept)
    if (inPlace && inPlaceKey) inPlace.record(spec.file, inPlaceKey, sha256Hex(kept), null)
  }
  const drawn = await options.draw(toDraw)
  toDraw.forEach(({ file }, i) => {
    const inPlaceKey = toRecord[i]
    if (inPlace && inPlaceKey) inPlace.record(file, inPlaceKey, (drawn[i] as CardDrawn).sha256, null)
  })
  inPlace?.save()
  return specs.map((spec) => spec.file)
}
