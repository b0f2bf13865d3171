import { phraseReaderOf, productNamesOf, relatedTermsOf, type ConceptLexicon } from './related-terms.ts'

/**
 * How the chat cuts a language's text into index terms. The CLI (the projects' headline words) and
 * the browser (the index and the questions) use the same analysis for a language, so a question's
 * terms are the terms its passages were indexed with.
 */
export interface TextAnalysis {
  /** The language tag (BCP 47) the analysis is for. */
  lang: string
  /** Whether this is English, whose question heuristics (reply.ts, choose-passages.ts) apply. */
  english: boolean
  /** Lower-cased by the language's rules. */
  lower(text: string): string
  /** The words of a text, as written (lower-case it first to compare). */
  tokenize(text: string): string[]
  /** A word's index term (lowercase, stemmed), or null for a word that says nothing (a stop word). */
  processTerm(term: string): string | null
  /** A question's word as index terms (English adds a few synonyms). */
  processQueryTerm(term: string): string[] | null
  /** The terms of the concepts an index term names in the language's lexicon (./concepts/), other than itself. */
  relatedTerms(term: string): readonly string[]
  /** Whether an index term is a product's name in the language's lexicon ("kubernetes"). */
  isProductName(term: string): boolean
  /** A question with the lexicon's phrases read as their concepts' headwords ("work from home": "remote"). */
  readPhrases(question: string): string
}

/** What a language's stemmer package gives: a word's stem. */
export type Stem = (word: string) => string

/**
 * Inside a word segment, the runs of letters (with their combining marks: Devanagari vowel signs,
 * Arabic harakat), digits and the joiners some scripts write inside words. The rest splits it:
 * `Node.js` is `node` and `js`, `l'authentification` is `l` and `authentification`.
 */
const WORD_PART = /[\p{L}\p{M}\p{N}\u200c\u200d]+/gu

/**
 * The analysis of a language other than English: words by `Intl.Segmenter` (so scripts without
 * spaces or with combining marks are cut where the language cuts them), lower-cased by the
 * language's rules, stop words out, then stemmed. Stems are kept by word: content repeats its words.
 */
export function segmentedAnalysis(
  lang: string,
  stem: Stem,
  stopWords: readonly string[],
  concepts: ConceptLexicon = [],
): TextAnalysis {
  const segmenter = new Intl.Segmenter(lang, { granularity: 'word' })
  const lower = (text: string) => text.normalize('NFC').toLocaleLowerCase(lang)
  const stops = new Set(stopWords.map(lower))
  const stems = new Map<string, string>()
  const processTerm = (term: string): string | null => {
    const word = lower(term)
    // As in English: a single letter says nothing, a single digit may.
    if (stops.has(word) || (word.length < 2 && !/\p{N}/u.test(word))) return null
    let stemmed = stems.get(word)
    if (stemmed === undefined) stems.set(word, (stemmed = stem(word) || word))
    return stemmed
  }
  const tokenize = (text: string) =>
    [...segmenter.segment(text)].flatMap((part) => (part.isWordLike ? (part.segment.match(WORD_PART) ?? []) : []))
  return {
    lang,
    english: false,
    lower,
    tokenize,
    processTerm,
    processQueryTerm: (term) => {
      const stemmed = processTerm(term)
      return stemmed === null ? null : [stemmed]
    },
    relatedTerms: relatedTermsOf(concepts, processTerm),
    isProductName: productNamesOf(concepts, processTerm),
    readPhrases: phraseReaderOf(concepts, tokenize, lower),
  }
}
