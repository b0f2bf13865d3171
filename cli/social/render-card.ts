import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Renderer } from '@takumi-rs/core'
import { RENDERER_FONT_FILES } from './card-font-files.ts'

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

/**
 * The renderer and its version, part of every card's key: another renderer, or another version of
 * it, may set the same SVG in other pixels. Read from the installed package, not from our
 * package.json, because an installed tool has no lockfile to say which version it got.
 */
export const CARD_RENDERER = `@takumi-rs/core ${installedVersion('@takumi-rs/core')}`

function installedVersion(name: string): string {
  // The package's exports hide its package.json; it sits one folder above its entry (dist/).
  const entry = createRequire(import.meta.url).resolve(name)
  const manifest = path.join(path.dirname(entry), '..', 'package.json')
  return String((JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown }).version)
}

let renderer: Promise<Renderer> | undefined

/**
 * One renderer per thread, holding the bundled fonts (never the machine's, so a card comes out the
 * same wherever it is built): DejaVu Sans, and the Noto fonts of the scripts a card in Arabic or
 * Hindi is set in (resvg shapes their joining and conjuncts with them). Registering reads and parses the font files, so it is done once, not
 * per card. The native module loads with the first card: a build whose cards are all unchanged never needs it.
 */
function cardRenderer(): Promise<Renderer> {
  renderer ??= (async () => {
    const { Renderer } = await import('@takumi-rs/core')
    // No cache: each card's SVG is drawn once, so a cached raster is never used again, and the cache
    // (64 MiB by default, per renderer, so per worker) only grew the build's peak memory.
    const made = new Renderer({ cacheMaxBytes: 0 })
    for (const file of RENDERER_FONT_FILES) await made.registerFont(readFileSync(file))
    return made
  })()
  return renderer
}

/**
 * A card's SVG as a 1200x630 PNG. The SVG is an image node: takumi draws it with resvg and the
 * fonts registered above, off the JavaScript thread, so renders in flight overlap other work.
 * Takumi draws an SVG it cannot read as a blank image rather than failing, so the SVG's size is
 * measured first (nothing is drawn for that): an unreadable SVG has none, and throws here.
 */
export async function renderCard(svg: string): Promise<Buffer> {
  const cards = await cardRenderer()
  const node = { type: 'image' as const, src: new TextEncoder().encode(svg) }
  const measured = await cards.measure(node)
  if (measured.width !== CARD_WIDTH || measured.height !== CARD_HEIGHT)
    throw new Error(
      `the card's SVG could not be read (measured ${measured.width}x${measured.height}, expected ${CARD_WIDTH}x${CARD_HEIGHT})`,
    )
  const size = { width: CARD_WIDTH, height: CARD_HEIGHT }
  return cards.render({ ...node, style: size }, { ...size, format: 'png' })
}
