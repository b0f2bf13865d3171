import { describe, expect, it } from 'vitest'
import { mergeCatalogues, type CatalogueLanguage } from '../../cli/content/i18n-catalogue.ts'
import { parseYaml } from '../../cli/content/parse-yaml.ts'
import type { Diagnostic } from '../../cli/diagnostics/diagnostic.ts'
import { en } from '../../site/src/i18n/catalogues/en.ts'
import { shippedCatalogues } from '../../site/src/i18n/shipped-catalogues.ts'

/** A language as portfolio.yaml lists it: its tag on line `line` of `languages:` (column 5, after "  - "). */
const language = (tag: string, line: number): CatalogueLanguage => ({
  tag,
  at: { file: 'portfolio.yaml', pointer: `/site/languages/${line - 10}`, start: { line, column: 5 } },
})
const file = (tag: string, text: string) => [tag, parseYaml({ path: `i18n/${tag}.yaml`, text }).parsed] as const
const merge = (languages: CatalogueLanguage[], ...files: (readonly [string, ReturnType<typeof file>[1]])[]) =>
  mergeCatalogues({ languages, shipped: shippedCatalogues, overrides: new Map(files) })
const brief = (d: Diagnostic) => ({
  code: d.code,
  at: `${d.file}:${d.line}:${d.column}`,
  message: d.message,
  hint: d.hint,
})

/** A complete catalogue for a language the tool does not ship, as YAML: the English text with a mark. */
const completeYaml = (skip: string[] = []) =>
  `${Object.entries(en)
    .filter(([key]) => !skip.includes(key))
    .map(([key, value]) =>
      typeof value === 'string'
        ? `${key}: ${JSON.stringify(`[it] ${value}`)}`
        : `${key}:\n${['one', 'many', 'other'].map((form) => `  ${form}: ${JSON.stringify(`[it] ${value.other}`)}`).join('\n')}`,
    )
    .join('\n')}\n`

describe('the site’s words per language: shipped catalogues and i18n/<tag>.yaml', () => {
  it('gives each shipped language its catalogue, with a portfolio’s overrides merged in', () => {
    const { catalogues, diagnostics } = merge(
      [language('en', 9), language('fr', 11), language('ar', 12)],
      file('fr', 'navWriting: Articles\ntechFilterCount:\n  one: "{count} projet avec {name}"\n'),
    )
    expect(diagnostics).toEqual([])
    expect([...catalogues.keys()]).toEqual(['en', 'fr', 'ar'])
    const fr = catalogues.get('fr')!
    expect(fr.navWriting).toBe('Articles')
    expect(fr.techFilterCount).toEqual({
      ...shippedCatalogues.get('fr')!.techFilterCount,
      one: '{count} projet avec {name}',
    })
    expect(fr.navHome).toBe('Accueil')
    expect(catalogues.get('ar')).toEqual(shippedCatalogues.get('ar'))
  })

  it('takes a regional language’s words from its language’s catalogue (es-MX from es)', () => {
    const { catalogues, diagnostics } = merge([language('en', 9), language('es-MX', 11)])
    expect(diagnostics).toEqual([])
    expect(catalogues.get('es-MX')).toEqual(shippedCatalogues.get('es'))
  })

  it('reports a language with neither a shipped catalogue nor a file, at its tag in portfolio.yaml', () => {
    const { catalogues, diagnostics } = merge([language('en', 9), language('it', 11)])
    expect(diagnostics.map(brief)).toEqual([
      {
        code: 'I18N_NO_CATALOGUE',
        at: 'portfolio.yaml:11:5',
        message: `the site's words are not shipped in "it" and i18n/it.yaml does not exist`,
        hint: 'Write i18n/it.yaml with every string of the site in it (start from a copy of the English catalogue), or choose a shipped language: en, es, fr, de, pt-BR, hi, ar.',
      },
    ])
    expect([...catalogues.keys()]).toEqual(['en'])
  })

  it('accepts a complete file for a language the tool does not ship', () => {
    const { catalogues, diagnostics } = merge([language('en', 9), language('it', 11)], file('it', completeYaml()))
    expect(diagnostics).toEqual([])
    expect(catalogues.get('it')?.navHome).toBe('[it] Home')
    expect(catalogues.get('it')?.techFilterCount.many).toBe('[it] {count} projects use {name}')
  })

  it('names the keys a file for an unshipped language lacks, at 1:1 of the file, forms of a count’s message included', () => {
    const text = completeYaml(['navHome', 'darkMode']).replace(/\n {2}many: .*\n/, '\n')
    const { catalogues, diagnostics } = merge([language('en', 9), language('it', 11)], file('it', text))
    expect(diagnostics.map(brief)).toEqual([
      {
        code: 'I18N_MISSING_STRING',
        at: 'i18n/it.yaml:1:1',
        message:
          'i18n/it.yaml lacks 3 strings the site shows, and "it" has no shipped catalogue to take them from: navHome, darkMode, heroYearsInOperations.many',
        hint: 'Add the strings named, in that language.',
      },
    ])
    expect(catalogues.has('it')).toBe(false)
  })

  it('reports a string the site does not have at its key, with the nearest name', () => {
    const { diagnostics, catalogues } = merge(
      [language('en', 9), language('de', 11)],
      file('de', 'navHome: Startseite\nnavWritting: Artikel\nshrug: Achselzucken\n'),
    )
    expect(diagnostics.map(brief)).toEqual([
      {
        code: 'I18N_UNKNOWN_STRING',
        at: 'i18n/de.yaml:2:1',
        message: 'the site has no string "navWritting"',
        hint: 'Did you mean "navWriting"?',
      },
      {
        code: 'I18N_UNKNOWN_STRING',
        at: 'i18n/de.yaml:3:1',
        message: 'the site has no string "shrug"',
        hint: 'Remove it, or name one of the strings of the English catalogue (site/src/i18n/catalogues/en.ts lists them).',
      },
    ])
    expect(catalogues.has('de')).toBe(false)
  })

  it('reports a plural form the language does not have, with its forms', () => {
    const { diagnostics } = merge(
      [language('en', 9), language('de', 11)],
      file('de', 'postCount:\n  one: "{count} Beitrag"\n  few: "{count} Beiträge"\n'),
    )
    expect(diagnostics.map(brief)).toEqual([
      {
        code: 'I18N_UNKNOWN_STRING',
        at: 'i18n/de.yaml:3:3',
        message: '"postCount" has no form "few" in de: its forms are one, other',
        hint: "Remove it: a count's text in de has the forms one, other.",
      },
    ])
  })

  it('reports a value that is not text at the value', () => {
    const { diagnostics } = merge(
      [language('en', 9), language('fr', 11)],
      file('fr', 'navHome: 42\ndarkMode:\n  - sombre\ntechFilterCount:\n  one: true\n'),
    )
    const hint = 'Write the text as a string; quote it when it could be read as a number, a date or yes/no ("1", "no").'
    expect(diagnostics.map(brief)).toEqual([
      {
        code: 'I18N_STRING_NOT_TEXT',
        at: 'i18n/fr.yaml:1:10',
        message: '"navHome" takes one text, not a number',
        hint,
      },
      { code: 'I18N_STRING_NOT_TEXT', at: 'i18n/fr.yaml:3:3', message: '"darkMode" takes one text, not a list', hint },
      {
        code: 'I18N_STRING_NOT_TEXT',
        at: 'i18n/fr.yaml:5:8',
        message: '"techFilterCount.one" takes one text, not a boolean',
        hint,
      },
    ])
  })

  it('leaves out a file that did not parse (its YAML problems are reported where it is read)', () => {
    const { diagnostics, catalogues } = merge([language('en', 9), language('fr', 11)], file('fr', 'navHome: [\n'))
    expect(diagnostics).toEqual([])
    expect(catalogues.has('fr')).toBe(false)
  })
})
