/**
 * A language's lexicon of software and recruiting concepts: each concept is the words people use for
 * it, a visitor's and a case study's alike ("encrypted in transit" and "TLS", "spamming" and "rate
 * limit"). A question's word also looks for the other words of its concepts, so a visitor need not
 * guess the content's vocabulary. Data, one module per language in ./concepts/; never a portfolio's
 * facts, only what the words mean in the trade.
 */
export type ConceptLexicon = readonly (readonly string[])[]

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
  for (const concept of lexicon) {
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
      concept.filter(isName).flatMap((word) => {
        const term = processTerm(word)
        return term === null ? [] : [term]
      }),
    ),
  )
  return (term) => names.has(term)
}
