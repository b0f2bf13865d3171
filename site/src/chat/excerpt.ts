/** Longest excerpt of one passage in an answer, in characters. */
export const EXCERPT_LENGTH = 320

// Firefox has Intl.Segmenter from version 125 only: without it a passage is one sentence (cut at a word).
const sentences = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'sentence' }) : null

/**
 * `text` when it is short enough; else a readable piece of it: the sentence that states most of
 * the matched terms, followed by the next ones while they fit in `max` characters; a sentence
 * longer than that is cut at a word.
 * `stems` turns a sentence into index terms, so matching follows the index's stemming.
 */
export function excerpt(
  text: string,
  matched: readonly string[],
  stems: (text: string) => string[],
  max = EXCERPT_LENGTH,
): string {
  if (text.length <= max) return text
  const parts = (sentences ? [...sentences.segment(text)].map((s) => s.segment.trim()) : [text]).filter(Boolean)
  if (parts.length === 0) return ''
  const wanted = new Set(matched)
  let best = 0
  let bestScore = -1
  parts.forEach((sentence, index) => {
    const score = new Set(stems(sentence).filter((term) => wanted.has(term))).size
    if (score > bestScore) [best, bestScore] = [index, score]
  })
  let out = parts[best]!
  for (const next of parts.slice(best + 1)) {
    if (out.length + 1 + next.length > max) break
    out += ` ${next}`
  }
  if (out.length <= max) return out
  const cut = out.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:]+$/, '')}…`
}
