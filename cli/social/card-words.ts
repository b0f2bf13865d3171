import { primaryLanguage } from '../../site/src/i18n/languages.ts'

/**
 * The card's own words, per language of the shipped UI catalogues. Kept with the cards rather than
 * read from the site's catalogue: the label is set as a typeset mark (capitals and letter-spacing
 * in Latin scripts, which Arabic and Devanagari have no use for), and a card's words are part of its
 * SVG, so they must not change with a catalogue edit made for the page.
 */
export interface CardWords {
  /** The label above a case study's (and a post's) title. */
  caseStudy: string
  /** Between the owner's name and role in a case study's footer. */
  nameRoleSeparator: string
}

const WORDS: Readonly<Record<string, CardWords>> = {
  en: { caseStudy: 'CASE STUDY', nameRoleSeparator: ', ' },
  es: { caseStudy: 'CASO DE ESTUDIO', nameRoleSeparator: ', ' },
  fr: { caseStudy: 'ÉTUDE DE CAS', nameRoleSeparator: ', ' },
  de: { caseStudy: 'FALLSTUDIE', nameRoleSeparator: ', ' },
  'pt-BR': { caseStudy: 'ESTUDO DE CASO', nameRoleSeparator: ', ' },
  hi: { caseStudy: 'केस स्टडी', nameRoleSeparator: ', ' },
  ar: { caseStudy: 'دراسة حالة', nameRoleSeparator: '، ' },
}

/** The languages the cards have their own words for. */
export const CARD_WORD_LANGUAGES: readonly string[] = Object.keys(WORDS)

/**
 * A language's card words: its own, else its primary language's (`es` for `es-MX`), else those of a
 * regional form of it (`pt-BR` for `pt` and `pt-PT`), else English's.
 */
export function cardWords(tag: string): CardWords {
  const primary = primaryLanguage(tag)
  const regional = Object.keys(WORDS).find((known) => primaryLanguage(known) === primary)
  return WORDS[tag] ?? WORDS[primary] ?? (regional ? WORDS[regional] : undefined) ?? (WORDS.en as CardWords)
}
