/**
 * A language's lexicon of software and recruiting concepts: each concept is the words people use for
 * it, a visitor's and a case study's alike ("encrypted in transit" and "TLS", "spamming" and "rate
 * limit"). A question's word also looks for the other words of its concepts, so a visitor need not
 * guess the content's vocabulary. Data, one module per language in ./concepts/; never a portfolio's
 * facts, only what the words mean in the trade.
 */
export type ConceptLexicon = readonly (readonly string[])[]

/**
 * The related terms of an index term: the other terms of every concept holding it, each cut into
 * terms by the language's `processTerm` (so `encrypted` and `encryption` are one term). A word that
 * is a stop word in the language names nothing and is left out.
 */
export function relatedTermsOf(
  lexicon: ConceptLexicon,
  processTerm: (word: string) => string | null,
): (term: string) => readonly string[] {
  const related = new Map<string, Set<string>>()
  for (const concept of lexicon) {
    const terms = [...new Set(concept.map(processTerm).filter((term): term is string => term !== null))]
    for (const term of terms) {
      const others = related.get(term) ?? new Set<string>()
      for (const other of terms) if (other !== term) others.add(other)
      related.set(term, others)
    }
  }
  const lists = new Map([...related].map(([term, others]) => [term, [...others]]))
  return (term) => lists.get(term) ?? []
}
