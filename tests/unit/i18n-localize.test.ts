/** The i18n fixture (en, with fr, ar and hi) checked and localized: fallback, list keys, what is untranslated. */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { describeCoverage } from '../../cli/content/i18n/check-translations.ts'
import type { LanguageContent } from '../../cli/content/i18n/localize.ts'
import { brief, copyToTemp, FIXTURES_DIR, type FixtureRoot } from '../helpers/fixtures.ts'

const I18N = path.join(FIXTURES_DIR, 'i18n')
let result: CheckResult
const language = (tag: string) => result.languages?.find((l) => l.language === tag) as LanguageContent

beforeAll(async () => {
  result = await checkContent(I18N)
})

describe('the i18n fixture', () => {
  it('validates clean, with its overlays and lock counted as files', () => {
    expect(result.diagnostics.map(brief)).toEqual([])
    // + posts/: two posts and the fr and ar translations of one (i18n-posts.test.ts)
    expect(result.fileCount).toBe(3 + 8 + 1 + 4)
    expect(result.languages?.map((l) => [l.language, l.chain])).toEqual([
      ['fr', ['fr', 'en']],
      ['ar', ['ar', 'en']],
      ['hi', ['hi', 'en']],
    ])
  })

  it('applies each overlay over the source, matching list items by their key', () => {
    const fr = language('fr')
    expect(fr.portfolio.data.hero.headline).toBe(
      'Je crée des applications web sur lesquelles les petites entreprises peuvent compter',
    )
    expect(fr.portfolio.data.hero.claims).toEqual([
      { value: '99.9%', label: 'Disponibilité sur douze mois' },
      { value: '40%', label: 'Paiement plus rapide' },
    ])
    expect(fr.portfolio.data.techStack.groups[0]).toEqual({
      id: 'backend',
      name: 'Serveur',
      items: ['Node.js', 'PostgreSQL'],
    })
    expect(fr.portfolio.data.experience?.[1]).toMatchObject({
      start: '2016-01',
      end: '2022-02',
      role: 'Responsable des opérations',
    })
    const ledger = fr.projects[0]?.data
    expect(ledger?.liveUrl).toBe('https://ledger.example.com')
    expect(ledger?.metrics).toEqual({ Uptime: '99.9%', Workshops: 35 })
    const api = ledger?.sections.find((s) => s.id === 'api')
    expect(api).toMatchObject({
      kind: 'endpoints',
      endpoints: [
        { method: 'GET', summary: 'Lire une facture.' },
        { method: 'POST', summary: 'Créer une facture.' },
      ],
    })
  })

  it('names each field shown from the default language, so the site can mark its lang', () => {
    const ar = language('ar')
    expect(ar.projects[0]?.fromOtherLanguage).toEqual([
      { pointer: '/title', language: 'en' },
      { pointer: '/sections/2/title', language: 'en' },
      { pointer: '/sections/2/diagrams/0/title', language: 'en' },
      { pointer: '/sections/2/diagrams/0/caption', language: 'en' },
    ])
    expect(ar.portfolio.data.chat.quickQuestions[4]?.question).toBe('Where are you based?')
    expect(ar.portfolio.fromOtherLanguage).toContainEqual({
      pointer: '/chat/quickQuestions/4/question',
      language: 'en',
    })
    expect(language('fr').portfolio.fromOtherLanguage).toEqual([])
  })

  it('calls a page untranslated only when none of its main content is translated (bookings has no hi overlay)', () => {
    expect(
      result.languages?.map((l) => [l.language, l.portfolio.untranslated, ...l.projects.map((p) => p.untranslated)]),
    ).toEqual([
      ['fr', false, false, false],
      ['ar', false, false, false],
      ['hi', false, false, true],
    ])
    expect(language('hi').projects[1]?.data.title).toBe('Bookings')
  })

  it('leaves the source content as it is', () => {
    expect(result.content?.portfolio.hero.headline).toBe('I build web applications that small businesses rely on')
    expect(result.content?.projects[0]?.description).toBe(
      'Bookkeeping for small workshops, from the invoice to the yearly report.',
    )
  })

  it('reports the coverage of each language', () => {
    expect(result.coverage.map(describeCoverage)).toEqual([
      'fr 95% translated',
      'ar 74% translated',
      'hi 26% translated',
    ])
  })
})

describe('staleness against i18n.lock.yaml', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyToTemp(I18N, 'portfolio-i18n-')
    const file = path.join(fixture.root, 'projects/ledger.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('summary: Read an invoice.', 'summary: Read one invoice.'))
  })
  afterAll(() => fixture.cleanup())

  it('warns at each overlay field whose source changed since it was translated', async () => {
    const stale = await checkContent(fixture.root)
    expect(stale.diagnostics.map(brief)).toEqual([
      'W:TRANSLATION_STALE@projects/ledger.ar.yaml:27:18',
      'W:TRANSLATION_STALE@projects/ledger.fr.yaml:33:18',
    ])
    expect(stale.diagnostics[1]?.message).toBe(
      'the fr translation of /sections/3/endpoints/0/summary in projects/ledger.yaml is stale since the source changed',
    )
    expect(stale.content).toBeDefined()
    expect(stale.coverage.map(describeCoverage)).toEqual([
      'fr 95% translated, 1 stale',
      'ar 74% translated, 1 stale',
      'hi 26% translated',
    ])
  })

  it('makes stale and missing translations errors with strictI18n', async () => {
    const strict = await checkContent(fixture.root, { strictI18n: true })
    const codes = strict.diagnostics.map((d) => `${d.severity} ${d.code}`)
    expect(codes.filter((c) => c === 'error TRANSLATION_STALE')).toHaveLength(2)
    expect(strict.diagnostics.filter((d) => d.code === 'TRANSLATION_MISSING').map(brief)).toContain(
      'TRANSLATION_MISSING@projects/bookings.yaml:2:8',
    )
    expect(strict.content).toBeUndefined()
  })
})
