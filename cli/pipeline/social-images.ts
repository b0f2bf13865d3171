import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import { socialImage } from '../../site/src/paths.ts'
import type { CompiledContent } from './compile-content.ts'
import { initials } from '../../site/src/initials.ts'

/**
 * Social-sharing cards (Open Graph / Twitter images): one 1200x630 PNG per indexable page, drawn
 * from the content in the site's look. Each card is an SVG built here (text measured and wrapped
 * with the bundled font's own metrics), then rasterised by resvg with that font only, so the output
 * is the same on every machine, with or without system fonts.
 */

const fontDirectory = fileURLToPath(new URL('../../assets/fonts/', import.meta.url))
const FONT_FAMILY = 'DejaVu Sans'
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
// Font metrics: advance widths from the TrueType tables (cmap, hmtx), enough to wrap text.

export interface Fonts {
  regular: FontMetrics
  bold: FontMetrics
}

export interface FontMetrics {
  /** Advance width of `text` at `size` px, plus `letterSpacing` px after every character. */
  measure(text: string, size: number, letterSpacing?: number): number
}

/** Reads unitsPerEm, the character map and horizontal advances of a TrueType font. Kerning is
 * ignored, so measured widths are a little generous, which is the safe side for wrapping. */
export function readFontMetrics(font: Buffer): FontMetrics {
  const tables = new Map<string, number>()
  const numTables = font.readUInt16BE(4)
  for (let i = 0; i < numTables; i += 1) {
    const record = 12 + i * 16
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8))
  }
  const table = (tag: string): number => {
    const offset = tables.get(tag)
    if (offset === undefined) throw new Error(`font has no ${tag} table`)
    return offset
  }
  const unitsPerEm = font.readUInt16BE(table('head') + 18)
  const numberOfHMetrics = font.readUInt16BE(table('hhea') + 34)
  const hmtx = table('hmtx')
  const advanceOf = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1))
  const glyphOf = characterMap(font, table('cmap'))
  const cache = new Map<number, number>()
  const advance = (codePoint: number): number => {
    let value = cache.get(codePoint)
    if (value === undefined) {
      value = advanceOf(glyphOf(codePoint)) / unitsPerEm
      cache.set(codePoint, value)
    }
    return value
  }
  return {
    measure(text, size, letterSpacing = 0) {
      let total = 0
      let count = 0
      for (const char of text) {
        total += advance(char.codePointAt(0) ?? 0)
        count += 1
      }
      return total * size + letterSpacing * count
    },
  }
}

/** Code point -> glyph id from the font's Unicode cmap subtable (format 12 preferred, else 4). */
function characterMap(font: Buffer, cmap: number): (codePoint: number) => number {
  const subtables: { platform: number; encoding: number; offset: number }[] = []
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i += 1) {
    const record = cmap + 4 + i * 8
    subtables.push({ platform: font.readUInt16BE(record), encoding: font.readUInt16BE(record + 2), offset: cmap + font.readUInt32BE(record + 4) })
  }
  const format12 = subtables.find((s) => font.readUInt16BE(s.offset) === 12 && (s.platform === 0 || (s.platform === 3 && s.encoding === 10)))
  if (format12) {
    const groups = font.readUInt32BE(format12.offset + 12)
    return (codePoint) => {
      for (let g = 0; g < groups; g += 1) {
        const group = format12.offset + 16 + g * 12
        const start = font.readUInt32BE(group)
        if (codePoint >= start && codePoint <= font.readUInt32BE(group + 4)) return font.readUInt32BE(group + 8) + codePoint - start
      }
      return 0
    }
  }
  const format4 = subtables.find((s) => font.readUInt16BE(s.offset) === 4 && (s.platform === 0 || (s.platform === 3 && s.encoding === 1)))
  if (!format4) throw new Error('font has no Unicode character map')
  const base = format4.offset
  const segments = font.readUInt16BE(base + 6) / 2
  const ends = base + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  return (codePoint) => {
    if (codePoint > 0xffff) return 0
    for (let s = 0; s < segments; s += 1) {
      if (font.readUInt16BE(ends + s * 2) < codePoint) continue
      const start = font.readUInt16BE(starts + s * 2)
      if (start > codePoint) return 0
      const delta = font.readInt16BE(deltas + s * 2)
      const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2)
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff
      const glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (codePoint - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
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
  weight?: 400 | 700
  fill: string
  letterSpacing?: number
}

function textLines(lines: readonly string[], x: number, firstBaseline: number, lineHeight: number, style: TextStyle): string {
  const spacing = style.letterSpacing ? ` letter-spacing="${style.letterSpacing}"` : ''
  return lines
    .map((line, i) => `<text x="${x}" y="${firstBaseline + i * lineHeight}" font-family="${FONT_FAMILY}" font-size="${style.size}" font-weight="${style.weight ?? 400}" fill="${style.fill}"${spacing}>${escapeXml(line)}</text>`)
    .join('\n  ')
}

/** Rounded tags in rows of at most `maxWidth`, at most `maxRows` rows; what does not fit becomes "+N". */
function tags(items: readonly string[], font: FontMetrics, x: number, y: number, maxWidth: number, maxRows: number): string {
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
  return placed
    .map(
      (tag) =>
        `<rect x="${tag.x}" y="${tag.y}" width="${tag.w}" height="${height}" rx="${height / 2}" fill="${colors.tagBg}" stroke="${colors.border}" stroke-width="1.5"/>` +
        `<text x="${tag.x + tag.w / 2}" y="${tag.y + 31}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${size}" fill="${colors.text}">${escapeXml(tag.label)}</text>`,
    )
    .join('\n  ')
}


function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host
  } catch {
    return siteUrl
  }
}

/** Background, glows, the brand (initials mark and name) and the footer line shared by every card. */
function frame(owner: string, footer: string, body: string, fonts: Fonts): string {
  const footerSize = 24
  const footerText = wrapText(footer, (t) => fonts.regular.measure(t, footerSize), W - PAD * 2, 1)[0] ?? ''
  const ownerName = wrapText(owner, (t) => fonts.bold.measure(t, 30), W - PAD * 2 - 88, 1)[0] ?? ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <radialGradient id="glow-a" cx="1000" cy="-40" r="700" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#818cf8" stop-opacity="0.30"/>
      <stop offset="1" stop-color="#818cf8" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="glow-b" cx="-60" cy="560" r="560" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${colors.violet}" stop-opacity="0.22"/>
      <stop offset="1" stop-color="${colors.violet}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors.accentStrong}"/>
      <stop offset="1" stop-color="${colors.violet}"/>
    </linearGradient>
    <linearGradient id="rule" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${colors.accent}"/>
      <stop offset="1" stop-color="${colors.violet}"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${colors.bg}"/>
  <rect width="${W}" height="${H}" fill="url(#glow-a)"/>
  <rect width="${W}" height="${H}" fill="url(#glow-b)"/>
  <rect x="0" y="0" width="${W}" height="8" fill="url(#rule)"/>
  <rect x="${PAD}" y="60" width="64" height="64" rx="16" fill="url(#mark)"/>
  <text x="${PAD + 32}" y="101" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(initials(owner))}</text>
  <text x="${PAD + 88}" y="102" font-family="${FONT_FAMILY}" font-size="30" font-weight="700" fill="${colors.text}">${escapeXml(ownerName)}</text>
  ${body}
  <line x1="${PAD}" y1="${H - 84}" x2="${W - PAD}" y2="${H - 84}" stroke="${colors.border}" stroke-width="2"/>
  <text x="${PAD}" y="${H - 40}" font-family="${FONT_FAMILY}" font-size="${footerSize}" fill="${colors.muted}">${escapeXml(footerText)}</text>
</svg>
`
}

// ---------------------------------------------------------------------------------------------
// The cards.

interface CardContent {
  siteUrl: string
  owner: { name: string; role: string }
  headline: string
  availability?: string
  claims: { value: string; label: string }[]
}

interface ProjectContent {
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
        textLines(value, x + 20, 436, 0, { size: 38, weight: 700, fill: colors.accent }) +
        textLines(label, x + 20, 470, 25, { size: 20, fill: colors.muted })
      )
    })
    .join('\n  ')
  const body = [
    textLines(name, PAD, 226, 0, { size: 80, weight: 700, fill: colors.text }),
    textLines(role, PAD, 282, 0, { size: 40, fill: colors.accent }),
    textLines(headline, PAD, 336, 40, { size: 32, fill: colors.muted }),
    claimBoxes,
  ].join('\n  ')
  return frame(card.owner.name, [hostOf(card.siteUrl), card.availability].filter(Boolean).join('  ·  '), body, fonts)
}

function projectCard(card: CardContent, project: ProjectContent, fonts: Fonts): string {
  const width = W - PAD * 2
  const titleSize = fonts.bold.measure(project.title, 72) <= width ? 72 : 60
  const title = wrapText(project.title, (t) => fonts.bold.measure(t, titleSize), width, 2)
  const titleBottom = 262 + (title.length - 1) * (titleSize + 8)
  const descriptionLines = title.length > 1 ? 2 : 3
  const description = wrapText(project.description, (t) => fonts.regular.measure(t, 30), width, descriptionLines)
  const descriptionTop = titleBottom + 58
  const tagsTop = descriptionTop + (description.length - 1) * 42 + 36
  const tagRows = Math.max(1, Math.min(2, Math.floor((H - 84 - 24 - tagsTop) / 58)))
  const body = [
    textLines(['CASE STUDY'], PAD, 178, 0, { size: 22, weight: 700, fill: colors.accent, letterSpacing: 3 }),
    textLines(title, PAD, 262, titleSize + 8, { size: titleSize, weight: 700, fill: colors.text }),
    textLines(description, PAD, descriptionTop, 42, { size: 30, fill: colors.muted }),
    tags(project.tech, fonts.regular, PAD, tagsTop, width, tagRows),
  ].join('\n  ')
  return frame(card.owner.name, `${hostOf(card.siteUrl)}  ·  ${card.owner.name}, ${card.owner.role}`, body, fonts)
}

/** The SVG of every card: the home page's, then one per project. Pure: same content, same SVG. */
export function socialCardSvgs(content: CompiledContent, fonts: Fonts = loadFonts()): SocialCard[] {
  const card = cardContent(content)
  const cards: SocialCard[] = [{ file: socialImage.path().replace(/^\//, ''), svg: homeCard(card, fonts) }]
  for (const raw of content.projects) {
    const project: ProjectContent = {
      id: text(raw.id),
      title: text(raw.title),
      description: text(raw.description),
      tech: Array.isArray(raw.tech) ? raw.tech.map(text).filter(Boolean) : [],
    }
    cards.push({ file: `og/${project.id}.png`, svg: projectCard(card, project, fonts) })
  }
  return cards
}

let bundledFonts: Fonts | undefined
/** The metrics of the bundled fonts (read once). */
export function loadFonts(): Fonts {
  bundledFonts ??= { regular: readFontMetrics(readFileSync(FONT_FILES.regular)), bold: readFontMetrics(readFileSync(FONT_FILES.bold)) }
  return bundledFonts
}

/** resvg with the bundled fonts only: the machine's fonts are never looked at. */
export const RESVG_OPTIONS = {
  fitTo: { mode: 'width', value: W },
  font: { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
  shapeRendering: 2, // geometricPrecision
  textRendering: 1, // optimizeLegibility
} as const satisfies ConstructorParameters<typeof Resvg>[1]

/** Rasterises a card at exactly 1200x630. */
export function renderCard(svg: string): Buffer {
  return new Resvg(svg, RESVG_OPTIONS).render().asPng()
}

/** Rendered cards by a hash of their SVG (fonts are committed, so the SVG fixes the pixels). */
const cardCache = fileURLToPath(new URL('../../node_modules/.cache/portfolio/og/', import.meta.url))

/**
 * Renders every card and writes it into the built site (og/index.png, og/<id>.png). Rasterising is
 * the slowest step of a large build, so unchanged cards are copied from the cache; a cache file that
 * is not a PNG is ignored and rendered again.
 */
export async function writeSocialImages(siteDir: string, content: CompiledContent): Promise<string[]> {
  const written: string[] = []
  await mkdir(path.join(siteDir, 'og'), { recursive: true })
  await mkdir(cardCache, { recursive: true }).catch(() => undefined)
  for (const card of socialCardSvgs(content)) {
    const cached = path.join(cardCache, `${createHash('sha256').update(card.svg).digest('hex').slice(0, 32)}.png`)
    let png: Buffer | undefined = await readFile(cached).catch(() => undefined)
    if (!png || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
      png = renderCard(card.svg)
      await writeFile(cached, png).catch(() => undefined)
    }
    await writeFile(path.join(siteDir, card.file), png)
    written.push(card.file)
  }
  return written
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
