import type { RenderedPost } from '../content/content-types.ts'
import type { CompiledCaseStudy } from '../compile/compile-project.ts'
import type { LanguageContent, LocalizedFile } from '../content/i18n/localize.ts'
import type { Portfolio, Project, SitePortfolio } from '../content/content-types.ts'
import { sitePortfolio } from '../generate/generate-content.ts'
import { compileLanguagePostCached, compileProjectCached } from '../compile/compile-cache.ts'
import type { Store } from '../cache/store.ts'

/**
 * A language's case study compiled from its merged data, kept in the store by the translated text:
 * compiled once per change. Its diagrams are taken from the store, drawn for the source. Shared by
 * the build (language-sites.ts) and the dev server, so both show the same page.
 */
export async function compileLanguageProject(
  language: string,
  file: LocalizedFile<Project>,
  store: Store,
): Promise<CompiledCaseStudy> {
  const source = { path: `projects/${file.data.id}.${language}.yaml`, text: JSON.stringify(file.data) }
  const { project } = await compileProjectCached(source, file.data, { get: () => undefined }, store)
  return project
}

/**
 * The language's compiled posts: each of the default's (`posts`) with its translation (its front
 * matter's fields and its text) where there is one, compiled once per change (the store keeps it by
 * its text); an untranslated post is the default's as it is. `finish` is applied to a translated
 * post only (the build resolves its cover; the default's posts have theirs already).
 */
export async function compileLanguagePosts(
  posts: readonly RenderedPost[],
  content: LanguageContent,
  store: Store,
  finish: (post: RenderedPost) => RenderedPost = (post) => post,
): Promise<RenderedPost[]> {
  const localized = new Map((content.posts ?? []).map((post) => [post.slug, post]))
  const compiled: RenderedPost[] = []
  for (const post of posts) {
    const translation = localized.get(post.slug)
    if (!translation || translation.untranslated) {
      compiled.push(post)
      continue
    }
    compiled.push(finish((await compileLanguagePostCached(translation, store)).post))
  }
  return compiled
}

/** What data/portfolio.json of a language's folder holds: its portfolio as the site reads it, and which fields are shown in another language. */
export interface LanguagePortfolio {
  portfolio: SitePortfolio
  /** JSON pointer → the language a field is shown in when it is not the page's (its element gets that lang). */
  shownIn: Record<string, string>
}

/** A language's portfolio file, from its content and its portfolio compiled (markdown, the photo resolved): for the build and dev alike. */
export function languagePortfolio(content: LanguageContent, compiled: Portfolio): LanguagePortfolio {
  return {
    portfolio: sitePortfolio(compiled),
    shownIn: Object.fromEntries(content.portfolio.fromOtherLanguage.map((field) => [field.pointer, field.language])),
  }
}
