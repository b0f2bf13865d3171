import { describe, expect, it } from 'vitest'
import { en } from '../../site/src/i18n/catalogues/en.ts'
import { shippedCatalogues } from '../../site/src/i18n/shipped-catalogues.ts'
import { countMessage, fill, placeholders, type Plural, type Strings } from '../../site/src/i18n/strings.ts'

const keys = Object.keys(en).sort()
const isPlural = (value: unknown): value is Plural => typeof value === 'object' && value !== null
const categories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories

describe('the shipped catalogues of the site’s own words', () => {
  it('ship the seven languages of the issue', () => {
    expect([...shippedCatalogues.keys()]).toEqual(['en', 'es', 'fr', 'de', 'pt-BR', 'hi', 'ar'])
  })

  for (const [lang, strings] of shippedCatalogues) {
    describe(lang, () => {
      it('has every key of the English catalogue and no other', () => {
        expect(Object.keys(strings).sort()).toEqual(keys)
      })

      it('has a message of the same kind as the English one for each key, never empty', () => {
        for (const key of keys) {
          const value = strings[key as keyof Strings]
          expect(isPlural(value), key).toBe(isPlural(en[key as keyof typeof en]))
          for (const text of isPlural(value) ? Object.values(value) : [value]) expect(text.trim(), key).not.toBe('')
        }
      })

      it('gives each plural message exactly the forms the language has (Intl.PluralRules)', () => {
        for (const key of keys) {
          const value = strings[key as keyof Strings]
          if (isPlural(value)) expect(Object.keys(value).sort(), key).toEqual([...categories(lang)].sort())
        }
      })

      it('uses the placeholders of the English message (a plural form may leave out the count)', () => {
        for (const key of keys) {
          const source = en[key as keyof typeof en]
          const value = strings[key as keyof Strings]
          if (typeof source === 'string') {
            expect(placeholders(value as string), key).toEqual(placeholders(source))
            continue
          }
          const allowed = placeholders(source.other)
          for (const [form, text] of Object.entries(value as Plural)) {
            const named = placeholders(text)
            expect(
              named.every((name) => allowed.includes(name)),
              `${key}.${form}`,
            ).toBe(true)
            expect(
              allowed.filter((name) => name !== 'count').every((name) => named.includes(name)),
              `${key}.${form}`,
            ).toBe(true)
          }
          expect(placeholders((value as Plural).other), `${key}.other`).toEqual(allowed)
        }
      })
    })
  }
})

describe('messages', () => {
  it('fill their placeholders, leaving one not given as written', () => {
    expect(fill('Page for {name}', { name: 'Redis' })).toBe('Page for Redis')
    expect(fill('{a} and {b}', { a: '{b}' })).toBe('{b} and {b}')
  })

  it('pick the plural form of the language and write the count in it', () => {
    expect(countMessage(en.techFilterCount, 1, 'en', { name: 'Redis' })).toBe('1 project uses Redis')
    expect(countMessage(en.techFilterCount, 3, 'en', { name: 'MongoDB' })).toBe('3 projects use MongoDB')
    const fr = shippedCatalogues.get('fr')!
    expect(countMessage(fr.techFilterCount, 1234, 'fr', { name: 'Redis' })).toBe('1\u202f234 projets utilisent Redis')
    const ar = shippedCatalogues.get('ar')!
    expect(countMessage(ar.techFilterCount, 2, 'ar', { name: 'Redis' })).toBe('مشروعان يستخدمان Redis')
    expect(countMessage(ar.techFilterCount, 5, 'ar', { name: 'Redis' })).toBe('5 مشاريع تستخدم Redis')
    expect(countMessage(ar.techFilterCount, 11, 'ar', { name: 'Redis' })).toBe('11 مشروعًا يستخدم Redis')
  })
})
