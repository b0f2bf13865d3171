import { createDiagnostic, type Diagnostic, type Located } from '../../diagnostics/diagnostic.ts'
import { decodePointer, valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { LoadedSources } from '../load-sources.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { positionAt } from '../../diagnostics/locate.ts'
import {
  checkOverlays,
  sourceSchema,
  type CheckedOverlay,
  type OverlayChecked,
  type SourceKind,
} from './check-overlays.ts'
import type { Store } from '../../cache/store.ts'
import { checkPostOverlays } from './check-post-overlays.ts'
import { checkLanguageTags, declaredLanguages } from './language-tags.ts'
import { translatableFields } from './translatable-schema.ts'
import { BODY_KEY, fieldDigest, readTranslationLock } from './translation-lock.ts'
import type { InternalLink } from '../rules/markdown.ts'

/** How much of the content one language translates (what `portfolio validate` prints). */
export interface LanguageCoverage {
  language: string
  /** Translatable fields the default language's content holds, in every file. */
  fields: number
  /** Of those, the ones the language's own overlays translate. */
  translated: number
  /** Translated fields whose source changed since (the lock's digest differs). */
  stale: number
}

export interface TranslationCheck {
  diagnostics: Diagnostic[]
  /** The overlays that parsed, matched to their sources: what localizeContent applies. */
  overlays: CheckedOverlay[]
  /** One per language of site.languages, in its order; empty without languages. */
  coverage: LanguageCoverage[]
  /** In-site links of the overlays' markdown, for the anchor check across files. */
  links: InternalLink[]
}

export interface TranslationInput {
  portfolio: ParsedDocument | undefined
  /** Every project file that parsed to a mapping, with its data. */
  projects: readonly { path: string; data: unknown }[]
  /** Every post file whose front matter is a mapping: its front matter, and its markdown text (translated whole). */
  posts?: readonly { path: string; data: unknown; body: string }[]
  loaded: Pick<LoadedSources, 'overlays' | 'i18nLock' | 'projectFileIds' | 'projectsListed'> &
    Partial<Pick<LoadedSources, 'postOverlays' | 'postFileSlugs' | 'postsListed'>>
  /** Where a diagnostic about a source field goes. */
  locate: (file: string, pointer: string) => Located
  /** Missing and stale translations are errors (`--strict-i18n`), not a coverage figure and warnings. */
  strict?: boolean
  /** Project overlays checked in their project's job, by file: not checked again here. */
  checkedElsewhere?: ReadonlyMap<string, OverlayChecked>
  /** The digest of each source file's text, by file: a valid overlay's check is kept in `store` under it and its own text. */
  sourceDigests?: ReadonlyMap<string, string>
  store: Store
}

/**
 * The checks of family M that need the whole content: site.languages (M5), each overlay (M1–M4),
 * staleness against i18n.lock.yaml (M8), and each language's coverage; with `strict`, a file with
 * untranslated fields is an error per language.
 */
export function checkTranslations(input: TranslationInput): TranslationCheck {
  const { portfolio, loaded, strict = false } = input
  const diagnostics: Diagnostic[] = portfolio ? checkLanguageTags(portfolio) : []
  const { defaultLanguage, languages } = declaredLanguages(portfolio?.data)
  const sources = new Map<string, unknown>()
  if (portfolio) sources.set(portfolio.path, portfolio.data)
  for (const project of input.projects) sources.set(project.path, project.data)
  const overlays = checkOverlays(
    loaded.overlays,
    {
      defaultLanguage,
      languages,
      sources,
      projectIds: loaded.projectsListed ? loaded.projectFileIds : undefined,
      ...(input.sourceDigests ? { sourceDigests: input.sourceDigests } : {}),
    },
    input.store,
    input.checkedElsewhere,
  )
  diagnostics.push(...overlays.diagnostics)
  const postSources = new Map<string, unknown>((input.posts ?? []).map((post) => [post.path, post.data]))
  const bodies = new Map((input.posts ?? []).map((post) => [post.path, post.body]))
  const postOverlays = checkPostOverlays(loaded.postOverlays ?? [], {
    defaultLanguage,
    languages,
    sources: postSources,
    postSlugs: loaded.postsListed === false ? undefined : loaded.postFileSlugs,
  })
  diagnostics.push(...postOverlays.diagnostics)
  const checked = [...overlays.checked, ...postOverlays.checked]
  for (const [file, data] of postSources) sources.set(file, data)
  const { lock, diagnostics: lockDiagnostics } = readTranslationLock(loaded.i18nLock)
  diagnostics.push(...lockDiagnostics)

  const coverage = languages.map((language): LanguageCoverage => {
    let fields = 0
    let translated = 0
    let stale = 0
    for (const [file, data] of sources) {
      const kind: SourceKind = file === 'portfolio.yaml' ? 'portfolio' : file.startsWith('posts/') ? 'post' : 'project'
      // A post's text is one more translatable field, named BODY_KEY (it is not in the front matter).
      const body = bodies.get(file)
      const all = [
        ...translatableFields(sourceSchema(kind), data),
        ...(body === undefined ? [] : [{ pointer: BODY_KEY }]),
      ]
      const overlay = checked.find((o) => o.language === language && o.sourceFile === file)
      const done = new Set(overlay?.fields.map((field) => field.source))
      if (overlay?.body) done.add(BODY_KEY)
      fields += all.length
      translated += all.filter((field) => done.has(field.pointer)).length
      const locked = lock.get(language)?.get(file)
      const recordedBody = locked?.get(BODY_KEY)
      // A post's translation is checked here, so its document is at hand.
      if (
        overlay?.body &&
        overlay.parsed &&
        body !== undefined &&
        recordedBody !== undefined &&
        recordedBody !== fieldDigest(body)
      ) {
        stale++
        diagnostics.push(
          createDiagnostic(
            'TRANSLATION_STALE',
            { file: overlay.file, start: positionAt(overlay.parsed, overlay.body.offset) },
            `the ${language} translation of the text of ${file} is stale since the source changed`,
            undefined,
            strict ? 'error' : 'warning',
          ),
        )
      }
      for (const field of overlay?.fields ?? []) {
        const recorded = locked?.get(field.stable)
        const current = valueAt(data, decodePointer(field.source))
        if (recorded === undefined || current === undefined || recorded === fieldDigest(current)) continue
        stale++
        diagnostics.push(
          createDiagnostic(
            'TRANSLATION_STALE',
            overlay?.parsed ? locatePointer(overlay.parsed, field.overlay) : input.locate(overlay!.file, field.overlay),
            `the ${language} translation of ${field.source} in ${file} is stale since the source changed`,
            undefined,
            strict ? 'error' : 'warning',
          ),
        )
      }
      const missing = all.filter((field) => !done.has(field.pointer))
      const first = missing[0]
      if (strict && first)
        diagnostics.push(
          createDiagnostic(
            'TRANSLATION_MISSING',
            input.locate(file, first.pointer === BODY_KEY ? '' : first.pointer),
            `${missing.length} field${missing.length === 1 ? '' : 's'} of ${file} ${missing.length === 1 ? 'has' : 'have'} no ${language} translation: ${listed(missing.map((field) => (field.pointer === BODY_KEY ? 'its text' : field.pointer)))}`,
            `Translate them in ${overlayFile(file, language)}, or leave out --strict-i18n to show them in ${defaultLanguage}.`,
          ),
        )
    }
    return { language, fields, translated, stale }
  })
  return { diagnostics, overlays: checked, coverage, links: [...overlays.links, ...postOverlays.links] }
}

function overlayFile(file: string, language: string): string {
  return file.replace(/\.(yaml|md)$/, `.${language}.$1`)
}

function listed(pointers: readonly string[]): string {
  const shown = pointers.slice(0, 5).join(', ')
  return pointers.length > 5 ? `${shown} (and ${pointers.length - 5} more)` : shown
}

/** `pt-BR 92% translated, 3 stale`: rounded down, so 100% means every field. */
export function describeCoverage(coverage: LanguageCoverage): string {
  const percent = coverage.fields === 0 ? 100 : Math.floor((coverage.translated / coverage.fields) * 100)
  return `${coverage.language} ${percent}% translated${coverage.stale ? `, ${coverage.stale} stale` : ''}`
}
