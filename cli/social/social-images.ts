import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { cacheFolder, cliSourceDirectory, fontDirectory } from '../paths.ts'
import { Resvg, type ResvgRenderOptions } from './resvg.ts'
import { socialImage } from '../../site/src/paths.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { initials } from '../../site/src/initials.ts'
import { OutlineFont } from './social-font.ts'
import type { BandOp } from './card-raster.ts'
import { renderPngs } from './social-pool.ts'
import { isPngFrame, makePngFrame, type BandSetup, type PngFrame } from '../workers/social-worker.ts'
import { linkFile, linkReplacing, writeNewFile, writeOrLinkSame } from '../cache/link-file.ts'
import { pruneEntries, readEntry, writeEntry, writeFileAtomically } from '../cache/cache-entries.ts'

export type { FontMetrics } from './social-font.ts'
export type { BandOp } from './card-raster.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, drawn
 * from the content in the site's look. Each card is laid out here: text is measured and wrapped
 * with the bundled font's own metrics and drawn as the font's glyph outlines (SVG paths, see
 * social-font.ts), so resvg rasterises it without loading any font, and the output is the same on
 * every machine, with or without system fonts. The home card is one SVG; a project card is the
 * site's shared frame plus its band, drawn from glyphs resvg rasterised once (card-raster.ts).
 * Many cards are rendered on worker threads (social-pool.ts), and every rendered card is cached by
 * its content (see CARD_CACHE).
 */

export const FONT_FILES = {
  regular: path.join(fontDirectory, 'DejaVuSans.ttf'),
  bold: path.join(fontDirectory, 'DejaVuSans-Bold.ttf'),
} as const

/** The site's dark theme (site/src/styles/tokens.css). */
const colors = {
  bg: '#0b1020',
  surface: '#131a2e',
  border: '#263152',
  text: '#e7eaf3',
  muted: '#a6afc6',
  accent: '#a5b4fc',
  accentStrong: '#4338ca',
  violet: '#7c3aed',
  tagBg: '#1d2447',
  success: '#6ee7b7',
} as const

const { width: W, height: H } = socialImage
const PAD = 80

export interface SocialCard {
  /** Output file relative to the site folder: og/index.png, og/<id>.png. */
  file: string
  svg: string
}

export interface SocialImage {
  file: string
  png: Buffer
}

// ---------------------------------------------------------------------------------------------
// Fonts.

export interface Fonts {
  regular: OutlineFont
  bold: OutlineFont
}

/** Reads a TrueType font's metrics (and, lazily, its outlines). Kerning is ignored when measuring,
 * so measured widths are a little generous, which is the safe side for wrapping. */
export function readFontMetrics(font: Buffer): OutlineFont {
  return new OutlineFont(font)
}

let bundledFonts: Fonts | undefined
/** The bundled fonts (read once; each glyph's outline is read when first drawn, then kept). */
export function loadFonts(): Fonts {
  bundledFonts ??= { regular: readFontMetrics(readFileSync(FONT_FILES.regular)), bold: readFontMetrics(readFileSync(FONT_FILES.bold)) }
  return bundledFonts
}

// ---------------------------------------------------------------------------------------------
// Layout helpers.

/**
 * Greedy word wrap to `maxWidth`, at most `maxLines` lines; text that does not fit ends with an
 * ellipsis. A word wider than a whole line is broken between characters.
 */
export function wrapText(text: string, measure: (text: string) => number, maxWidth: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean)
  const lines: string[] = []
  let line = ''
  let index = 0
  for (; index < words.length; index += 1) {
    let word = words[index] ?? ''
    const candidate = line ? `${line} ${word}` : word
    if (measure(candidate) <= maxWidth) {
      line = candidate
      continue
    }
    if (line) {
      lines.push(line)
      line = ''
      if (lines.length === maxLines) break
    }
    while (measure(word) > maxWidth) {
      let cut = word.length - 1
      while (cut > 1 && measure(word.slice(0, cut)) > maxWidth) cut -= 1
      lines.push(word.slice(0, cut))
      word = word.slice(cut)
      if (lines.length === maxLines) break
    }
    if (lines.length === maxLines) break
    line = word
  }
  if (line && lines.length < maxLines) {
    lines.push(line)
    index = words.length
  }
  if (index < words.length && lines.length > 0) {
    let last = lines[lines.length - 1] ?? ''
    while (last && measure(`${last}…`) > maxWidth) last = last.replace(/\s*\S$/, '')
    lines[lines.length - 1] = `${last.replace(/[\s,.;:–—-]+$/, '')}…`
  }
  return lines
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char)
}

interface TextStyle {
  size: number
  font: OutlineFont
  fill: string
  letterSpacing?: number
  anchor?: 'start' | 'middle'
}

/**
 * One line of text as a single path of glyph outlines. The text itself stays in the SVG as the
 * path's aria-label (escaped), which keeps the SVG readable and makes it part of the cache key.
 */
function textPath(line: string, x: number, baseline: number, style: TextStyle): string {
  const drawn = style.font.textPath(line, { x, y: baseline, size: style.size, letterSpacing: style.letterSpacing, anchor: style.anchor })
  if (!drawn) return ''
  // Characters XML 1.0 forbids (C0 controls a YAML escape can carry) would make the SVG unreadable.
  const label = escapeXml(line.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''))
  return `<path aria-label="${label}" fill="${style.fill}" transform="${drawn.transform}" d="${drawn.d}"/>`
}

/** Rounded tags in rows of at most `maxWidth`, at most `maxRows` rows; what does not fit becomes "+N". */
function tagOps(items: readonly string[], font: OutlineFont, x: number, y: number, maxWidth: number, maxRows: number): BandOp[] {
  const size = 24
  const padX = 20
  const height = 46
  const gap = 12
  const widthOf = (label: string) => Math.ceil(font.measure(label, size)) + padX * 2
  const placed: { label: string; x: number; y: number; w: number }[] = []
  let row = 0
  let cursor = x
  for (let i = 0; i < items.length; i += 1) {
    const label = items[i] ?? ''
    const w = widthOf(label)
    const remaining = items.length - i - 1
    const lastRow = row === maxRows - 1
    // On the last row, keep room for a "+N" tag unless this is the final item.
    const reserve = lastRow && remaining > 0 ? gap + widthOf(`+${remaining}`) : 0
    if (cursor + w + reserve > x + maxWidth && cursor > x) {
      if (lastRow) {
        placed.push({ label: `+${items.length - i}`, x: cursor, y: y + row * (height + gap), w: widthOf(`+${items.length - i}`) })
        break
      }
      row += 1
      cursor = x
    }
    if (row === maxRows - 1 && cursor + w + reserve > x + maxWidth) {
      placed.push({ label: `+${items.length - i}`, x: cursor, y: y + row * (height + gap), w: widthOf(`+${items.length - i}`) })
      break
    }
    placed.push({ label, x: cursor, y: y + row * (height + gap), w })
    cursor += w + gap
  }
  return placed.flatMap((tag): BandOp[] => [
    { kind: 'pill', x: tag.x, y: tag.y, w: tag.w, h: height },
    { kind: 'text', line: tag.label, x: tag.x + tag.w / 2, y: tag.y + 31, size, font: 'regular', fill: colors.text, anchor: 'middle' },
  ])
}

/** A tag pill's paint: the site's tag colours. */
export const PILL = { fill: colors.tagBg, stroke: colors.border, strokeWidth: 1.5 } as const

/** The SVG elements that draw `ops` (a project card's band, or lines of any card). */
function opsSvg(ops: readonly BandOp[], fonts: Fonts): string {
  return ops
    .map((op) =>
      op.kind === 'pill'
        ? `<rect x="${op.x}" y="${op.y}" width="${op.w}" height="${op.h}" rx="${op.h / 2}" fill="${PILL.fill}" stroke="${PILL.stroke}" stroke-width="${PILL.strokeWidth}"/>`
        : textPath(op.line, op.x, op.y, { size: op.size, font: fonts[op.font], fill: op.fill, letterSpacing: op.letterSpacing, anchor: op.anchor }),
    )
    .filter(Boolean)
    .join('\n  ')
}

/** One op per line of text, `lineHeight` apart. */
function lineOps(lines: readonly string[], x: number, firstBaseline: number, lineHeight: number, style: Omit<Extract<BandOp, { kind: 'text' }>, 'kind' | 'line' | 'x' | 'y'>): BandOp[] {
  return lines.map((line, i) => ({ kind: 'text', line, x, y: firstBaseline + i * lineHeight, ...style }))
}

function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host
  } catch {
    return siteUrl
  }
}

/** `color` at `opacity` over `base`, as an opaque colour (both #rrggbb). */
function mix(base: string, color: string, opacity: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16)
  return `#${[0, 1, 2].map((i) => Math.round(channel(base, i) + (channel(color, i) - channel(base, i)) * opacity).toString(16).padStart(2, '0')).join('')}`
}

interface Glow {
  cx: number
  cy: number
  r: number
  color: string
}

/**
 * The two soft glows in the corners, as in the site's hero. A gradient costs resvg per pixel it
 * covers, and the PNG encoder too (a smooth gradient compresses poorly): the two full-canvas ones
 * took longer than all the rest of a card. So each is small and painted only inside its circle
 * (the only pixels it changes), most of which lies off the canvas; and as both are drawn straight
 * on the flat background, they are opaque gradients to that background (the same pixels as a
 * translucent colour over it, without the blending).
 */
const GLOW_A: Glow = { cx: 1120, cy: -50, r: 400, color: mix(colors.bg, '#818cf8', 0.3) }
const GLOW_B: Glow = { cx: -30, cy: 650, r: 280, color: mix(colors.bg, colors.violet, 0.24) }

/**
 * For shapes whose edges need no anti-aliasing (pixel-aligned, or fading into the background
 * anyway): a little cheaper to draw, for pixels that differ by one level at most.
 */
const CRISP = 'shape-rendering="crispEdges"'

function glowCircle(id: string, glow: Glow): string {
  return `<circle cx="${glow.cx}" cy="${glow.cy}" r="${glow.r}" fill="url(#${id})" ${CRISP}/>`
}

/**
 * The rows where project cards differ: the body (title, description, tags) is laid out inside
 * them, and nothing else is drawn there but the background and the "CASE STUDY" label every
 * project card shows. Above and below, every project card of a site is the same, so a build draws
 * and compresses those rows once, the label with them, and each card's band alone (see drawBandPng).
 */
export const CARD_BAND = { top: 140, bottom: 536 } as const

function defs(): string {
  return `<defs>
    <radialGradient id="glow-a" cx="${GLOW_A.cx}" cy="${GLOW_A.cy}" r="${GLOW_A.r}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${GLOW_A.color}"/>
      <stop offset="1" stop-color="${colors.bg}"/>
    </radialGradient>
    <radialGradient id="glow-b" cx="${GLOW_B.cx}" cy="${GLOW_B.cy}" r="${GLOW_B.r}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${GLOW_B.color}"/>
      <stop offset="1" stop-color="${colors.bg}"/>
    </radialGradient>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors.accentStrong}"/>
      <stop offset="1" stop-color="${colors.violet}"/>
    </linearGradient>
    <linearGradient id="rule" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${colors.accent}"/>
      <stop offset="1" stop-color="${colors.violet}"/>
    </linearGradient>
  </defs>`
}

/** The background and its two glows. */
function background(): string {
  return `<rect width="${W}" height="${H}" fill="${colors.bg}" ${CRISP}/>
  ${glowCircle('glow-a', GLOW_A)}
  ${glowCircle('glow-b', GLOW_B)}`
}

/** The brand (initials mark and name) and the footer shared by every card; all outside CARD_BAND. */
function chrome(owner: string, footer: string, fonts: Fonts): string {
  const footerSize = 24
  const footerText = wrapText(footer, (t) => fonts.regular.measure(t, footerSize), W - PAD * 2, 1)[0] ?? ''
  const ownerName = wrapText(owner, (t) => fonts.bold.measure(t, 30), W - PAD * 2 - 88, 1)[0] ?? ''
  return `<rect x="0" y="0" width="${W}" height="8" fill="url(#rule)" ${CRISP}/>
  <rect x="${PAD}" y="60" width="64" height="64" rx="16" fill="url(#mark)"/>
  ${textPath(initials(owner), PAD + 32, 101, { size: 24, font: fonts.bold, fill: '#ffffff', anchor: 'middle' })}
  ${textPath(ownerName, PAD + 88, 102, { size: 30, font: fonts.bold, fill: colors.text })}
  <line x1="${PAD}" y1="${H - 84}" x2="${W - PAD}" y2="${H - 84}" stroke="${colors.border}" stroke-width="2" ${CRISP}/>
  ${textPath(footerText, PAD, H - 40, { size: footerSize, font: fonts.regular, fill: colors.muted })}`
}

/** A whole card: background, glows, the brand, the body and the footer. */
function frame(owner: string, footer: string, body: string, fonts: Fonts): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  ${defs()}
  ${background()}
  ${chrome(owner, footer, fonts)}
  ${body}
</svg>
`
}

// ---------------------------------------------------------------------------------------------
// The cards.

export interface CardContent {
  siteUrl: string
  owner: { name: string; role: string }
  headline: string
  availability?: string
  claims: { value: string; label: string }[]
}

export interface ProjectContent {
  id: string
  title: string
  description: string
  tech: string[]
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {})

function cardContent(content: CompiledContent): CardContent {
  const { portfolio } = content
  const owner = record(portfolio.owner)
  const claims = Array.isArray(record(portfolio.hero).claims) ? (record(portfolio.hero).claims as unknown[]) : []
  return {
    siteUrl: text(record(portfolio.site).url),
    owner: { name: text(owner.name), role: text(owner.role) },
    headline: text(record(portfolio.hero).headline),
    availability: text(record(portfolio.availability).text) || undefined,
    claims: claims.map((claim) => ({ value: text(record(claim).value), label: text(record(claim).label) })).filter((c) => c.value && c.label),
  }
}

function homeCard(card: CardContent, fonts: Fonts): string {
  const width = W - PAD * 2
  const name = wrapText(card.owner.name, (t) => fonts.bold.measure(t, 80), width, 1)
  const role = wrapText(card.owner.role, (t) => fonts.regular.measure(t, 40), width, 1)
  const headline = wrapText(card.headline, (t) => fonts.regular.measure(t, 32), width, 2)
  const claims = card.claims.slice(0, 4)
  const claimWidth = claims.length > 0 ? (width - (claims.length - 1) * 16) / claims.length : 0
  const claimBoxes = claims
    .map((claim, i) => {
      const x = PAD + i * (claimWidth + 16)
      const value = wrapText(claim.value, (t) => fonts.bold.measure(t, 38), claimWidth - 40, 1)
      const label = wrapText(claim.label, (t) => fonts.regular.measure(t, 20), claimWidth - 40, 2)
      return (
        `<rect x="${x}" y="388" width="${claimWidth}" height="128" rx="18" fill="${colors.surface}" stroke="${colors.border}" stroke-width="1.5"/>` +
        opsSvg(lineOps(value, x + 20, 436, 0, { size: 38, font: 'bold', fill: colors.accent }), fonts) +
        opsSvg(lineOps(label, x + 20, 470, 25, { size: 20, font: 'regular', fill: colors.muted }), fonts)
      )
    })
    .join('\n  ')
  const body = [
    opsSvg(lineOps(name, PAD, 226, 0, { size: 80, font: 'bold', fill: colors.text }), fonts),
    opsSvg(lineOps(role, PAD, 282, 0, { size: 40, font: 'regular', fill: colors.accent }), fonts),
    opsSvg(lineOps(headline, PAD, 336, 40, { size: 32, font: 'regular', fill: colors.muted }), fonts),
    claimBoxes,
  ].join('\n  ')
  return frame(card.owner.name, [hostOf(card.siteUrl), card.availability].filter(Boolean).join('  ·  '), body, fonts)
}

/**
 * The label above a project card's title: the same on every card, so it is drawn with the shared
 * frame, and the strips it covers are the frame's, compressed once (~10% of a card's drawing
 * and compressing when it was drawn per card).
 */
const CASE_STUDY_LABEL = lineOps(['CASE STUDY'], PAD, 178, 0, { size: 22, font: 'bold', fill: colors.accent, letterSpacing: 3 })

/** The body of a project card (title, description, tags): drawn inside CARD_BAND. */
export function projectBodyOps(project: ProjectContent, fonts: Fonts): BandOp[] {
  const width = W - PAD * 2
  const titleSize = fonts.bold.measure(project.title, 72) <= width ? 72 : 60
  const title = wrapText(project.title, (t) => fonts.bold.measure(t, titleSize), width, 2)
  const titleBottom = 262 + (title.length - 1) * (titleSize + 8)
  const descriptionLines = title.length > 1 ? 2 : 3
  const description = wrapText(project.description, (t) => fonts.regular.measure(t, 30), width, descriptionLines)
  const descriptionTop = titleBottom + 58
  const tagsTop = descriptionTop + (description.length - 1) * 42 + 36
  const tagRows = Math.max(1, Math.min(2, Math.floor((H - 84 - 24 - tagsTop) / 58)))
  return [
    ...lineOps(title, PAD, 262, titleSize + 8, { size: titleSize, font: 'bold', fill: colors.text }),
    ...lineOps(description, PAD, descriptionTop, 42, { size: 30, font: 'regular', fill: colors.muted }),
    ...tagOps(project.tech, fonts.regular, PAD, tagsTop, width, tagRows),
  ]
}

function projectBody(project: ProjectContent, fonts: Fonts): string {
  return opsSvg(projectBodyOps(project, fonts), fonts)
}

function projectFooter(card: CardContent): string {
  return `${hostOf(card.siteUrl)}  ·  ${card.owner.name}, ${card.owner.role}`
}

function projectCard(card: CardContent, project: ProjectContent, fonts: Fonts): string {
  return frame(card.owner.name, projectFooter(card), `${opsSvg(CASE_STUDY_LABEL, fonts)}\n  ${projectBody(project, fonts)}`, fonts)
}

/** A project card with an empty body: what every project card of this site has, its band's background and label included. */
export function projectFrameSvg(card: CardContent, fonts: Fonts = loadFonts()): string {
  return frame(card.owner.name, projectFooter(card), opsSvg(CASE_STUDY_LABEL, fonts), fonts)
}

/** What one card shows: everything its SVG is made from, besides the fonts and this code. */
export type CardSpec = { file: string; card: CardContent; project?: ProjectContent }

/** The content of every card: the home page's, then one per project. */
export function socialCardSpecs(content: CompiledContent): CardSpec[] {
  const card = cardContent(content)
  const specs: CardSpec[] = [{ file: socialImage.path().replace(/^\//, ''), card }]
  for (const raw of content.projects) {
    const project: ProjectContent = {
      id: text(raw.id),
      title: text(raw.title),
      description: text(raw.description),
      tech: Array.isArray(raw.tech) ? raw.tech.map(text).filter(Boolean) : [],
    }
    specs.push({ file: `og/${project.id}.png`, card, project })
  }
  return specs
}

/** A card's SVG. Pure: same spec, same SVG. */
export function cardSvg(spec: CardSpec, fonts: Fonts = loadFonts()): string {
  return spec.project ? projectCard(spec.card, spec.project, fonts) : homeCard(spec.card, fonts)
}

/** The SVG of every card: the home page's, then one per project. Pure: same content, same SVG. */
export function socialCardSvgs(content: CompiledContent, fonts: Fonts = loadFonts()): SocialCard[] {
  return socialCardSpecs(content).map((spec) => ({ file: spec.file, svg: cardSvg(spec, fonts) }))
}

// ---------------------------------------------------------------------------------------------
// Rendering and the cache.

/**
 * resvg with no fonts at all: the cards draw their text as paths, so there is nothing to look up,
 * and neither the bundled fonts nor the machine's are ever loaded.
 */
export const RESVG_OPTIONS = {
  fitTo: { mode: 'original' },
  font: { loadSystemFonts: false },
  shapeRendering: 2, // geometricPrecision: anti-aliased edges
} as const satisfies ResvgRenderOptions

/**
 * Rendered cards by a hash of what they are made from: the card's content, and everything that
 * turns it into pixels (this module, the font reader, the rasteriser module, the fonts, resvg's
 * version and options). Hashing the content rather than the SVG lets a build find its cards
 * without drawing a single SVG.
 */
export const CARD_CACHE = cacheFolder('og')

let memoRendererKey: string | undefined
function rendererKey(): string {
  if (memoRendererKey) return memoRendererKey
  const hash = createHash('sha256').update('portfolio-social-card 3\0')
  const here = path.join(cliSourceDirectory, 'social')
  for (const file of ['social-images.ts', 'social-font.ts', '../workers/social-worker.ts', 'card-raster.ts', 'adler32.ts', '../../site/src/paths.ts', '../../site/src/initials.ts']) {
    hash.update(`${file}\0`).update(readFileSync(path.join(here, file))).update('\0')
  }
  for (const font of Object.values(FONT_FILES)) hash.update(readFileSync(font))
  const resvg = createRequire(import.meta.url)('@resvg/resvg-js/package.json') as { version: string }
  hash.update(`resvg ${resvg.version}\0${JSON.stringify(RESVG_OPTIONS)}`)
  memoRendererKey = hash.digest('hex')
  return memoRendererKey
}

/** The cache file name of a card. */
export function cardKey(spec: CardSpec): string {
  return createHash('sha256').update(rendererKey()).update(JSON.stringify(spec)).digest('hex').slice(0, 32)
}

/**
 * Renders every card and writes it into the built site (og/index.png, og/<id>.png). Rasterising is
 * the slowest step of a large build, so unchanged cards are linked from the cache (a cache file that
 * is not a whole PNG is ignored and rendered again), and many new ones are rendered on worker threads.
 */
export async function writeSocialImages(siteDir: string, content: CompiledContent, cacheDir = CARD_CACHE): Promise<string[]> {
  return writeSocialCards(siteDir, socialCardSpecs(content), cacheDir)
}

export interface CardWriteOptions {
  /** The site this build replaces: a drawn card it holds byte for byte is linked from it, not written again. */
  previousSite?: string
  /** Stops the drawing (the build failed meanwhile): cards not yet drawn are not, and the call rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * Cards the cache keeps: past this many (or twice the build's cards, if more), the oldest cards the
 * build did not use are removed. Each edit of a card's content leaves its old card behind (~0.1 MB),
 * so without a bound the cache only grows.
 */
export const MAX_CACHED_CARDS = 2000

/**
 * writeSocialImages for cards already taken from the content (socialCardSpecs): many new cards on the
 * card pool's workers (social-pool.ts), a few in this thread.
 */
export async function writeSocialCards(siteDir: string, specs: readonly CardSpec[], cacheDir = CARD_CACHE, options: CardWriteOptions = {}): Promise<string[]> {
  const cachedNames = await drawMissingCards(siteDir, specs, cacheDir, options)
  pruneEntries(cacheDir, Math.max(MAX_CACHED_CARDS, 2 * specs.length), '.png', new Set(cachedNames))
  return specs.map((spec) => spec.file)
}

/** writeSocialCards but the pruning; returns the cache file names of the build's cards. */
async function drawMissingCards(siteDir: string, specs: readonly CardSpec[], cacheDir: string, options: CardWriteOptions): Promise<string[]> {
  // Synchronous up to the card workers' start (their folders made, the cache looked up, the frame
  // drawn): a build starts its cards between other steps of its main thread, and each turn of the
  // loop given away here is one the workers would start later.
  mkdirSync(path.join(siteDir, 'og'), { recursive: true })
  try {
    mkdirSync(cacheDir, { recursive: true })
  } catch {
    // An unwritable cache: every card is drawn, and written into the site only.
  }
  const cards = specs.map((spec) => ({ spec, cached: path.join(cacheDir, `${cardKey(spec)}.png`) }))
  // Synchronous file calls: a card's read or write costs ~0.1 ms so, several times that through
  // fs/promises (a file handle, a thread-pool trip and promises per call), thousands of times a build.
  // A cached card and the site's copy are one file, linked (see link-file.ts), written once.
  const missing: typeof cards = []
  for (const card of cards) {
    const png = readCached(card.cached)
    const target = path.join(siteDir, card.spec.file)
    if (!png || !isWholePng(png)) missing.push(card)
    else if (!linkFile(card.cached, target)) writeNewFile(target, png)
  }
  const { signal } = options
  const write = async (card: (typeof cards)[number], png: Buffer) => {
    writeOrLinkSame(siteDir, card.spec.file, png, options.previousSite)
    // An unwritable cache: the card is drawn again next time.
    if (!linkReplacing(path.join(siteDir, card.spec.file), card.cached)) writeFileAtomically(card.cached, png)
  }
  if (missing.length > 0) {
    signal?.throwIfAborted()
    const fonts = loadFonts()
    // The home card as a whole SVG, the project cards as their bands' drawing operations on the
    // frame they share (drawn once, before the workers start: they are handed it).
    const firstProject = missing.find((card) => card.spec.project)
    const band: BandSetup | undefined = firstProject && { frame: projectFrame(firstProject.spec.card, fonts, cacheDir), fontFiles: FONT_FILES, pill: PILL, options: RESVG_OPTIONS }
    // Each card is laid out when a thread is ready for it, here, while the workers draw the others.
    const layout = (spec: CardSpec) => (spec.project ? projectBodyOps(spec.project, fonts) : cardSvg(spec, fonts))
    const list = { length: missing.length, at: (index: number) => missing[index] && layout(missing[index].spec) }
    await renderPngs(list, RESVG_OPTIONS, async (index, png) => {
      const card = missing[index]
      if (card) await write(card, png)
    }, undefined, band, signal)
  }
  return cards.map((card) => path.basename(card.cached))
}

/**
 * Every project card of a site is the same outside CARD_BAND: that frame is drawn and compressed once
 * per build, or taken from the card cache, where it is kept by what it is drawn from. Drawing it (a
 * whole card through resvg, then compressing it) is ~35 ms: most of what one edited project's card costs.
 */
function projectFrame(card: CardContent, fonts: Fonts, cacheDir: string): PngFrame {
  const svg = projectFrameSvg(card, fonts)
  const key = `frame-${createHash('sha256').update(rendererKey()).update(JSON.stringify(CARD_BAND)).update(svg).digest('hex').slice(0, 32)}`
  const kept = readEntry(cacheDir, key)
  if (isPngFrame(kept, W, H, CARD_BAND.top, CARD_BAND.bottom)) return kept
  const image = new Resvg(svg, RESVG_OPTIONS).render()
  const frame = makePngFrame(image.pixels, image.width, image.height, CARD_BAND.top, CARD_BAND.bottom)
  writeEntry(cacheDir, key, frame)
  return frame
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
/** The empty IEND chunk every PNG ends with (length, type, CRC). */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])

/** A cached card's bytes, or undefined when there is none. */
function readCached(file: string): Buffer | undefined {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

/** Starts and ends as a PNG does: not some other file, nor one cut short by an interrupted write. */
function isWholePng(file: Buffer): boolean {
  return file.length > PNG_SIGNATURE.length + PNG_END.length && file.subarray(0, 8).equals(PNG_SIGNATURE) && file.subarray(-PNG_END.length).equals(PNG_END)
}
