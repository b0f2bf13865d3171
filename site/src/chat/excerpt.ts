/** Longest excerpt of one passage in an answer, in characters. */
export const EXCERPT_LENGTH = 320

// Firefox has Intl.Segmenter from version 125 only: without it a passage is one sentence (cut at a word).
const sentences = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'sentence' }) : null

/** A link's address after its words ("GitHub (https://…)"): shown as a link, not read as text. */
const ADDRESS = / \(https:\/\/[^\s)]+\)/g

/** The characters of a text a reader reads: its links' addresses left out. */
const readLength = (text: string) => text.replace(ADDRESS, '').length

/**
 * `text` when it is short enough; else a readable piece of it: the sentence that states most of
 * the matched terms, followed by the next ones while they fit in `max` characters (links'
 * addresses not counted); a sentence longer than that is cut at a word, never inside an address.
 * `stems` turns a sentence into index terms, so matching follows the index's stemming.
 */
export function excerpt(
  text: string,
  matched: readonly string[],
  stems: (text: string) => string[],
  max = EXCERPT_LENGTH,
): string {
  if (readLength(text) <= max) return text
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
    if (readLength(out) + 1 + readLength(next) > max) break
    out += ` ${next}`
  }
  if (readLength(out) <= max) return out
  // Cut where `max - 1` characters have been read, at a word, before an address rather than in it.
  let end = max - 1
  for (const address of out.matchAll(ADDRESS)) if (address.index < end) end += address[0].length
  const cut = out.slice(0, end)
  const inAddress = [...cut.matchAll(/ \(https:\/\/[^\s)]*$/g)][0]
  const kept = inAddress ? cut.slice(0, inAddress.index) : cut
  return `${kept.slice(0, Math.max(kept.lastIndexOf(' '), max / 2)).replace(/[\s,;:]+$/, '')}…`
}
