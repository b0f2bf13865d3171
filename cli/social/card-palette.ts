import { socialImage } from '../../site/src/paths.ts'

// The card's size and colours, apart from the text layout: the cover panel needs them without the font reader.

/** The site's dark theme (site/src/styles/tokens.css). */
export const colors = {
  bg: '#0b1020',
  surface: '#131a2e',
  border: '#263152',
  text: '#e7eaf3',
  muted: '#a6afc6',
  accent: '#a5b4fc',
  accentStrong: '#4338ca',
  violet: '#7c3aed',
  tagBg: '#1d2447',
} as const

export const { width: W, height: H } = socialImage
export const PAD = 80
