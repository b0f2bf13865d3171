import { createContext, useContext } from 'react'
import { defaultLanguage, defaultStrings } from '../generated/strings/index.ts'
import { textDirection } from './languages.ts'
import type { Strings } from './strings.ts'

/**
 * The language a page is rendered in, and what its parts need from it. The entries (entry-server,
 * entry-client) provide one per page; without a provider a part gets the default below, the site
 * as it was before it had languages: English, one language, every page translated. The portfolio of
 * the page's language is provided beside it (use-portfolio.ts), so this module does not import the
 * generated content and the parts that need only words can be rendered on their own (in tests).
 */
export interface PageLanguage {
  /** The page's BCP 47 tag, as written in the config: `<html lang>`. */
  lang: string
  dir: 'ltr' | 'rtl'
  /** The site's own words in the page's language (the shipped catalogue with the portfolio's overrides). */
  strings: Strings
  /** Every language of the site, the default first (languages.ts siteLanguages). One: no switcher. */
  languages: readonly string[]
  /**
   * The href of the page at `path` (a route path without the language prefix, `/projects/x`) in a
   * language: the base path and the language's prefix included (languages.ts languagePrefix).
   */
  hrefIn: (tag: string, path: string) => string
  /** Whether the page at `path` has its main content translated into `tag` (the switcher marks the others). */
  isTranslated: (tag: string, path: string) => boolean
  /** The route path of the current location without the language prefix (identity when the router's basename holds it). */
  pagePath: (pathname: string) => string
  /**
   * The language a piece of the portfolio is shown in when it is not the page's (a field taken from
   * the fallback chain), by JSON pointer (`/hero/tagline`); undefined when it is in the page's
   * language. Its element then gets that `lang`, so a screen reader reads it in the right voice.
   */
  shownIn: (pointer: string) => string | undefined
}

export const DEFAULT_LANGUAGE: PageLanguage = {
  lang: defaultLanguage,
  dir: textDirection(defaultLanguage),
  strings: defaultStrings,
  languages: [defaultLanguage],
  hrefIn: (_tag, path) => path,
  isTranslated: () => true,
  pagePath: (pathname) => pathname,
  shownIn: () => undefined,
}

export const LanguageContext = createContext<PageLanguage>(DEFAULT_LANGUAGE)

/** The page's language and what comes with it. */
export const useLanguage = (): PageLanguage => useContext(LanguageContext)

/** The site's own words in the page's language. */
export const useStrings = (): Strings => useContext(LanguageContext).strings

/** What period.ts needs to write a date in the page's language. */
export function useDateWords(): { lang: string; present: string } {
  const { lang, strings } = useContext(LanguageContext)
  return { lang, present: strings.present }
}

/**
 * A page's language for the entries to provide: `dir` from the tag (languages.ts textDirection),
 * what is not given as for a one-language site.
 */
export function pageLanguage(
  lang: string,
  strings: Strings,
  rest: Partial<Omit<PageLanguage, 'lang' | 'dir' | 'strings'>> = {},
): PageLanguage {
  return { ...DEFAULT_LANGUAGE, ...rest, lang, dir: textDirection(lang), strings }
}
