import { primaryLanguage } from '../i18n/languages.ts'
import { englishAnalysis } from './search-config.ts'
import { segmentedAnalysis, type Stem, type TextAnalysis } from './text-analysis.ts'

/**
 * A language's stemmer and stop words: the Snowball stemmers and the stop-word lists Orama
 * publishes (@orama/stemmers, @orama/stopwords), one module per language. Each is imported on its
 * own, so the browser downloads only the language of its page (the bundler makes a chunk of each).
 * A language not listed is analysed without stemming or stop words: its words still match as written.
 */
const LANGUAGES: Readonly<Record<string, () => Promise<[{ stemmer: Stem }, { stopwords: string[] }]>>> = {
  ar: () => Promise.all([import('@orama/stemmers/arabic'), import('@orama/stopwords/arabic')]),
  de: () => Promise.all([import('@orama/stemmers/german'), import('@orama/stopwords/german')]),
  es: () => Promise.all([import('@orama/stemmers/spanish'), import('@orama/stopwords/spanish')]),
  fr: () => Promise.all([import('@orama/stemmers/french'), import('@orama/stopwords/french')]),
  // Orama calls its Snowball Hindi stemmer and list "indian".
  hi: () => Promise.all([import('@orama/stemmers/indian'), import('@orama/stopwords/indian')]),
  pt: () => Promise.all([import('@orama/stemmers/portuguese'), import('@orama/stopwords/portuguese')]),
}

const loaded = new Map<string, Promise<TextAnalysis>>()

/**
 * The text analysis of a language (`pt-BR` is analysed as Portuguese, words lower-cased by
 * `pt-BR`'s rules). English is today's analysis, unchanged.
 */
export function loadTextAnalysis(lang: string): Promise<TextAnalysis> {
  const primary = primaryLanguage(lang)
  if (primary === 'en') return Promise.resolve(englishAnalysis)
  let analysis = loaded.get(lang)
  if (!analysis) {
    const load = LANGUAGES[primary]
    analysis = load
      ? load().then(([{ stemmer }, { stopwords }]) => segmentedAnalysis(lang, stemmer, stopwords))
      : Promise.resolve(segmentedAnalysis(lang, (word) => word, []))
    // A failed download is tried again with the next question.
    analysis.catch(() => loaded.delete(lang))
    loaded.set(lang, analysis)
  }
  return analysis
}
