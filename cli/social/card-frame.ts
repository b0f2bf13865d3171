import { escapeUTF8 } from 'entities'
import { initials } from '../../site/src/initials.ts'
import type { FontWeight } from './card-font-files.ts'
import { colors, H, PAD, W } from './card-palette.ts'
import { type CardWriting, placeX } from './card-writing.ts'
import { wrapText } from './wrap-text.ts'

export interface TextStyle {
  size: number
  weight: FontWeight
  fill: string
  letterSpacing?: number
  anchor?: 'middle'
  /**
   * Text written left to right on every card (technology names): not isolated as right-to-left on
   * a right-to-left card, so `C#` stays `C#`. A run of one script is set in its order either way.
   */
  ltr?: boolean
}

/** Text made safe inside an SVG element or attribute: `& < > " '` as entities. */
export const escapeXml: (text: string) => string = escapeUTF8

/** `text` wrapped to `maxWidth` in `style`, at most `maxLines` lines, cut with an ellipsis when it does not all fit. */
export function fitLines(
  text: string,
  style: TextStyle,
  maxWidth: number,
  maxLines: number,
  writing: CardWriting,
): string[] {
  return wrapText(text, lineMeasure(style, writing), maxWidth, maxLines)
}

/**
 * Measures a line as its words, each measured once: wrapping measures the line again with each
 * word it adds, and unkerned advances add up, so the sum is the whole line's width.
 */
function lineMeasure(style: TextStyle, writing: CardWriting): (line: string) => number {
  const measure = (text: string) => writing.measure(text, style.size, style.weight, style.letterSpacing)
  const space = measure(' ')
  const words = new Map<string, number>()
  return (line) => {
    const parts = line.split(' ')
    let width = (parts.length - 1) * space
    for (const word of parts) {
      let wordWidth = words.get(word)
      if (wordWidth === undefined) {
        wordWidth = measure(word)
        words.set(word, wordWidth)
      }
      width += wordWidth
    }
    return width
  }
}

/**
 * One line of text at its baseline, `x` as in the left-to-right layout (mirrored, anchored at its
 * end and isolated as right-to-left on a right-to-left card: see card-writing.ts); nothing for a blank line.
 */
export function textLine(line: string, x: number, baseline: number, style: TextStyle, writing: CardWriting): string {
  // Characters XML 1.0 forbids (C0 controls a YAML escape can carry) would make the SVG unreadable.
  const clean = line.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  if (!clean.trim()) return ''
  const anchor = writing.rtl && !style.anchor ? 'end' : style.anchor
  const text = writing.rtl && !style.ltr ? `\u2067${clean}\u2069` : clean
  const attributes = [
    `x="${placeX(writing, x)}"`,
    `y="${baseline}"`,
    `font-size="${style.size}"`,
    style.weight === 'bold' ? 'font-weight="bold"' : '',
    `fill="${style.fill}"`,
    style.letterSpacing ? `letter-spacing="${style.letterSpacing}"` : '',
    anchor ? `text-anchor="${anchor}"` : '',
  ]
  return `<text ${attributes.filter(Boolean).join(' ')}>${escapeXml(text)}</text>`
}

/** Lines of text, `lineHeight` apart. */
export function textLines(
  lines: readonly string[],
  x: number,
  firstBaseline: number,
  lineHeight: number,
  style: TextStyle,
  writing: CardWriting,
): string {
  return lines
    .map((line, i) => textLine(line, x, firstBaseline + i * lineHeight, style, writing))
    .filter(Boolean)
    .join('\n  ')
}

export function hostOf(siteUrl: string): string {
  try {
    return new URL(siteUrl).host
  } catch {
    return siteUrl
  }
}

/**
 * The two soft glows in the corners, as in the site's hero: radial gradients from a tint to the
 * background, each painted only inside its circle, which is all it changes.
 */
const glows = [
  { id: 'glow-a', cx: 1120, cy: -50, r: 400, color: '#818cf8', opacity: 0.3 },
  { id: 'glow-b', cx: -30, cy: 650, r: 280, color: colors.violet, opacity: 0.24 },
] as const

function defs(): string {
  const glowGradients = glows.map(
    (
      glow,
    ) => `<radialGradient id="${glow.id}" cx="${glow.cx}" cy="${glow.cy}" r="${glow.r}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${glow.color}" stop-opacity="${glow.opacity}"/>
      <stop offset="1" stop-color="${glow.color}" stop-opacity="0"/>
    </radialGradient>`,
  )
  return `<defs>
    ${glowGradients.join('\n    ')}
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

/** The brand (initials mark and name) and the footer every card has. */
function chrome(owner: string, footer: string, writing: CardWriting): string {
  const footerStyle: TextStyle = { size: 24, weight: 'regular', fill: colors.muted }
  const ownerStyle: TextStyle = { size: 30, weight: 'bold', fill: colors.text }
  return `<rect x="0" y="0" width="${W}" height="8" fill="url(#rule)"/>
  <rect x="${placeX(writing, PAD, 64)}" y="60" width="64" height="64" rx="16" fill="url(#mark)"/>
  ${textLine(initials(owner), PAD + 32, 101, { size: 24, weight: 'bold', fill: '#ffffff', anchor: 'middle' }, writing)}
  ${textLines(fitLines(owner, ownerStyle, W - PAD * 2 - 88, 1, writing), PAD + 88, 102, 0, ownerStyle, writing)}
  <line x1="${PAD}" y1="${H - 84}" x2="${W - PAD}" y2="${H - 84}" stroke="${colors.border}" stroke-width="2"/>
  ${textLines(fitLines(footer, footerStyle, W - PAD * 2, 1, writing), PAD, H - 40, 0, footerStyle, writing)}`
}

/**
 * A whole card around `body`: background, glows, brand and footer. Spaces are kept as written
 * (xml:space), so the footer's wide separators stay wide.
 */
export function cardFrame(owner: string, footer: string, body: string, writing: CardWriting): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${writing.fontFamily}" xml:space="preserve">
  ${defs()}
  <rect width="${W}" height="${H}" fill="${colors.bg}"/>
  ${glows.map((glow) => `<circle cx="${glow.cx}" cy="${glow.cy}" r="${glow.r}" fill="url(#${glow.id})"/>`).join('\n  ')}
  ${chrome(owner, footer, writing)}
  ${body}
</svg>
`
}
