import type { Located } from '../diagnostics/diagnostic.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { encodePointer, isRecord } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { didYouMean } from '../diagnostics/suggest.ts'
import type { ParsedDocument } from './parse-yaml.ts'
import type { Plural, PluralCategory, Strings, StringKey } from '../../site/src/i18n/strings.ts'

/**
 * The site's own words per language (BAD-INPUT M6): each language's shipped catalogue with the
 * portfolio's overrides from `i18n/<tag>.yaml` merged in. A language the tool ships no catalogue
 * for needs the file, complete. Pure: the caller reads and parses the files and reports the YAML
 * problems; a file that did not parse (no data) is left out, so its problems are not reported twice.
 */

/** One language of the portfolio, and where its tag is written in portfolio.yaml (site.language or an item of site.languages). */
export interface CatalogueLanguage {
  tag: string
  at: Located
}

export interface CatalogueInput {
  /** The default language first, then site.languages. */
  languages: readonly CatalogueLanguage[]
  /** The catalogues the tool ships, by tag (site/src/i18n/shipped-catalogues.ts). */
  shipped: ReadonlyMap<string, Strings>
  /** The parsed `i18n/<tag>.yaml` of the content root, by tag, for the languages that have one. */
  overrides: ReadonlyMap<string, ParsedDocument>
}

export interface CatalogueResult {
  /** Every language that has all its words, in the order given: what cli/generate/strings-module.ts writes. */
  catalogues: Map<string, Strings>
  diagnostics: Diagnostic[]
}

/** The path of a language's override file, relative to the content root. */
export const overridePath = (tag: string): string => `i18n/${tag}.yaml`

type Message = string | Plural
type Draft = Partial<Record<StringKey, Message>>

export function mergeCatalogues({ languages, shipped, overrides }: CatalogueInput): CatalogueResult {
  const catalogues = new Map<string, Strings>()
  const diagnostics: Diagnostic[] = []
  // The English catalogue names the keys and their kind (text, or forms by count) for every language.
  const source = shipped.get('en')
  if (!source) throw new Error('The English catalogue is not among the shipped catalogues.')
  for (const { tag, at } of languages) {
    const base = shippedFor(tag, shipped)
    const file = overrides.get(tag)
    if (!base && !file) {
      diagnostics.push(
        createDiagnostic(
          'I18N_NO_CATALOGUE',
          at,
          `the site's words are not shipped in "${tag}" and ${overridePath(tag)} does not exist`,
          `Write ${overridePath(tag)} with every string of the site in ${tag} (start from a copy of the English catalogue), or choose a shipped language: ${[...shipped.keys()].join(', ')}.`,
        ),
      )
      continue
    }
    if (file && file.data === undefined) continue
    const draft: Draft = { ...base }
    if (file) diagnostics.push(...applyOverrides(draft, file, source, base, tag))
    const missing = base ? [] : missingKeys(draft, source, tag)
    if (missing.length > 0 && file) {
      diagnostics.push(
        createDiagnostic(
          'I18N_MISSING_STRING',
          { file: file.path, start: { line: 1, column: 1 } },
          `${file.path} lacks ${missing.length === 1 ? 'a string' : `${missing.length} strings`} the site shows, and "${tag}" has no shipped catalogue to take ${missing.length === 1 ? 'it' : 'them'} from: ${missing.join(', ')}`,
        ),
      )
      continue
    }
    if (diagnostics.some((d) => file && d.file === file.path)) continue
    catalogues.set(tag, draft as Strings)
  }
  return { catalogues, diagnostics }
}

/** The shipped catalogue of a language, or of the nearest language it belongs to (`es-MX` → `es`). */
function shippedFor(tag: string, shipped: ReadonlyMap<string, Strings>): Strings | undefined {
  const parts = tag.split('-')
  for (let n = parts.length; n > 0; n--) {
    const found = shipped.get(parts.slice(0, n).join('-'))
    if (found) return found
  }
  return undefined
}

const categoriesOf = (tag: string): PluralCategory[] =>
  new Intl.PluralRules(tag).resolvedOptions().pluralCategories as PluralCategory[]

/** Merges the file's strings into `draft`, reporting unknown keys and values that are not text. */
function applyOverrides(
  draft: Draft,
  file: ParsedDocument,
  source: Strings,
  base: Strings | undefined,
  tag: string,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const at = (segments: (string | number)[], on: 'key' | 'value') => locatePointer(file, encodePointer(segments), on)
  if (!isRecord(file.data)) {
    return [
      createDiagnostic(
        'I18N_STRING_NOT_TEXT',
        { file: file.path, start: { line: 1, column: 1 } },
        `${file.path} must be a mapping of the site's strings to their text in ${tag}`,
      ),
    ]
  }
  const keys = Object.keys(source)
  for (const [key, value] of Object.entries(file.data)) {
    if (!Object.hasOwn(source, key)) {
      diagnostics.push(
        createDiagnostic(
          'I18N_UNKNOWN_STRING',
          at([key], 'key'),
          `the site has no string "${key}"`,
          didYouMean(key, keys) ??
            'Remove it, or name one of the strings of the English catalogue (site/src/i18n/catalogues/en.ts lists them).',
        ),
      )
      continue
    }
    const name = key as StringKey
    const english = source[name]
    if (typeof english === 'string') {
      if (typeof value === 'string') draft[name] = value
      else diagnostics.push(notText([key], value, at, `"${key}" takes one text`))
      continue
    }
    // A message that depends on a count: its forms by the language's plural categories, or one text for all.
    const categories = categoriesOf(tag)
    if (typeof value === 'string') {
      draft[name] = Object.fromEntries(categories.map((c) => [c, value])) as unknown as Plural
      continue
    }
    if (!isRecord(value)) {
      diagnostics.push(notText([key], value, at, `"${key}" takes a text, or one per count (${categories.join(', ')})`))
      continue
    }
    const forms: Record<string, string> = { ...((base?.[name] as Plural | undefined) ?? {}) }
    for (const [form, text] of Object.entries(value)) {
      if (!categories.includes(form as PluralCategory)) {
        diagnostics.push(
          createDiagnostic(
            'I18N_UNKNOWN_STRING',
            at([key, form], 'key'),
            `"${key}" has no form "${form}" in ${tag}: its forms are ${categories.join(', ')}`,
            didYouMean(form, categories) ??
              `Remove it: a count's text in ${tag} has the forms ${categories.join(', ')}.`,
          ),
        )
      } else if (typeof text === 'string') forms[form] = text
      else diagnostics.push(notText([key, form], text, at, `"${key}.${form}" takes one text`))
    }
    draft[name] = forms as unknown as Plural
  }
  return diagnostics
}

function notText(
  segments: (string | number)[],
  value: unknown,
  at: (segments: (string | number)[], on: 'key' | 'value') => Located,
  expects: string,
): Diagnostic {
  const kind =
    value === null
      ? 'empty'
      : Array.isArray(value)
        ? 'a list'
        : typeof value === 'object'
          ? 'a mapping'
          : `a ${typeof value}`
  return createDiagnostic(
    'I18N_STRING_NOT_TEXT',
    at(segments, 'value'),
    `${expects}, not ${kind}`,
    'Write the text as a string; quote it when it could be read as a number, a date or yes/no ("1", "no").',
  )
}

/** The keys a language without a shipped catalogue still lacks: whole messages, or forms of a count's message (`techFilterCount.few`). */
function missingKeys(draft: Draft, source: Strings, tag: string): string[] {
  const missing: string[] = []
  for (const key of Object.keys(source) as StringKey[]) {
    const value = draft[key]
    if (value === undefined) missing.push(key)
    else if (typeof source[key] !== 'string' && typeof value !== 'string') {
      for (const form of categoriesOf(tag)) if (value[form] === undefined) missing.push(`${key}.${form}`)
    }
  }
  return missing
}
