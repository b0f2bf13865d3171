import MiniSearch, { type SearchResult } from 'minisearch'
import {
  CHAT_INDEX_FORMAT,
  indexOptions,
  processQueryTerm,
  processTerm,
  tokenize,
  type ChatIndexFile,
  type Passage,
  type Place,
} from './search-config.ts'

/**
 * The chat's search over the content's passages (MiniSearch). Loaded with the index, when the chat
 * is first opened: no page downloads this code before.
 */

/** A passage as an answer shows it: its text and where it is shown. */
export type StoredPassage = Place & { text: string }

export interface Hit {
  passage: StoredPassage
  /** MiniSearch's relevance (BM25 with field boosts, prefix and fuzzy matches weighted down). */
  score: number
  /**
   * The share of the question this passage answers, 0..1: the asked words it contains, each
   * weighted by how rare it is among the passages (a word no passage has weighs the most), so
   * "Does he know Kubernetes?" is not answered by a passage that merely says "know".
   */
  coverage: number
  /** The asked words it contains, as typed (lowercase). */
  words: string[]
  /** The index terms it matched (stems), to pick the sentences that state them. */
  terms: string[]
}

export interface ChatSearch {
  /**
   * Passages for the question, best first. `kind` keeps one kind; `all` requires every asked word;
   * `strict` leaves out prefixes of short words (`redi`, the stem of `redis`, is not `redirect`).
   */
  find(question: string, options?: { kind?: Place['kind']; all?: boolean; strict?: boolean }): Hit[]
  /** The words of a question that count (stop words out), lowercase, each once. */
  words(question: string): string[]
  /** The question's terms as the index holds them, for matching sentences. */
  stems(text: string): string[]
}

/** The search over the passages file as fetched; throws on another format (an old cached file, a newer build). */
export function loadChatSearch(file: ChatIndexFile): ChatSearch {
  if (file.format !== CHAT_INDEX_FORMAT)
    throw new Error(`chat index format ${String(file.format)}, expected ${CHAT_INDEX_FORMAT}`)
  const nowhere: Place = { source: '', project: '', section: '', url: '/', kind: 'text' }
  const placeOf = (id: number) => file.places[file.placeOf[id] ?? -1] ?? nowhere
  const index = new MiniSearch<Passage>(indexOptions)
  index.addAll(file.texts.map((text, id) => ({ id, text, title: file.titles[id] ?? '', source: placeOf(id).source })))
  return searchOver(index, (id) => ({ ...placeOf(id), text: file.texts[id] ?? '' }))
}

/** `passage` gives a passage's text and place by its id. */
export function searchOver(index: MiniSearch<Passage>, passage: (id: number) => StoredPassage): ChatSearch {
  const words = (question: string) => [
    ...new Set(tokenize(question.toLowerCase()).filter((word) => processTerm(word) !== null)),
  ]
  return {
    words,
    stems: (text) =>
      tokenize(text)
        .map(processTerm)
        .filter((term): term is string => term !== null),
    find(question, options = {}) {
      const asked = words(question).map((word) => ({ word, terms: new Set(processQueryTerm(word) ?? []) }))
      if (asked.length === 0) return []
      const results: SearchResult[] = index.search(asked.map((a) => a.word).join(' '), {
        ...(options.kind
          ? { filter: (result: SearchResult) => passage(result.id as number).kind === options.kind }
          : {}),
        ...(options.all ? { combineWith: 'AND' } : {}),
        ...(options.strict
          ? { prefix: (term: string) => term.length >= 5, fuzzy: (term: string) => (term.length >= 6 ? 1 : false) }
          : {}),
      })
      const covers = (result: SearchResult, terms: ReadonlySet<string>) =>
        result.queryTerms.some((term) => terms.has(term))
      const total = index.documentCount
      const weights = asked.map(({ terms }) =>
        Math.log(1 + total / (1 + results.filter((r) => covers(r, terms)).length)),
      )
      const sum = weights.reduce((a, b) => a + b, 0)
      return results
        .map((result): Hit => {
          const found = asked.map((a, i) => (covers(result, a.terms) ? i : -1)).filter((i) => i >= 0)
          return {
            passage: passage(result.id as number),
            score: result.score,
            coverage: found.reduce((a, i) => a + (weights[i] ?? 0), 0) / sum,
            words: found.map((i) => asked[i]!.word),
            terms: result.terms,
          }
        })
        .sort((a, b) => b.score * b.coverage - a.score * a.coverage)
    },
  }
}
