/**
 * A language's lexicon of software and recruiting concepts: each concept is the words people use for
 * it, a visitor's and a case study's alike ("encrypted in transit" and "TLS", "spamming" and "rate
 * limit"). A question's word also looks for the other words of its concepts, so a visitor need not
 * guess the content's vocabulary. Data, one module per language in ./concepts/; never a portfolio's
 * facts, only what the words mean in the trade.
 *
 * An entry with a space is a phrase whose words say the concept only together ("work from home",
 * "get hold of": neither "home" nor "hold" means remote or contact alone); `*` in a phrase stands
 * for one to three words ("where * from"). A question's phrase is read as the concept's first entry
 * (its headword), see phraseReaderOf.
 *
 * A word with another common sense is written with a `~` ("free~", "roles~"): it means the concept
 * only beside another of its words in the same question ("is he FREE to interview", not "free
 * text"; "which ROLES is he looking for", not role-based access), and is then read as the headword.
 * A word written with a `+` ("+did") is such a cue only: it tells the sense, and stands for nothing.
 * Neither makes related terms.
 */
export type ConceptLexicon = readonly (readonly string[])[]

const isPhrase = (entry: string) => entry.includes(' ')
/** A word whose sense its neighbours tell (`free~`). */
const isSense = (entry: string) => entry.endsWith('~')
/** A word that only tells the sense of another (`+did`). */
const isCue = (entry: string) => entry.startsWith('+')
/**
 * The single words of a concept (a phrase is matched as a whole, by phraseReaderOf, not word by
 * word; a word of two senses and a cue only beside others).
 */
const wordsOf = (concept: readonly string[]) =>
  concept.filter((entry) => !isPhrase(entry) && !isSense(entry) && !isCue(entry))
/** How many words a phrase's `*` may stand for. */
const GAP_WORDS = 3

/** A product's name is written capitalised in a lexicon ("Docker", "PM2"); a general word in lower case. */
const isName = (word: string) => word !== word.toLowerCase()

/**
 * The related terms of an index term: for a general word, the other terms of every concept holding
 * it; for a product's name, only its concepts' general words (Kubernetes is not Docker: "does he
 * know Kubernetes?" must not be answered with Docker). Each is cut into terms by the language's
 * `processTerm` (so `encrypted` and `encryption` are one term). A stop word names nothing.
 */
export function relatedTermsOf(
  lexicon: ConceptLexicon,
  processTerm: (word: string) => string | null,
): (term: string) => readonly string[] {
  const related = new Map<string, Set<string>>()
  const termsOf = (words: readonly string[]) => words.map(processTerm).filter((term): term is string => term !== null)
  for (const concept of lexicon.map(wordsOf)) {
    const general = termsOf(concept.filter((word) => !isName(word)))
    const names = termsOf(concept.filter(isName))
    for (const term of [...general, ...names]) {
      const others = related.get(term) ?? new Set<string>()
      for (const other of names.includes(term) && !general.includes(term) ? general : [...general, ...names])
        if (other !== term) others.add(other)
      related.set(term, others)
    }
  }
  const lists = new Map([...related].map(([term, others]) => [term, [...others]]))
  return (term) => lists.get(term) ?? []
}

/**
 * Whether an index term is a product's name in the lexicon ("kubernetes"): a visitor may type it in
 * lower case, and a name the content does not state is what the question asks about (chat-search.ts).
 */
export function productNamesOf(
  lexicon: ConceptLexicon,
  processTerm: (word: string) => string | null,
): (term: string) => boolean {
  const names = new Set(
    lexicon.flatMap((concept) =>
      wordsOf(concept)
        .filter(isName)
        .flatMap((word) => {
          const term = processTerm(word)
          return term === null ? [] : [term]
        }),
    ),
  )
  return (term) => names.has(term)
}

/**
 * A question with each phrase of the lexicon read as its concept's headword ("can he work from home"
 * is "can he remote"), so the search looks for the concept's words: a phrase's own words mean
 * something else alone ("home", "hold"). Then each word of two senses (`free~`) beside another word
 * of its concept (a word, a headword read, another such word or a cue) is read as that concept's
 * headword ("is he free to interview" is "is he seeking to interview"); among several concepts, the
 * one with the most of its words beside it, the first on a tie. The other words are kept as written
 * (their capitals tell a product's name, chat-search.ts), and a question with neither is returned as is.
 */
export function phraseReaderOf(
  lexicon: ConceptLexicon,
  tokenize: (text: string) => string[],
  lower: (text: string) => string,
): (question: string) => string {
  const phrases = lexicon.flatMap((concept) =>
    concept.filter(isPhrase).map((phrase) => ({ words: lower(phrase).split(/\s+/), headword: concept[0]! })),
  )
  // The longest first: "front end or back end" before "front end".
  phrases.sort((a, b) => b.words.length - a.words.length)
  // The concepts of each word of two senses, and the words that tell each concept's sense.
  const senses = new Map<string, number[]>()
  const telling = lexicon.map((concept, c) => {
    const words = new Set<string>()
    for (const entry of concept) {
      if (isPhrase(entry)) continue
      const word = lower(entry.replace(/^\+|~$/g, ''))
      words.add(word)
      if (isSense(entry)) senses.set(word, [...(senses.get(word) ?? []), c])
    }
    if (!isPhrase(concept[0]!)) words.add(lower(concept[0]!))
    else words.add(lower(concept[0]!).split(/\s+/)[0]!)
    return words
  })
  const readSenses = (words: readonly string[]): string[] | null => {
    const lowered = words.map(lower)
    let changed = false
    const read = words.map((word, i) => {
      const concepts = senses.get(lowered[i]!)
      if (!concepts) return word
      const beside = (c: number) => lowered.filter((other, j) => j !== i && telling[c]!.has(other)).length
      const best = concepts.reduce((a, b) => (beside(b) > beside(a) ? b : a))
      if (beside(best) === 0) return word
      changed = true
      return lexicon[best]![0]!
    })
    return changed ? read : null
  }
  return (question) => {
    const words = tokenize(question)
    const lowered = words.map(lower)
    let read: string[] | null = null
    for (const { words: phrase, headword } of phrases) {
      const at = matchAt(read ? read.map(lower) : lowered, phrase)
      if (!at) continue
      const current: readonly string[] = read ?? words
      // The phrase's own words become the headword; the words a `*` stood for stay.
      read = [...current.slice(0, at.start), headword, ...at.kept.map((i) => current[i]!), ...current.slice(at.end)]
    }
    read = readSenses(read ?? words) ?? read
    return read ? read.join(' ') : question
  }
}

/** Where a phrase's words occur in `words` (the first place), and the positions its `*` stood for. */
function matchAt(
  words: readonly string[],
  phrase: readonly string[],
): { start: number; end: number; kept: number[] } | null {
  const from = (i: number, p: number, kept: number[]): { end: number; kept: number[] } | null => {
    if (p === phrase.length) return { end: i, kept }
    if (phrase[p] === '*') {
      for (let gap = 1; gap <= GAP_WORDS && i + gap <= words.length; gap += 1) {
        const found = from(i + gap, p + 1, [...kept, ...Array.from({ length: gap }, (_, k) => i + k)])
        if (found) return found
      }
      return null
    }
    return words[i] === phrase[p] ? from(i + 1, p + 1, kept) : null
  }
  for (let start = 0; start < words.length; start += 1) {
    const found = from(start, 0, [])
    if (found) return { start, ...found }
  }
  return null
}
