import { textDirection } from '../../site/src/i18n/languages.ts'
import { type CardFontOrder, cardFontOrder, FONT_FAMILY, type FontWeight } from './card-font-files.ts'
import { measureShapedText, measureText } from './card-fonts.ts'
import { W } from './card-palette.ts'
import { cardWords, type CardWords } from './card-words.ts'
import { fontOfScript, scriptOf } from './script-fonts.ts'

/**
 * How a card is written in its language: its words, its direction, the fonts its SVG names and how
 * its text is measured to wrap. The renderer (resvg, in takumi) shapes Arabic and Devanagari with
 * the registered Noto fonts but ignores `direction="rtl"` (and U+200F), so a right-to-left card
 * mirrors its layout itself and wraps each line in a right-to-left isolate (U+2067 … U+2069), which
 * sets the line in right-to-left order and draws nothing; its lines are anchored at their end,
 * which resvg takes as the right edge whatever the direction.
 */
export interface CardWriting {
  words: CardWords
  rtl: boolean
  /** The SVG's font-family: the script's font first where the language has one, then the cards' Latin font. */
  fontFamily: string
  /** Whether the case-study label is letter-spaced: Latin capitals are; spacing would break Arabic joining and Devanagari conjuncts. */
  spacedLabel: boolean
  /** The width of `text` in pixels, as the card's fonts set it. */
  measure: (text: string, size: number, weight: FontWeight, letterSpacing?: number) => number
}

/** Scripts whose capitals the label is set in, letter-spaced. */
const CASED_SCRIPTS = new Set(['Latn', 'Cyrl', 'Grek'])

/** The cards as they were before languages: English words, DejaVu Sans, measured glyph by glyph. */
const ENGLISH: CardWriting = {
  words: cardWords('en'),
  rtl: false,
  fontFamily: FONT_FAMILY,
  spacedLabel: true,
  measure: measureText,
}

/**
 * The writing of a card in `tag` (English's when none is given). A Latin-script language keeps the
 * English card's fonts and measuring, so only its words differ; another script is measured shaped,
 * through the fonts in the order the renderer falls back through them.
 */
export function cardWriting(tag?: string): CardWriting {
  if (tag === undefined) return ENGLISH
  const script = scriptOf(tag)
  const rtl = textDirection(tag) === 'rtl'
  const words = cardWords(tag)
  if (script === 'Latn' && !rtl) return { ...ENGLISH, words }
  const own = fontOfScript(tag)
  const order: CardFontOrder = cardFontOrder(tag)
  return {
    words,
    rtl,
    fontFamily: own ? `${own.family}, ${FONT_FAMILY}` : FONT_FAMILY,
    spacedLabel: CASED_SCRIPTS.has(script),
    measure: (text, size, weight, letterSpacing) => measureShapedText(text, size, weight, order, letterSpacing),
  }
}

/** An x of the left-to-right layout where a card in `writing` puts it: mirrored for right to left (`width`: of a box whose left edge `x` is). */
export function placeX(writing: CardWriting, x: number, width = 0): number {
  return writing.rtl ? W - x - width : x
}
