import type { FileDigests } from '../cache/file-digests.ts'
import type { Store } from '../cache/store.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { compilePortfolio } from '../compile/compile-project.ts'
import type { SitePortfolio } from '../content/content-types.ts'
import type { LanguageContent } from '../content/i18n/localize.ts'
import { languageFeeds } from '../feeds/language-feeds.ts'
import { loadChatLanguage } from '../generate/chat-language.ts'
import { safeJson } from '../generate/project-data.ts'
import { withCompiledMedia } from '../media/build-media.ts'
import type { BuildMediaOptions } from '../media/build-media.ts'
import { chatData } from '../../site/src/chat/index-path.ts'
import { compileLanguagePosts, compileLanguageProject, languagePortfolio } from '../pipeline/compile-language.ts'
import { contentView, type ContentView } from './content-view.ts'

/**
 * A language other than the default, as the dev server serves its folder (`/<tag>/`): its data files
 * (ContentView, made from its content compiled as the build compiles it: compile-language.ts), and
 * what only a language has (its portfolio and its chat's texts as data).
 */
export interface LanguageView extends ContentView {
  tag: string
  /** The portfolio in the language, as its pages carry it (the render's RenderLanguage.portfolio). */
  portfolio: SitePortfolio
  /** The portfolio's fields shown in another language, by JSON pointer (compile-language.ts languagePortfolio). */
  shownIn: Record<string, string>
  /** <tag>/data/portfolio.json. */
  portfolioJson: string
  /** <tag>/data/chat-texts.json: the chat's title, greeting and quick questions in the language. */
  chatTexts: string
  /** Whether the language has feeds of its own (a post in it): its pages name them, else the default's. */
  ownFeeds: boolean
}

export interface LanguageViewInput {
  root: string
  store: Store
  digests: FileDigests
  encode: BuildMediaOptions['encode']
  /** The default language's compiled content (images not resolved yet): its posts are a language's untranslated ones. */
  compiled: CompiledContent
  defaultLanguage: string
}

/** A language's content compiled (each file taken from the store when its text is unchanged), its images resolved. */
export async function compileLanguageView(localized: LanguageContent, input: LanguageViewInput): Promise<LanguageView> {
  const { language } = localized
  const { store } = input
  const projects = []
  for (const file of localized.projects) projects.push(await compileLanguageProject(language, file, store))
  const posts = await compileLanguagePosts(input.compiled.posts ?? [], localized, store)
  const compiled: CompiledContent = {
    portfolio: compilePortfolio(localized.portfolio.data),
    projects,
    posts,
    ...(input.compiled.externalPosts ? { externalPosts: input.compiled.externalPosts } : {}),
  }
  const { content } = await withCompiledMedia(compiled, input)
  // Its passages cut by its own rules; its files are at the default's paths in its folder.
  const chat = { ...(await loadChatLanguage(language, input.defaultLanguage)), paths: chatData }
  const feeds = languageFeeds(
    localized,
    (content.posts ?? []).filter((post) => post.draft !== true),
    '/',
  )
  const file = languagePortfolio(localized, content.portfolio)
  return {
    ...contentView(content, { chat, feeds: () => feeds }),
    tag: language,
    portfolio: file.portfolio,
    shownIn: file.shownIn,
    portfolioJson: safeJson(file),
    chatTexts: safeJson(localized.portfolio.data.chat),
    ownFeeds: feeds !== undefined,
  }
}
