import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { cacheFolder } from '../paths.ts'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { CompiledContent } from '../compile/compile-content.ts'
import { pruneEntries, readEntry, writeEntry } from '../cache/cache-entries.ts'
import { FONT_FILES } from './card-fonts.ts'
import { socialCardSpecs, type CardSpec } from './card-specs.ts'
import { cardSvg } from './card-svg.ts'
import { renderCard, RESVG_OPTIONS } from './render-card.ts'

export { socialCardSpecs, type CardSpec } from './card-specs.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, an SVG
 * drawn from the content in the site's look (card-svg.ts) and rendered by resvg (render-card.ts).
 * A rendered card is kept in the cache under its SVG's hash, so a build renders only the cards
 * whose content changed.
 */

export const CARD_CACHE = cacheFolder('og')

/** Bumped when the way an SVG becomes a PNG changes in a way its key does not already capture. */
const CARD_FORMAT = 1

/**
 * Cards the cache keeps: past this many (or twice the build's cards, if more), the oldest cards the
 * build did not use are removed. Each edit of a card's content leaves its old card behind (~0.1 MB),
 * so without a bound the cache only grows.
 */
export const MAX_CACHED_CARDS = 2000

let memoRenderer: string | undefined
/** Everything besides the SVG that decides a card's pixels: resvg's version, its options, the fonts. */
function rendererKey(): string {
  if (memoRenderer) return memoRenderer
  const resvg = createRequire(import.meta.url)('@resvg/resvg-js/package.json') as { version: string }
  const hash = createHash('sha256').update(`portfolio-social-card ${CARD_FORMAT}\0resvg ${resvg.version}\0${JSON.stringify(RESVG_OPTIONS)}\0`)
  for (const font of Object.values(FONT_FILES)) hash.update(readFileSync(font))
  memoRenderer = hash.digest('hex')
  return memoRenderer
}

/** The cache key of a card's SVG. */
export function cardKey(svg: string): string {
  return `card-${createHash('sha256').update(rendererKey()).update(svg).digest('hex').slice(0, 32)}`
}

export interface CardWriteOptions {
  /** Stops the rendering (the build failed meanwhile): no card is written after, and the call rejects with the signal's reason. */
  signal?: AbortSignal
}

/** Renders every card of the content into the site folder (og/index.png, og/<id>.png). */
export async function writeSocialImages(siteDir: string, content: CompiledContent, cacheDir = CARD_CACHE): Promise<string[]> {
  return writeSocialCards(siteDir, socialCardSpecs(content), cacheDir)
}

/**
 * Writes each card into the site folder: from the cache when its SVG was rendered before, else
 * rendered now and kept. Cards are rendered one at a time in this thread, giving the event loop a
 * turn between them, so the build's other steps go on meanwhile. Returns the files written.
 *
 * A card costs resvg ~60-100 ms of CPU (parsing and shaping its text, painting 1200x630 pixels,
 * encoding the PNG): nothing next to a small site's build, but most of a cold build of a thousand
 * projects. renderCard takes and returns plain data so that this loop can hand it to the shared
 * worker pool.
 */
export async function writeSocialCards(siteDir: string, specs: readonly CardSpec[], cacheDir = CARD_CACHE, options: CardWriteOptions = {}): Promise<string[]> {
  const { signal } = options
  mkdirSync(path.join(siteDir, 'og'), { recursive: true })
  const used = new Set<string>()
  for (const spec of specs) {
    signal?.throwIfAborted()
    const svg = cardSvg(spec)
    const key = cardKey(svg)
    used.add(`${key}.bin`)
    const kept = readEntry(cacheDir, key)
    const png = Buffer.isBuffer(kept) ? kept : renderCard(svg)
    if (png !== kept) {
      writeEntry(cacheDir, key, png)
      await nextTurn()
      signal?.throwIfAborted()
    }
    writeFileSync(path.join(siteDir, spec.file), png)
  }
  pruneEntries(cacheDir, Math.max(MAX_CACHED_CARDS, 2 * specs.length), '.bin', used)
  return specs.map((spec) => spec.file)
}
