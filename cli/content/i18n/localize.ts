import { fallbackChain } from '../../../site/src/i18n/languages.ts'
import { decodePointer } from '../../diagnostics/json-pointer.ts'
import type { Portfolio, Post, Project } from '../content-types.ts'
import type { CheckedOverlay, SourceKind, TranslatedBody } from './check-overlays.ts'
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
  /** In the order of the checked content's posts (drafts too: a build leaves them out as it does the default's). */
  posts: LocalizedPost[]
}

/**
 * A post as a language shows it: its front matter with the translated fields (title, summary,
 * cover.alt) over the source's, and the markdown text of the nearest language of the chain that
 * translates it, else the source's. `untranslated` when that text is the default language's: the
 * post's main content is its text, whatever its title says.
 */
export interface LocalizedPost extends LocalizedFile<Post> {
  slug: string
  /** The markdown text shown. */
  body: string
  /** The file the text is in (posts/<slug>.<tag>.md, or the source), and the line it starts on: where its compile's diagnostics go. */
  bodyFile: string
  bodyLine: number
  /** The language the text is in. */
  bodyLanguage: string
}

/** A checked post, as check-content.ts's CheckedPost. */
export interface SourcePost {
  slug: string
  post: Post
}

const PORTFOLIO_MAIN = /^\/(hero\/(headline|tagline)|about\/(title|body))$/
/** A post's main content is its text (LocalizedPost.untranslated), not a field. */
const NO_MAIN = /$^/
const PROJECT_MAIN = /^\/(title|description|sections\/\d+\/(title|body|intro|summary))$/

/**
 * Each language of site.languages: the portfolio and every project with the overlays of its fallback
 * chain applied, farthest first, so the nearest language wins each field; list items were matched to
 * their source items by key (check-overlays.ts), so a pointer names the same field in every language.
 * Runs on content and overlays that passed every check.
 */
export function localizeContent(
  content: { portfolio: Portfolio; projects: readonly Project[]; posts?: readonly SourcePost[] },
  overlays: readonly CheckedOverlay[],
  /** Each post's own text by file (posts/<slug>.md): what a language without a translation of it shows. */
  bodies: ReadonlyMap<string, TranslatedBody> = new Map(),
): LanguageContent[] {
  const defaultLanguage = content.portfolio.site.language ?? 'en'
  const languages = content.portfolio.site.languages ?? []
  return languages.map((language) => {
    const chain = fallbackChain(language, defaultLanguage, languages)
    const localize = <T>(file: string, data: T, kind: SourceKind, main: RegExp): LocalizedFile<T> => {
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
      posts: (content.posts ?? []).map(({ slug, post }): LocalizedPost => {
        const file = `posts/${slug}.md`
        const translation = chain
          .map((tag) => overlays.find((o) => o.language === tag && o.sourceFile === file))
          .find((overlay) => overlay?.body !== undefined)
        const own = bodies.get(file)
        const body = translation?.body ?? own
        const bodyLanguage = translation?.language ?? defaultLanguage
        const localized = localize(file, post, 'post', NO_MAIN)
        return {
          ...localized,
          untranslated: bodyLanguage === defaultLanguage,
          slug,
          body: body?.text ?? '',
          bodyFile: translation?.file ?? file,
          bodyLine: body?.line ?? 1,
          bodyLanguage,
        }
      }),
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
