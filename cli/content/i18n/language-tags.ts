import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { isRecord } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'

/** site.language (default `en`) and the strings of site.languages, as the portfolio's data has them. */
export function declaredLanguages(portfolio: unknown): { defaultLanguage: string; languages: string[] } {
  const site = isRecord(portfolio) && isRecord(portfolio.site) ? portfolio.site : {}
  const defaultLanguage = typeof site.language === 'string' ? site.language : 'en'
  const languages = Array.isArray(site.languages)
    ? site.languages.filter((tag): tag is string => typeof tag === 'string')
    : []
  return { defaultLanguage, languages }
}

/**
 * site.languages (BAD-INPUT M5): each a known BCP 47 tag written in the canonical form
 * `Intl.getCanonicalLocales` gives (tags are used as written in URLs and file names, so one language
 * has one spelling), listed once, and not the default language again.
 */
export function checkLanguageTags(portfolio: ParsedDocument): Diagnostic[] {
  const { defaultLanguage } = declaredLanguages(portfolio.data)
  const site = isRecord(portfolio.data) && isRecord(portfolio.data.site) ? portfolio.data.site : {}
  if (!Array.isArray(site.languages)) return []
  const diagnostics: Diagnostic[] = []
  const seen = new Set<string>()
  site.languages.forEach((tag: unknown, i) => {
    if (typeof tag !== 'string') return // the schema's error
    const at = locatePointer(portfolio, `/site/languages/${i}`)
    const problem = tagProblem(tag)
    if (problem) {
      diagnostics.push(createDiagnostic('LANGUAGE_TAG', at, problem.message, problem.hint))
      return
    }
    if (tag === defaultLanguage)
      diagnostics.push(
        createDiagnostic(
          'LANGUAGE_DUPLICATE',
          at,
          `"${tag}" is the default language (site.language); site.languages lists the others`,
          'Remove it from site.languages: the default language is served at / from portfolio.yaml itself.',
        ),
      )
    else if (seen.has(tag))
      diagnostics.push(
        createDiagnostic(
          'LANGUAGE_DUPLICATE',
          at,
          `"${tag}" is listed twice in site.languages`,
          'Remove this one: each language is listed once.',
        ),
      )
    seen.add(tag)
  })
  return diagnostics
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** Whether a tag is a known language in canonical form (one of site.languages may be used as it is). */
export const isLanguageTag = (tag: string): boolean =>
  tagProblem(tag) === undefined && Intl.getCanonicalLocales(tag)[0] === tag

/** What is wrong with a tag, or undefined when it is a known language in canonical form. */
function tagProblem(tag: string): { message: string; hint: string } | undefined {
  let canonical: string | undefined
  try {
    canonical = Intl.getCanonicalLocales(tag)[0]
  } catch {
    const repaired = canonicalOf(tag.replace(/_/g, '-'))
    const underscore = tag.includes('_')
    return {
      message: `"${tag}" is not a BCP 47 language tag${underscore ? ': its parts are separated by "-", not "_"' : ''}`,
      hint: repaired ? `Write "${repaired}".` : 'Write a tag such as fr, pt-BR or zh-Hant.',
    }
  }
  if (canonical === undefined) return undefined
  const locale = new Intl.Locale(canonical)
  const named = languageNames.of(locale.language) !== undefined
  const regionKnown = locale.region === undefined || regionNames.of(locale.region) !== undefined
  if (!named || !regionKnown) {
    const byName = named ? undefined : codeForName(tag)
    return {
      message: named
        ? `"${tag}" names a region, "${locale.region}", that does not exist`
        : `"${tag}" is not a known language`,
      hint: byName ? `Write its BCP 47 tag: "${byName}".` : 'Write a tag such as fr, pt-BR or zh-Hant.',
    }
  }
  if (canonical !== tag)
    return {
      message: `"${tag}" is not written in canonical form`,
      hint: `Write "${canonical}", as URLs and file names use it.`,
    }
  return undefined
}

function canonicalOf(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0]
  } catch {
    return undefined
  }
}

/** The two-letter code of a language written by its English name (`english` → `en`), if any. */
function codeForName(name: string): string | undefined {
  const wanted = name.trim().toLowerCase()
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  for (const a of letters) for (const b of letters) if (languageNames.of(a + b)?.toLowerCase() === wanted) return a + b
  return undefined
}
