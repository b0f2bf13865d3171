/** "a, b and c" / "a, b or c" in a language's own words and punctuation (Intl.ListFormat). */
export function listIn(lang: string, values: readonly string[], type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat(lang, { type }).format(values)
}
