import { describe, expect, it } from 'vitest'
import { checkAlternates } from '../../cli/pipeline/check-output.ts'
import { listRoutes, withLanguages, type Route } from '../../cli/pipeline/list-routes.ts'
import { scanPage } from '../../cli/pipeline/scan-page.ts'
import { sitemapXml } from '../../cli/pipeline/seo-files.ts'
import { renderHead } from '../../site/src/head.ts'
import { fallbackChain, languagePrefix, siteLanguages, textDirection } from '../../site/src/i18n/languages.ts'

/** A site in English (the default), French and Arabic, where project b has no French translation. */
const routes = listRoutes(['a', 'b'])
const translated = (route: Route, lang: string) => !(lang === 'fr' && route.projectId === 'b')
const sites = withLanguages(routes, ['en', 'fr', 'ar'], 'en', translated)
const page = (lang: string, url: string) => sites.get(lang)!.find((r) => r.url === url)!

describe('the language of a tag', () => {
  it('writes Arabic, Hebrew, Persian and Urdu right to left, and falls back pt-BR → pt → the default', () => {
    expect(['ar', 'he', 'fa', 'ur-PK', 'fr', 'hi'].map(textDirection)).toEqual([
      'rtl',
      'rtl',
      'rtl',
      'rtl',
      'ltr',
      'ltr',
    ])
    expect(fallbackChain('pt-BR', 'en', ['pt', 'pt-BR'])).toEqual(['pt-BR', 'pt', 'en'])
    expect(fallbackChain('pt-BR', 'en', ['pt-BR'])).toEqual(['pt-BR', 'en'])
    expect(fallbackChain('en', 'en', ['fr'])).toEqual(['en'])
    expect(siteLanguages({ language: 'en', languages: ['fr', 'ar'] })).toEqual(['en', 'fr', 'ar'])
    expect([languagePrefix('en', 'en'), languagePrefix('fr', 'en')]).toEqual(['', 'fr/'])
  })
})

describe('each language has every page, under its prefix', () => {
  it('gives every language the same routes, with its prefix, and each page its hreflang set with x-default', () => {
    expect([...sites.keys()]).toEqual(['en', 'fr', 'ar'])
    for (const lang of ['en', 'fr', 'ar']) expect(sites.get(lang)!.map((r) => r.url)).toEqual(routes.map((r) => r.url))
    expect(page('fr', '/projects/a').language).toEqual({
      lang: 'fr',
      prefix: 'fr/',
      alternates: [
        { hreflang: 'en', path: 'projects/a' },
        { hreflang: 'fr', path: 'fr/projects/a' },
        { hreflang: 'ar', path: 'ar/projects/a' },
        { hreflang: 'x-default', path: 'projects/a' },
      ],
    })
  })

  it('builds an untranslated page with its source page as canonical, and leaves it out of every set', () => {
    expect(page('fr', '/projects/b').language).toEqual({
      lang: 'fr',
      prefix: 'fr/',
      alternates: [],
      sourcePath: 'projects/b',
    })
    expect(page('en', '/projects/b').language!.alternates.map((a) => a.hreflang)).toEqual(['en', 'ar', 'x-default'])
    // The 404 pages are in no set and have no canonical.
    expect(page('ar', '/404').language).toEqual({ lang: 'ar', prefix: 'ar/', alternates: [] })
  })

  it('lists every page of every language in the sitemap, each with its alternates', () => {
    const all = [...sites.values()].flat()
    const xml = sitemapXml(all, 'https://jane.dev', '/')
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    expect(xml).toContain(
      '<url><loc>https://jane.dev/ar/projects/a</loc><xhtml:link rel="alternate" hreflang="en" href="https://jane.dev/projects/a"/><xhtml:link rel="alternate" hreflang="fr" href="https://jane.dev/fr/projects/a"/><xhtml:link rel="alternate" hreflang="ar" href="https://jane.dev/ar/projects/a"/><xhtml:link rel="alternate" hreflang="x-default" href="https://jane.dev/projects/a"/></url>',
    )
    expect(xml).toContain('<url><loc>https://jane.dev/fr/projects/b</loc></url>')
    // A site in one language: the sitemap is as it always was.
    expect(sitemapXml(routes, 'https://jane.dev', '/')).not.toContain('xhtml')
  })
})

describe('the head of a page in a language', () => {
  const meta = { title: 'Projet A', description: 'Un projet', path: '/projects/a', type: 'article' as const }
  const options = { siteUrl: 'https://jane.dev', siteName: 'Jane', base: '/fr/' }

  it('names its siblings with absolute URLs and hreflang, and is its own canonical', () => {
    const head = renderHead(meta, {
      ...options,
      alternates: [
        { hreflang: 'en', url: 'https://jane.dev/projects/a' },
        { hreflang: 'fr', url: 'https://jane.dev/fr/projects/a' },
        { hreflang: 'x-default', url: 'https://jane.dev/projects/a' },
      ],
    })
    expect(head).toContain('<link rel="canonical" href="https://jane.dev/fr/projects/a">')
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://jane.dev/projects/a">')
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://jane.dev/projects/a">')
  })

  it('points an untranslated page at its source page, with no hreflang', () => {
    const head = renderHead(meta, { ...options, alternates: [], sourceUrl: 'https://jane.dev/projects/a' })
    expect(head).toContain('<link rel="canonical" href="https://jane.dev/projects/a">')
    expect(head).not.toContain('hreflang')
  })
})

describe('the build checks the hreflang sets', () => {
  /** A page's head as the build scans it. */
  const head = (canonical: string, alternates: [string, string][]) =>
    `<head><link rel="canonical" href="${canonical}">${alternates
      .map(([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${href}">`)
      .join('')}</head><main>x</main>`
  const en = 'https://jane.dev/projects/a'
  const fr = 'https://jane.dev/fr/projects/a'

  it('accepts reciprocal sets with x-default where each page is its own canonical', () => {
    const scans = [
      scanPage(
        'projects/a/index.html',
        head(en, [
          ['en', en],
          ['fr', fr],
          ['x-default', en],
        ]),
      ),
      scanPage(
        'fr/projects/a/index.html',
        head(fr, [
          ['en', en],
          ['fr', fr],
          ['x-default', en],
        ]),
      ),
    ]
    expect(checkAlternates(scans, 'https://jane.dev', '/')).toEqual([])
  })

  it('names both pages when a set is not reciprocal, names a missing page, and a canonical elsewhere', () => {
    const scans = [
      scanPage(
        'projects/a/index.html',
        head(en, [
          ['en', en],
          ['fr', fr],
          ['de', 'https://jane.dev/de/projects/a'],
          ['x-default', en],
        ]),
      ),
      scanPage('fr/projects/a/index.html', head(en, [['fr', fr]])),
    ]
    expect(checkAlternates(scans, 'https://jane.dev', '/')).toEqual([
      {
        page: 'projects/a/index.html',
        target: fr,
        reason: 'fr/projects/a/index.html does not name projects/a/index.html back among its alternates',
      },
      {
        page: 'projects/a/index.html',
        target: 'https://jane.dev/de/projects/a',
        reason: 'its hreflang="de" alternate is no page of the build',
      },
      {
        page: 'fr/projects/a/index.html',
        target: en,
        reason: `its canonical is not itself (${fr}) though it has hreflang alternates`,
      },
      { page: 'fr/projects/a/index.html', target: 'hreflang', reason: 'its hreflang set has no x-default' },
    ])
  })
})
