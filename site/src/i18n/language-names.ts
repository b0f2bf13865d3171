const names = new Map<string, Intl.DisplayNames>()

/** A language's name in another language (Intl.DisplayNames): `languageName('de', 'fr')` → "allemand". */
export function languageName(tag: string, inLanguage: string): string {
  let display = names.get(inLanguage)
  if (!display) names.set(inLanguage, (display = new Intl.DisplayNames(inLanguage, { type: 'language' })))
  return display.of(tag) ?? tag
}

/**
 * A language's name in itself, as a switcher lists it ("Deutsch", "Français", "العربية",
 * "Português (Brasil)"): capitalised at its start, as a name standing alone in a list is (CLDR
 * writes it in lower case for the middle of a sentence).
 */
export function nativeName(tag: string): string {
  const name = languageName(tag, tag)
  const first = String.fromCodePoint(name.codePointAt(0) ?? 0)
  return first.toLocaleUpperCase(tag) + name.slice(first.length)
}
