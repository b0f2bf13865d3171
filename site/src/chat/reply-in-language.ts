import { choosePassages } from './choose-passages.ts'
import {
  answer,
  fallback,
  passageAnswer,
  SUGGESTIONS,
  text,
  type ChatKnowledge,
  type Reply,
  type SmallTalk,
} from './reply-parts.ts'
import { segmentedAnalysis, type TextAnalysis } from './text-analysis.ts'

/**
 * The replies in a language other than English, whose questions the English heuristics cannot
 * read: by the search alone. In order:
 *   1. a quick question asked with its exact text;
 *   2. small talk, when the message is only the language's phrases for it;
 *   3. a quick question by one of its keywords (the content's, in its language), unless a passage
 *      states more of what was asked;
 *   4. the passage (or two) stating enough of the question's terms (stemmed, stop words out),
 *      weighted by how rare each is;
 *   5. the fallback.
 * Pure, like reply.ts.
 */

/** Words by Intl.Segmenter before the language's stemmer has loaded (quick questions, small talk). */
const unstemmed = new Map<string, TextAnalysis>()

function analysisOf(knowledge: ChatKnowledge): TextAnalysis {
  if (knowledge.search) return knowledge.search.analysis
  const lang = knowledge.lang ?? 'en'
  let analysis = unstemmed.get(lang)
  if (!analysis) unstemmed.set(lang, (analysis = segmentedAnalysis(lang, (word) => word, [])))
  return analysis
}

const wordsOf = (message: string, analysis: TextAnalysis) => analysis.tokenize(analysis.lower(message))

/** Where the words of `run` (non-empty) appear consecutively in `words`, or -1. */
function indexOfRun(words: readonly string[], run: readonly string[]): number {
  if (run.length === 0) return -1
  for (let start = 0; start + run.length <= words.length; start += 1)
    if (run.every((word, i) => words[start + i] === word)) return start
  return -1
}

function matchSmallTalk(words: readonly string[], knowledge: ChatKnowledge, analysis: TextAnalysis): Reply | null {
  const left = [...words]
  let kind: keyof SmallTalk | undefined
  // Longer phrases first: "merci beaucoup" is one thanks, not "merci" and a word left over.
  const phrases = Object.entries(knowledge.smallTalkPhrases ?? {})
    .flatMap(([said, list]) =>
      (list ?? []).map((phrase) => ({ said: said as keyof SmallTalk, run: wordsOf(phrase, analysis) })),
    )
    .sort((a, b) => b.run.length - a.run.length)
  for (const { said, run } of phrases)
    for (let at = indexOfRun(left, run); at >= 0; at = indexOfRun(left, run)) {
      kind ??= said
      left.splice(at, run.length)
    }
  if (!kind || left.length > 0) return null
  const reply = answer([text(knowledge.smallTalk[kind])])
  if (kind === 'abilities') reply.suggestions = knowledge.quickQuestions.slice(0, SUGGESTIONS).map((q) => q.question)
  return reply
}

/** The reply to a message that needs no passage (a quick question asked as written, small talk), or null. */
export function replyInLanguageWithoutSearch(message: string, knowledge: ChatKnowledge): Reply | null {
  const analysis = analysisOf(knowledge)
  const words = wordsOf(message, analysis)
  if (words.length === 0) return fallback(knowledge)
  const asked = words.join(' ')
  const exact = knowledge.quickQuestions.find((item) => wordsOf(item.question, analysis).join(' ') === asked)
  if (exact) return answer([text(exact.answer)])
  return matchSmallTalk(words, knowledge, analysis)
}

/**
 * The quick question whose keyword the message states (compared by index term), with how many
 * asked terms its keywords hold; the longest keyword wins, the first quick question a tie.
 */
function matchKeyword(terms: readonly string[], knowledge: ChatKnowledge, analysis: TextAnalysis) {
  const termsOf = (phrase: string) => wordsOf(phrase, analysis).map((word) => analysis.processTerm(word) ?? word)
  let best: { answer: string; covered: number; length: number } | null = null
  for (const item of knowledge.quickQuestions) {
    const hits = (item.keywords ?? []).filter((keyword) => indexOfRun(terms, termsOf(keyword)) >= 0)
    if (hits.length === 0) continue
    const length = Math.max(...hits.map((keyword) => keyword.length))
    const covered = new Set(
      hits.flatMap((keyword) => wordsOf(keyword, analysis).flatMap((word) => analysis.processTerm(word) ?? [])),
    ).size
    if (!best || length > best.length) best = { answer: item.answer, covered, length }
  }
  return best
}

/** The reply to one visitor message in the knowledge's language. */
export function replyInLanguage(message: string, knowledge: ChatKnowledge): Reply {
  const direct = replyInLanguageWithoutSearch(message, knowledge)
  if (direct) return direct
  const analysis = analysisOf(knowledge)
  const words = wordsOf(message, analysis)
  const terms = words.map((word) => analysis.processTerm(word) ?? word)
  const keyword = matchKeyword(terms, knowledge, analysis)
  const search = knowledge.search
  const passages = search ? choosePassages(message, words, search) : null
  // As in English: a keyword that is a small part of the question does not answer it.
  const asked = new Set(words.flatMap((word) => analysis.processTerm(word) ?? [])).size
  const central = keyword !== null && keyword.covered * 3 >= asked
  if (keyword && central && (!passages || passages.covered <= keyword.covered)) return answer([text(keyword.answer)])
  if (passages && search) return passageAnswer(passages, search, knowledge.readMore)
  return fallback(knowledge)
}
