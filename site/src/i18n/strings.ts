import type { en } from './catalogues/en.ts'

/**
 * The shape of a catalogue of the site's own words, taken from the English one: the same keys,
 * each a string or, for a message that depends on a count, its forms by plural category.
 */

/** The plural categories of Intl.PluralRules; `other` is the one every language has. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other'

/** A message by plural category: `other` always, the others as the language has them. */
export type Plural = { readonly other: string } & { readonly [C in Exclude<PluralCategory, 'other'>]?: string }

type English = typeof en

export type Strings = { readonly [K in keyof English]: English[K] extends string ? string : Plural }

export type StringKey = keyof Strings

/** The keys whose message depends on a count. */
export type PluralKey = { [K in StringKey]: Strings[K] extends Plural ? K : never }[StringKey]

/** The keys of plain messages. */
export type TextKey = Exclude<StringKey, PluralKey>

/** A `{name}` placeholder. */
export const PLACEHOLDER = /\{([A-Za-z]+)\}/g

/** `fill('Page for {name}', { name: 'Redis' })` → "Page for Redis". A placeholder not given stays as written. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()

/** The form of a plural message for a count in a language (Intl.PluralRules), `other` when it has no such form. */
export function pluralForm(message: Plural, count: number, lang: string): string {
  let rules = pluralRules.get(lang)
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)))
  return message[rules.select(count)] ?? message.other
}

/** A count as the language writes it ("1,234" in English, "1.234" in German, "١٬٢٣٤" in Arabic). */
export function formatCount(count: number, lang: string): string {
  let format = numberFormats.get(lang)
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(lang)))
  return format.format(count)
}

/** A plural message for a count, the count written in the language: "3 projects use MongoDB". */
export function countMessage(
  message: Plural,
  count: number,
  lang: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return fill(pluralForm(message, count, lang), { ...values, count: formatCount(count, lang) })
}

/** The placeholders a message names, sorted ("{count}", "{name}" → ['count', 'name']). */
export function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))].sort()
}
