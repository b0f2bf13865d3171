import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useLanguage, type PageLanguage } from '../i18n/language-context.ts'
import { nativeName } from '../i18n/language-names.ts'
import { Icon } from './icon.tsx'

/** One language's link in the switcher. */
export interface SwitcherLink {
  tag: string
  /** The language's name in itself (Intl.DisplayNames). */
  name: string
  /** The same page in that language, with the current #hash. */
  href: string
  current: boolean
  /** False when that page's main content is not translated into the language: the link is marked. */
  translated: boolean
}

/** The switcher's links for the page at `path` (without the language prefix), the site's languages in order. */
export function switcherLinks(
  language: Pick<PageLanguage, 'lang' | 'languages' | 'hrefIn' | 'isTranslated'>,
  path: string,
  hash: string,
): SwitcherLink[] {
  return language.languages.map((tag) => ({
    tag,
    name: nativeName(tag),
    href: language.hrefIn(tag, path) + hash,
    current: tag === language.lang,
    translated: language.isTranslated(tag, path),
  }))
}

/**
 * The languages of the site as plain links to the same page in each (so it works with JavaScript
 * off), in a disclosure that needs no script either. Each link is named in its own language, with
 * its `lang` and `hreflang`; no flags (a flag is a country, not a language). A page not translated
 * into a language is still linked (it exists, with a notice), marked in the page's language. The
 * #hash is not known to the server: it is added once the page runs. Nothing for a one-language site.
 */
export function LanguageSwitcher() {
  const language = useLanguage()
  const { pathname, hash: routerHash } = useLocation()
  const hash = useCurrentHash(routerHash)
  if (language.languages.length < 2) return null
  const links = switcherLinks(language, language.pagePath(pathname), hash)
  const { strings, lang } = language
  const current = links.find((link) => link.current)
  return (
    <details className="language-switcher">
      <summary className="language-switcher__button">
        {/* On a phone the name gives way to the globe (layout.css), so the header keeps to one line. */}
        <Icon name="globe" />
        {/* "Language: Français" to a screen reader; the name alone on the screen. */}
        {fillNodes(strings.languageSwitcherCurrent, {
          language: (
            <span lang={lang} className="language-switcher__name">
              {current?.name ?? lang}
            </span>
          ),
        }).map((part, i) =>
          typeof part === 'string' ? (
            <span key={i} className="visually-hidden">
              {part}
            </span>
          ) : (
            part
          ),
        )}
      </summary>
      <ul className="language-switcher__list" aria-label={strings.languageSwitcherLabel}>
        {links.map((link) => (
          <li key={link.tag}>
            <a
              href={link.href}
              lang={link.tag}
              hrefLang={link.tag}
              aria-current={link.current ? 'page' : undefined}
              data-untranslated={link.translated ? undefined : ''}
            >
              {link.name}
              {link.translated ? null : (
                <span className="language-switcher__note" lang={lang}>
                  {strings.languageNotTranslated}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}

/**
 * The location's #hash once the page runs (empty in the server's HTML and at hydration, so both
 * match), kept current when an in-page link changes it without the router.
 */
function useCurrentHash(routerHash: string): string {
  const [hash, setHash] = useState('')
  useEffect(() => {
    const update = () => setHash(window.location.hash)
    update()
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [routerHash])
  return hash
}
