import type { Diagnostic, Located } from '../../diagnostics/diagnostic.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import { shippedCatalogues } from '../../../site/src/i18n/shipped-catalogues.ts'
import type { Strings } from '../../../site/src/i18n/strings.ts'
import { mergeCatalogues } from '../i18n-catalogue.ts'
import type { SourceFile } from '../load-sources.ts'
import { parseYaml, type ParsedDocument } from '../parse-yaml.ts'
import { declaredLanguages, isLanguageTag } from './language-tags.ts'

/** i18n/<tag>.yaml → tag. */
const TAG_OF = /^i18n\/(.+)\.yaml$/

export interface SiteStrings {
  /** The site's words of every language of the portfolio that has them all, the default first. */
  catalogues: Map<string, Strings>
  diagnostics: Diagnostic[]
  /** The i18n files as parsed, by path (for the code frames of their diagnostics). */
  parsed: Map<string, ParsedDocument>
}

/**
 * The site's own words in each language of the portfolio (BAD-INPUT M6): the shipped catalogues
 * with the portfolio's i18n/<tag>.yaml merged in (i18n-catalogue.ts), every problem located, a
 * language's tag at its place in portfolio.yaml. Without `portfolio` (the app's build, which only
 * needs the words; the checks report the problems), tags are located at portfolio.yaml's start.
 */
export function siteStrings(
  portfolioData: unknown,
  files: readonly SourceFile[],
  portfolio?: ParsedDocument,
): SiteStrings {
  const { defaultLanguage, languages } = declaredLanguages(portfolioData)
  const at = (pointer: string): Located =>
    portfolio ? locatePointer(portfolio, pointer) : { file: 'portfolio.yaml', start: { line: 1, column: 1 } }
  // A tag that is malformed, not canonical or listed again has its own error (language-tags.ts): not a second one here.
  const seen = new Set<string>()
  const tags = [
    { tag: defaultLanguage, at: at('/site/language') },
    ...languages.map((tag, i) => ({ tag, at: at(`/site/languages/${i}`) })),
  ].filter(({ tag }) => isLanguageTag(tag) && !seen.has(tag) && seen.add(tag))
  const diagnostics: Diagnostic[] = []
  const parsed = new Map<string, ParsedDocument>()
  const overrides = new Map<string, ParsedDocument>()
  for (const file of files) {
    const tag = TAG_OF.exec(file.path)?.[1]
    if (tag === undefined) continue
    const read = parseYaml(file)
    diagnostics.push(...read.diagnostics)
    parsed.set(file.path, read.parsed)
    overrides.set(tag, read.parsed)
  }
  const merged = mergeCatalogues({ languages: tags, shipped: shippedCatalogues, overrides })
  return { catalogues: merged.catalogues, diagnostics: [...diagnostics, ...merged.diagnostics], parsed }
}
