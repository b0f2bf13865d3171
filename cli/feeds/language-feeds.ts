import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { languagePrefix } from '../../site/src/i18n/languages.ts'
import { feedFiles } from '../../site/src/paths.ts'
import type { RenderedPost } from '../content/content-types.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { type FeedDocuments, renderFeeds } from './feed-documents.ts'

/** One feed file of a language, named from the site folder: `fr/feed.xml`. */
export interface LanguageFeedFile {
  file: string
  text: string
}

/**
 * A language's own feeds, in its folder (`<tag>/feed.xml`, `<tag>/rss.xml`, `<tag>/feed.json`): its
 * posts, newest first, with the language's title, summary and text; `xml:lang` / `language` the
 * language's tag; every page URL under `/<tag>/` (the files every language shares, covers and
 * images, under the base).
 *
 * Only the posts whose text is in the language (LanguageContent's post not `untranslated`: the
 * language's own text, or that of a nearer language of its chain, `pt` for `pt-BR`): a reader who
 * subscribes to the French feed reads French, and a post shown in the default language is already in
 * the default feed. Undefined when the language has no such post (no feed is written, as for a site
 * without posts). `posts` are the language's compiled posts (compileLanguagePost), in any order;
 * drafts are never in a feed.
 */
export function languageFeeds(
  language: LanguageContent,
  posts: readonly RenderedPost[],
  base: string,
): FeedDocuments | undefined {
  const portfolio = language.portfolio.data
  const translated = new Set(language.posts.filter((post) => !post.untranslated).map((post) => post.slug))
  const newestFirst = posts.filter((post) => translated.has(post.slug)).sort(byNewest)
  return renderFeeds(
    newestFirst,
    { site: { ...portfolio.site, language: language.language }, owner: portfolio.owner },
    base,
    { prefix: languagePrefix(language.language, portfolio.site.language ?? 'en') },
  )
}

/** The files of languageFeeds, named from the site folder; none when it has no feed. */
export function languageFeedFiles(
  language: LanguageContent,
  posts: readonly RenderedPost[],
  base: string,
): LanguageFeedFile[] {
  const feeds = languageFeeds(language, posts, base)
  if (!feeds) return []
  return (['atom', 'rss', 'json'] as const).map((format) => ({
    file: `${language.language}/${feedFiles[format]}`,
    text: feeds[format],
  }))
}

/** Writes a language's feeds under `siteDir` (into its `<tag>/` folder); returns how many. */
export async function writeLanguageFeeds(
  siteDir: string,
  language: LanguageContent,
  posts: readonly RenderedPost[],
  base: string,
): Promise<number> {
  const files = languageFeedFiles(language, posts, base)
  if (files.length) await mkdir(path.join(siteDir, language.language), { recursive: true })
  for (const { file, text } of files) await writeFile(path.join(siteDir, file), text)
  return files.length
}

/** Newest first, then by slug: the order of every list of posts (generate/post-data.ts's byNewest). */
function byNewest(a: RenderedPost, b: RenderedPost): number {
  if (a.published !== b.published) return a.published < b.published ? 1 : -1
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
}
