import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { LanguageSwitcher, switcherLinks } from '../../site/src/components/language-switcher.tsx'
import { shippedCatalogues } from '../../site/src/i18n/shipped-catalogues.ts'
import { DEFAULT_LANGUAGE, LanguageContext, type PageLanguage } from '../../site/src/i18n/language-context.ts'
import { languagePrefix } from '../../site/src/i18n/languages.ts'

/** A site in English (default), French and Arabic under /sub/, whose case study "logic-i" has no Arabic text. */
const site = (lang: string): PageLanguage => ({
  ...DEFAULT_LANGUAGE,
  lang,
  dir: lang === 'ar' ? 'rtl' : 'ltr',
  strings: shippedCatalogues.get(lang)!,
  languages: ['en', 'fr', 'ar'],
  hrefIn: (tag, path) => `/sub/${languagePrefix(tag, 'en')}${path.replace(/^\//, '')}`,
  isTranslated: (tag, path) => !(tag === 'ar' && path === '/projects/logic-i'),
})

const render = (language: PageLanguage, location: string) =>
  renderToStaticMarkup(
    createElement(
      StaticRouter,
      { location, basename: '/sub/' },
      createElement(LanguageContext, { value: language }, createElement(LanguageSwitcher)),
    ),
  )

describe('the language switcher', () => {
  it('renders nothing for a one-language site (the HTML of today’s sites is unchanged)', () => {
    expect(render(DEFAULT_LANGUAGE, '/sub/projects/logic-i')).toBe('')
  })

  it('links the same page in every language, named in that language, with lang and hreflang', () => {
    const html = render(site('fr'), '/sub/projects/logic-i')
    const links = [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map((m) => [m[1], m[2]])
    expect(links).toEqual([
      ['href="/sub/projects/logic-i" lang="en" hrefLang="en"', 'English'],
      ['href="/sub/fr/projects/logic-i" lang="fr" hrefLang="fr" aria-current="page"', 'Français'],
      [
        'href="/sub/ar/projects/logic-i" lang="ar" hrefLang="ar" data-untranslated=""',
        'العربية<span class="language-switcher__note" lang="fr">pas encore traduite</span>',
      ],
    ])
    expect(html).toContain(
      '<span class="visually-hidden">Langue\u00a0: </span><span lang="fr" class="language-switcher__name">Français</span>',
    )
  })

  it('marks a page not translated into a language in the page’s own language, and does not hide it', () => {
    const links = switcherLinks(site('ar'), '/projects/logic-i', '#stack')
    expect(links.map((link) => [link.tag, link.href, link.translated, link.current])).toEqual([
      ['en', '/sub/projects/logic-i#stack', true, false],
      ['fr', '/sub/fr/projects/logic-i#stack', true, false],
      ['ar', '/sub/ar/projects/logic-i#stack', false, true],
    ])
  })

  it('gives the path without the language prefix to each language’s URL', () => {
    const language = { ...site('fr'), pagePath: (pathname: string) => pathname.replace(/^\/fr(?=\/)/, '') }
    const html = render(language, '/sub/fr/writing')
    expect(html).toContain('href="/sub/writing" lang="en"')
    expect(html).toContain('href="/sub/ar/writing" lang="ar"')
  })
})
