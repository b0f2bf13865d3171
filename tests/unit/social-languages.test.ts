/**
 * The social cards of a portfolio's other languages (issue 46): each language's cards from its
 * merged content, in its words, fonts and direction, into its folder; and M7, text no card font
 * covers, as a located error instead of a card with boxes.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import type { LanguageContent } from '../../cli/content/i18n/localize.ts'
import { checkCardGlyphs } from '../../cli/social/card-glyphs.ts'
import { overlayFileOf } from '../../cli/content/i18n/overlay-file-of.ts'
import type { CardSource } from '../../cli/social/card-specs.ts'
import { cardSvg } from '../../cli/social/card-svg.ts'
import { cardWords } from '../../cli/social/card-words.ts'
import { renderCard } from '../../cli/social/render-card.ts'
import { languageCardSpecs, socialCardSpecs } from '../../cli/social/social-images.ts'
import { brief, copyToTemp, FIXTURES_DIR, type FixtureRoot } from '../helpers/fixtures.ts'

const I18N = path.join(FIXTURES_DIR, 'i18n')
let checked: CheckResult
const language = (tag: string) => checked.languages?.find((l) => l.language === tag) as LanguageContent
/** The default language's card source: the checked portfolio and projects (the fixture has no posts). */
const cardSource = (result: CheckResult): CardSource => ({
  portfolio: result.content!.portfolio,
  projects: result.content!.projects,
})
const source = (): CardSource => cardSource(checked)
const cards = (tag: string) => languageCardSpecs(language(tag)).map((spec) => ({ ...spec, svg: cardSvg(spec) }))
const RLI = '\u2067'
const PDI = '\u2069'
/** The text elements of an SVG: their attributes and their text (entities left as written). */
const texts = (svg: string) =>
  [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(([, attributes, text]) => ({
    attributes: attributes as string,
    text: text as string,
  }))

beforeAll(async () => {
  checked = await checkContent(I18N)
  expect(checked.diagnostics.map(brief)).toEqual([])
}, 60_000)

describe('a language’s cards', () => {
  it('go into its folder, named as its pages link them, from its merged content', () => {
    for (const tag of ['fr', 'ar', 'hi'])
      expect(cards(tag).map((card) => card.file)).toEqual([
        `${tag}/og/index.png`,
        `${tag}/og/ledger.png`,
        `${tag}/og/bookings.png`,
      ])
    const [home, ledger] = cards('ar')
    expect(home?.svg).toContain('أبني تطبيقات ويب تعتمد عليها الشركات الصغيرة')
    expect(ledger?.svg).toContain('مسك الدفاتر للورش الصغيرة')
  })

  it('draws a language’s posts into its own og/writing/', () => {
    const posts = [{ slug: 'hello', title: 'Hello', summary: 'A first post.', tags: ['notes'] }]
    expect(languageCardSpecs(language('fr'), undefined, posts).at(-1)?.file).toBe('fr/og/writing/hello.png')
  })

  it('prints a post’s title in the language that translates it, and the source’s where none does', () => {
    const posts = checked.content!.posts.map(({ slug, post }) => ({ slug, ...post }))
    const titles = (tag: string) =>
      languageCardSpecs(language(tag), undefined, posts)
        .filter((spec) => spec.file.includes('/og/writing/'))
        .map((spec) => [spec.file, spec.project?.title])
    expect(titles('fr')).toEqual([
      ['fr/og/writing/caching-builds.png', 'Mettre en cache une construction statique par son contenu'],
      ['fr/og/writing/release-notes.png', posts.find((post) => post.slug === 'release-notes')?.title],
    ])
  })

  it('says its own words: the case-study label in the language, capitals letter-spaced in Latin scripts only', () => {
    const label = (tag: string) => texts(cards(tag)[1]?.svg ?? '').find((t) => t.attributes.includes('y="178"'))
    expect(label('fr')).toEqual({
      attributes: 'x="80" y="178" font-size="22" font-weight="bold" fill="#a5b4fc" letter-spacing="3"',
      text: 'ÉTUDE DE CAS',
    })
    expect(label('hi')?.text).toBe('केस स्टडी')
    expect(label('hi')?.attributes).not.toContain('letter-spacing')
    expect(label('ar')?.text).toBe(`${RLI}دراسة حالة${PDI}`)
    expect(label('ar')?.attributes).not.toContain('letter-spacing')
    expect(cards('ar')[1]?.svg).toContain('Amira Haddad، مطوّرة ويب متكاملة')
    expect(cardWords('pt-BR').caseStudy).toBe('ESTUDO DE CASO')
    expect(cardWords('es-MX').caseStudy).toBe('CASO DE ESTUDIO')
    expect(cardWords('pt-PT').caseStudy).toBe('ESTUDO DE CASO')
    expect(cardWords('th').caseStudy).toBe('CASE STUDY')
  })

  it('names its script’s font first for Arabic and Hindi, and keeps DejaVu Sans alone for a Latin language', () => {
    const family = (tag: string) => /font-family="([^"]*)"/.exec(cards(tag)[0]?.svg ?? '')?.[1]
    expect(family('ar')).toBe('Noto Sans Arabic, DejaVu Sans')
    expect(family('hi')).toBe('Noto Sans Devanagari, DejaVu Sans')
    expect(family('fr')).toBe('DejaVu Sans')
  })

  it('lays out Arabic right to left: every line isolated and anchored at its end, the layout mirrored', () => {
    const [home, ledger] = cards('ar')
    for (const svg of [home?.svg ?? '', ledger?.svg ?? ''])
      for (const { attributes, text } of texts(svg)) {
        if (attributes.includes('text-anchor="middle"')) continue // the initials and the tags, centred in their boxes
        expect(attributes, text).toContain('text-anchor="end"')
        expect(text.startsWith(RLI) && text.endsWith(PDI), text).toBe(true)
      }
    // The name, role, headline and footer end at the right padding, the owner beside the mark.
    const at = (svg: string, y: number) =>
      texts(svg)
        .filter((t) => t.attributes.includes(` y="${y}"`))
        .map((t) => /x="([\d.]+)"/.exec(t.attributes)?.[1])
    expect([226, 282, 336, 590].map((y) => at(home?.svg ?? '', y))).toEqual([['1120'], ['1120'], ['1120'], ['1120']])
    expect(at(home?.svg ?? '', 102)).toEqual([String(1200 - 80 - 88)])
    // The brand mark at the right, the first claim's box at the right, the tags flowing leftwards from the right.
    expect(home?.svg).toContain(`<rect x="${1200 - 80 - 64}" y="60" width="64"`)
    const claims = [...(home?.svg ?? '').matchAll(/<rect x="([\d.]+)" y="388" width="([\d.]+)"/g)]
    expect(Number(claims[0]?.[1]) + Number(claims[0]?.[2])).toBe(1200 - 80)
    const tags = [...(ledger?.svg ?? '').matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="46"/g)]
    expect(tags.length).toBeGreaterThan(1)
    expect(Number(tags[0]?.[1]) + Number(tags[0]?.[2])).toBe(1200 - 80)
    expect(Number(tags[1]?.[1])).toBeLessThan(Number(tags[0]?.[1]))
    // Technology names are set as written, left to right, not isolated as Arabic.
    expect(texts(ledger?.svg ?? '').some((t) => t.text === 'Node.js')).toBe(true)
  })

  it('lays out French and Hindi left to right, as the English card', () => {
    for (const tag of ['fr', 'hi']) {
      const svg = cards(tag)[0]?.svg ?? ''
      expect(svg).not.toContain(RLI)
      expect(svg).not.toContain('text-anchor="end"')
      expect(svg).toContain('<rect x="80" y="60" width="64"')
    }
  })

  it('mirrors the cover panel on an Arabic card: on the left, fading over its right edge', () => {
    const cover = () => ({ file: '/nowhere.png', sha256: 'ab'.repeat(32) })
    const ledgerSource = { ...language('ar').projects[0]?.data, cover: { src: 'media/ledger.png' } }
    const withCover = { ...language('ar'), projects: [{ ...language('ar').projects[0]!, data: ledgerSource }] }
    const svg = cardSvg(languageCardSpecs(withCover as LanguageContent, cover)[1]!)
    expect(svg).toContain('<linearGradient id="cover-fade" x1="1" y1="0" x2="0" y2="0">')
    expect(svg).toMatch(/<image href="cover:[0-9a-f]+" x="0" y="8" width="480"/)
    expect(svg).toContain('<rect x="320" y="8" width="160"')
    // The label, title and description keep the right, clear of the panel.
    const body = texts(svg).filter(
      (t) => /text-anchor="end"/.test(t.attributes) && / y="(178|262|3\d\d)"/.test(t.attributes),
    )
    expect(body.length).toBeGreaterThanOrEqual(3)
    for (const { attributes, text } of body) expect(/x="([\d.]+)"/.exec(attributes)?.[1], text).toBe('1120')
  })

  it('keeps the default language’s cards as they were: no language in the spec, English words', () => {
    const english = socialCardSpecs(source())
    expect(socialCardSpecs(source(), undefined, { tag: 'en' })).toEqual(english)
    expect(english.every((spec) => spec.language === undefined)).toBe(true)
    expect(cardSvg(english[1]!)).toContain('>CASE STUDY</text>')
  })

  it('renders in Arabic, Hindi and French, each card other pixels than the English one', async () => {
    const english = await renderCard(cardSvg(socialCardSpecs(source())[1]!))
    const drawn = [english]
    for (const tag of ['ar', 'hi', 'fr']) {
      const png = await renderCard(cards(tag)[1]?.svg ?? '')
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
      expect(png.readUInt32BE(16)).toBe(1200)
      for (const other of drawn) expect(png.equals(other), tag).toBe(false)
      drawn.push(png)
    }
  }, 60_000)
})

describe('M7 on the social cards: text no card font covers', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyToTemp(I18N, 'portfolio-card-glyphs-')
  })
  afterAll(() => fixture.cleanup())
  const edit = (file: string, from: string, to: string) => {
    const at = path.join(fixture.root, file)
    const text = readFileSync(at, 'utf8')
    expect(text).toContain(from)
    writeFileSync(at, text.replace(from, to))
  }

  it('passes the fixture’s Arabic, Hindi and French cards, and the English ones', () => {
    const locate = (file: string) => checked.parsed.get(file)
    expect(checkCardGlyphs(source(), 'en', locate)).toEqual([])
    for (const tag of ['fr', 'ar', 'hi']) {
      const content = language(tag)
      const merged = { portfolio: content.portfolio.data, projects: content.projects.map((p) => p.data) }
      expect(checkCardGlyphs(merged, tag, locate, overlayFileOf(content, 'en')), tag).toEqual([])
    }
  })

  it('a Thai project title is an error at the field, naming the script, the language and the card', async () => {
    edit('projects/ledger.yaml', 'title: Ledger', 'title: บัญชี Ledger')
    const thai = await checkContent(fixture.root)
    const diagnostics = checkCardGlyphs(cardSource(thai), 'en', (file) => thai.parsed.get(file))
    expect(diagnostics.map(brief)).toEqual(['SCRIPT_NOT_COVERED@projects/ledger.yaml:2:8'])
    expect(diagnostics[0]?.message).toBe(
      '"บ" (U+0E1A) is in the Thai script, which no font bundled for the social card covers: the en social card would show it as a box',
    )
    edit('projects/ledger.yaml', 'title: บัญชี Ledger', 'title: Ledger')
  }, 60_000)

  it('locates a Thai field of a translation in its overlay', async () => {
    edit('portfolio.ar.yaml', '  text: متاحة لوظيفة', '  text: ว่าง متاحة لوظيفة')
    const thai = await checkContent(fixture.root)
    const ar = thai.languages?.find((l) => l.language === 'ar') as LanguageContent
    const merged = { portfolio: ar.portfolio.data, projects: ar.projects.map((p) => p.data) }
    const diagnostics = checkCardGlyphs(merged, 'ar', (file) => thai.parsed.get(file), overlayFileOf(ar, 'en'))
    expect(diagnostics.map(brief)).toEqual(['SCRIPT_NOT_COVERED@portfolio.ar.yaml:8:9'])
    expect(diagnostics[0]?.message).toContain('the ar social card would show it as a box')
  }, 60_000)
})
