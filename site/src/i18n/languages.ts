/**
 * The languages of a portfolio: `site.language` is the default, served at `/` (its URLs never
 * change); each of `site.languages` is served under `/<tag>/` with the same slugs. Tags are BCP 47,
 * in the canonical form `Intl.getCanonicalLocales` gives (the content rules require it), and are
 * used as written: in the URL, `<html lang>`, hreflang and file names (`portfolio.pt-BR.yaml`).
 * Shared by the CLI and the site, so both name a language's pages and files alike.
 */

/** The primary subtags of the languages written right to left (Arabic, Hebrew, Persian, Urdu). */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur'])

/** `<html dir>` for a language: `rtl` for Arabic, Hebrew, Persian and Urdu, else `ltr`. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.has(primaryLanguage(tag)) ? 'rtl' : 'ltr'
}

/** `pt` of `pt-BR`, lower-cased. */
export function primaryLanguage(tag: string): string {
  return (tag.split('-')[0] ?? tag).toLowerCase()
}

/**
 * Where a field missing in `tag` is taken from, nearest first, ending with the default language:
 * `pt-BR` → `pt-BR`, `pt`, `en` (for default `en`). Only languages of the portfolio are listed:
 * `pt` is in the chain only when it is one of them.
 */
export function fallbackChain(tag: string, defaultLanguage: string, languages: readonly string[]): string[] {
  const chain = [tag]
  const parts = tag.split('-')
  for (let n = parts.length - 1; n > 0; n--) {
    const parent = parts.slice(0, n).join('-')
    if (parent !== defaultLanguage && languages.includes(parent)) chain.push(parent)
  }
  if (tag !== defaultLanguage) chain.push(defaultLanguage)
  return chain
}

/** Every language of a portfolio, the default first. */
export function siteLanguages(site: { language?: string; languages?: readonly string[] }): string[] {
  const defaultLanguage = site.language ?? 'en'
  return [defaultLanguage, ...(site.languages ?? []).filter((tag) => tag !== defaultLanguage)]
}

/** The path prefix of a language's pages under the base: '' for the default, `<tag>/` for the others. */
export function languagePrefix(tag: string, defaultLanguage: string): string {
  return tag === defaultLanguage ? '' : `${tag}/`
}
