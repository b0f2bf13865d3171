import { fallbackChain } from '../../../site/src/i18n/languages.ts'
import { decodePointer } from '../../diagnostics/json-pointer.ts'
import type { Portfolio, Project } from '../content-types.ts'
import type { CheckedOverlay } from './check-overlays.ts'
import { sourceSchema } from './check-overlays.ts'
import { translatableFields } from './translatable-schema.ts'

/** One source file as a language shows it. */
export interface LocalizedFile<T> {
  /** The source file, e.g. projects/alpha.yaml. */
  file: string
  /** The source with the language's overlays applied over its fallback chain. */
  data: T
  /**
   * The translatable fields shown in another language than the page's (a field no overlay of the
   * chain translates), with that language: the site wraps each in an element with its `lang`.
   */
  fromOtherLanguage: { pointer: string; language: string }[]
  /**
   * Whether the file's main content is untranslated: every one of its main fields (a project's title,
   * description and sections' text; the portfolio's hero and about) is shown in the default language.
   * Such a page is a duplicate of the default one: built with a notice and a canonical link to it, and
   * left out of hreflang and the sitemap's alternates.
   */
  untranslated: boolean
}

/** The content of one language other than the default. */
export interface LanguageContent {
  language: string
  /** Where a field missing in the language comes from, nearest first, ending with the default. */
  chain: string[]
  portfolio: LocalizedFile<Portfolio>
  /** In the order of the checked content's projects. */
  projects: LocalizedFile<Project>[]
}

const PORTFOLIO_MAIN = /^\/(hero\/(headline|tagline)|about\/(title|body))$/
const PROJECT_MAIN = /^\/(title|description|sections\/\d+\/(title|body|intro|summary))$/

/**
 * Each language of site.languages: the portfolio and every project with the overlays of its fallback
 * chain applied, farthest first, so the nearest language wins each field; list items were matched to
 * their source items by key (check-overlays.ts), so a pointer names the same field in every language.
 * Runs on content and overlays that passed every check.
 */
export function localizeContent(
  content: { portfolio: Portfolio; projects: readonly Project[] },
  overlays: readonly CheckedOverlay[],
): LanguageContent[] {
  const defaultLanguage = content.portfolio.site.language ?? 'en'
  const languages = content.portfolio.site.languages ?? []
  return languages.map((language) => {
    const chain = fallbackChain(language, defaultLanguage, languages)
    const localize = <T>(file: string, data: T, kind: 'portfolio' | 'project', main: RegExp): LocalizedFile<T> => {
      const localized = structuredClone(data)
      const origin = new Map<string, string>()
      for (const tag of [...chain].reverse()) {
        const overlay = overlays.find((o) => o.language === tag && o.sourceFile === file)
        for (const field of overlay?.fields ?? []) {
          setAt(localized, field.source, structuredClone(field.value))
          origin.set(field.source, tag)
        }
      }
      const fields = translatableFields(sourceSchema(kind), data)
      const shownFrom = (pointer: string) => origin.get(pointer) ?? defaultLanguage
      const mainFields = fields.filter((field) => main.test(field.pointer))
      return {
        file,
        data: localized,
        fromOtherLanguage: fields
          .filter((field) => shownFrom(field.pointer) !== language)
          .map((field) => ({ pointer: field.pointer, language: shownFrom(field.pointer) })),
        untranslated: mainFields.every((field) => shownFrom(field.pointer) === defaultLanguage),
      }
    }
    return {
      language,
      chain,
      portfolio: localize('portfolio.yaml', content.portfolio, 'portfolio', PORTFOLIO_MAIN),
      projects: content.projects.map((project) =>
        localize(`projects/${project.id}.yaml`, project, 'project', PROJECT_MAIN),
      ),
    }
  })
}

/** Replaces the value at `pointer`, which exists in `data` (it was matched to the source). */
function setAt(data: unknown, pointer: string, value: unknown): void {
  const segments = decodePointer(pointer)
  const last = segments.pop()
  let parent = data as { [key: string]: unknown }
  for (const segment of segments) parent = parent[segment] as { [key: string]: unknown }
  parent[last as string] = value
}
