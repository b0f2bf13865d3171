import type { RenderedPost, RenderedProject } from '../content/content-types.ts'
import type { LanguageContent, LocalizedFile } from '../content/i18n/localize.ts'
import type { Project } from '../content/content-types.ts'
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
): Promise<RenderedProject> {
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
