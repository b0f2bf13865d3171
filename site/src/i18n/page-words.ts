import { portfolio } from '../generated/content.ts'
import type { SitePortfolio } from '../generated/types.ts'
import { defaultLanguage, defaultStrings } from '../generated/strings/index.ts'
import type { Strings } from './strings.ts'

/** What the head's words (page-meta.ts, structured-data.ts) need from a page's language. */
export interface PageWords {
  lang: string
  strings: Strings
  portfolio: SitePortfolio
}

/** The default: the generated portfolio with the default language's words. */
export const DEFAULT_PAGE_WORDS: PageWords = { lang: defaultLanguage, strings: defaultStrings, portfolio }

const lists = new Map<string, Intl.ListFormat>()

/**
 * "A", "A and B", "A, B and C" in the language (Intl.ListFormat). English keeps the list the site
 * has always written, without a comma before "and" (British usage, as the site's English is).
 */
export function joinNames(names: readonly string[], lang: string): string {
  const locale = lang === 'en' ? 'en-GB' : lang
  let format = lists.get(locale)
  if (!format) lists.set(locale, (format = new Intl.ListFormat(locale, { type: 'conjunction' })))
  return format.format(names)
}
