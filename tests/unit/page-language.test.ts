import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CareerSection } from '../../site/src/components/career-section.tsx'
import { Icon } from '../../site/src/components/icon.tsx'
import { PostMeta } from '../../site/src/components/post-meta.tsx'
import { UntranslatedNotice } from '../../site/src/components/untranslated-notice.tsx'
import type { PostSummary } from '../../site/src/generated/types.ts'
import { LanguageContext, pageLanguage } from '../../site/src/i18n/language-context.ts'
import { shippedCatalogues } from '../../site/src/i18n/shipped-catalogues.ts'

const inLanguage = (lang: string, element: ReactElement, translated = true) =>
  renderToStaticMarkup(
    createElement(
      LanguageContext,
      { value: pageLanguage(lang, shippedCatalogues.get(lang)!, { isTranslated: () => translated }) },
      element,
    ),
  )
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const post = {
  slug: 'shipping-alpha',
  title: 'Shipping alpha',
  summary: 'What shipping taught us.',
  published: '2026-03-14',
  updated: '2026-04-02',
  readingMinutes: 6.2,
  tags: [],
  projects: [],
} as unknown as PostSummary

describe('a page in its language', () => {
  it('takes its direction from its tag', () => {
    expect(pageLanguage('ar', shippedCatalogues.get('ar')!).dir).toBe('rtl')
    expect(pageLanguage('fr', shippedCatalogues.get('fr')!).dir).toBe('ltr')
  })

  it('writes a post’s dates and reading time in the page’s language', () => {
    expect(text(renderToStaticMarkup(createElement(PostMeta, { post })))).toBe(
      'Published March 14, 2026 Updated April 2, 2026 6 min read',
    )
    expect(text(inLanguage('fr', createElement(PostMeta, { post })))).toBe(
      'Publié le 14 mars 2026 Mis à jour le 2 avril 2026 6 min de lecture',
    )
    expect(text(inLanguage('ar', createElement(PostMeta, { post })))).toBe(
      'نُشر في 14 مارس 2026 حُدّث في 2 أبريل 2026 6 دقائق للقراءة',
    )
  })

  it('writes the career’s periods with the language’s months and its word for an end not yet come', () => {
    const content = { experience: [{ role: 'Entwicklerin', organisation: 'Northwind', start: '2024-01' }] }
    expect(text(inLanguage('de', createElement(CareerSection, { content })))).toBe(
      'Berufserfahrung Entwicklerin Northwind Jan. 2024 – heute',
    )
  })

  it('mirrors the arrows on a right-to-left page only', () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: 'arrow-left' }))).toContain('class="icon"')
    expect(inLanguage('ar', createElement(Icon, { name: 'arrow-left' }))).toContain('class="icon icon--mirrored"')
    expect(inLanguage('ar', createElement(Icon, { name: 'download' }))).toContain('class="icon"')
  })

  it('says when the page is not translated into its language, in that language', () => {
    expect(inLanguage('fr', createElement(UntranslatedNotice, { path: '/projects/x' }), false)).toBe(
      '<p class="container untranslated-notice" role="note">Cette page n’est pas encore traduite en français.</p>',
    )
    expect(inLanguage('fr', createElement(UntranslatedNotice, { path: '/projects/x' }))).toBe('')
  })
})
