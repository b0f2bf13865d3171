import path from 'node:path'
import type { LanguageContent } from '../content/i18n/localize.ts'
import type { PostSummary, RenderedPost } from '../content/content-types.ts'
import { writeLanguageFeeds } from '../feeds/language-feeds.ts'
import { listedPosts } from '../generate/post-data.ts'
import { withPostCover } from '../media/content-media.ts'
import { compilePortfolio } from '../compile/compile-project.ts'
import { loadChatLanguage } from '../generate/chat-language.ts'
import { safeJson } from '../generate/project-data.ts'
import { withBuildPhoto, type BuildMediaOptions } from '../media/build-media.ts'
import type { MadeMedia } from '../media/make-media.ts'
import { attachProjectMedia } from '../media/project-media.ts'
import type { Store } from '../cache/store.ts'
import { writeFileAtomically } from '../write-atomically.ts'
import { chatData, chatTextsFile } from '../../site/src/chat/index-path.ts'
import { languagePortfolioData } from '../../site/src/paths.ts'
import { COMPILED_FILES_PER_WORKER } from './check-and-compile.ts'
import type { BuildPool } from './jobs.ts'
import type { Route } from './list-routes.ts'
import { compileLanguagePosts, languagePortfolio } from './compile-language.ts'
import { prerenderRoutes, type Prerendered, type PrerenderOptions } from './prerender.ts'
import { writeSiteData, type WrittenData } from './site-data.ts'
import type { PageCache } from './page-cache.ts'
import { sha256Hex } from '../sha256.ts'

/**
 * The pages of each language other than the default. A language's site is the default's under its
 * prefix: its folder (`<tag>/` in the site) holds its pages and their data (the portfolio, cards,
 * case studies and chat passages in that language), so the app, the page jobs and the browser read
 * it exactly as they read the default's, with the base plus the prefix. What does not depend on the
 * language is shared: the app, the images and the diagrams (a translated case study's diagrams are
 * taken from the store, drawn for the source). A post without a translation is shown as the
 * default's (its page built as untranslated: canonical to the source, no hreflang).
 */
export interface LanguageSitesInput {
  languages: readonly LanguageContent[]
  defaultLanguage: string
  /** Each language's routes (withLanguages), by tag. */
  routes: ReadonlyMap<string, Route[]>
  /** The site folder being assembled: a language's folder is `<tag>/` in it. */
  siteDir: string
  base: string
  serverEntry: string
  /** The client build's index.html as Vite wrote it (SiteBuild.shell). */
  shell: string
  /** The app build's key (PageCache.siteKey): with a store, pages unchanged since the site in place are taken from it. */
  siteKey?: string
  /** The output folder, holding the site in place until this build replaces it. */
  outDir: string
  pool: BuildPool
  store: Store
  media: BuildMediaOptions
  images: Pick<MadeMedia, 'images'> & { projectsWithImages: ReadonlySet<string> }
  /** The default language's built posts (covers resolved) and data/posts.json's entries (writing.external's too). */
  posts: readonly RenderedPost[]
  listed: readonly PostSummary[]
  analytics?: PrerenderOptions['analytics']
}

/** Writes each language's data and pages into its folder; the pages and their scans are named from the site folder. */
export async function buildLanguageSites(input: LanguageSitesInput): Promise<Prerendered> {
  const all: Prerendered = { pages: [], scans: [], rendered: 0 }
  for (const content of input.languages) {
    const { language } = content
    const folder = path.join(input.siteDir, language)
    const written = await writeLanguageData(input, content, folder)
    const routes = (input.routes.get(language) ?? []).map((route) =>
      route.language ? { ...route, language: { ...route.language, ownFeeds: written.feeds > 0 } } : route,
    )
    // Its pages unchanged since the build in place are taken from its folder there, as the default's are.
    const cache: PageCache | undefined =
      input.siteKey !== undefined
        ? {
            store: input.store,
            site: path.join(input.outDir, language),
            siteKey: input.siteKey,
            ...written.data,
            languageHash: written.languageHash,
          }
        : undefined
    const done = await prerenderRoutes(routes, {
      serverEntry: input.serverEntry,
      siteDir: folder,
      base: input.base,
      pool: input.pool,
      shell: input.shell,
      ...(input.analytics ? { analytics: input.analytics } : {}),
      ...(cache ? { cache } : {}),
    })
    all.pages.push(...done.pages.map((page) => `${language}/${page}`))
    all.scans.push(...done.scans.map((scan) => ({ ...scan, page: `${language}/${scan.page}` })))
    all.rendered += done.rendered
  }
  return all
}

/** What writing a language's data gives its pages: the data's hashes, those of its own files, and how many feeds it has. */
interface LanguageData {
  data: WrittenData
  /** A hash of its data/portfolio.json and data/chat-texts.json (PageCache.languageHash). */
  languageHash: string
  feeds: number
}

/** A language's data files, as writeSiteData writes the default's, plus its portfolio (data/portfolio.json), and its feeds. */
async function writeLanguageData(
  input: LanguageSitesInput,
  content: LanguageContent,
  folder: string,
): Promise<LanguageData> {
  // Its passages are cut into terms by its own rules; its files are in its folder, so at the default's paths there.
  const chat = { ...(await loadChatLanguage(content.language, input.defaultLanguage)), paths: chatData }
  const { store } = input
  const kept = await input.pool.runJobs(
    'language-project',
    content.projects.map((file) => ({
      language: content.language,
      defaultLanguage: input.defaultLanguage,
      file,
      dataDir: folder,
      store: store.address,
    })),
    { perWorker: COMPILED_FILES_PER_WORKER },
  )
  const projects = attachProjectMedia(folder, kept, input.images.projectsWithImages, input.images.images)
  const portfolio = await withBuildPhoto(compilePortfolio(content.portfolio.data), input.media)
  const portfolioJson = safeJson(languagePortfolio(content, portfolio))
  writeFileAtomically(path.join(folder, languagePortfolioData.file), portfolioJson)
  // The chat's texts in the language (the default's are the app's generated chat.ts): data/chat-texts.json
  // of its folder, the path chatTextsFile gives without a language prefix.
  const chatTexts = safeJson(content.portfolio.data.chat)
  writeFileAtomically(path.join(folder, chatTextsFile(input.defaultLanguage, input.defaultLanguage)), chatTexts)
  const posts = await compileLanguagePosts(input.posts, content, store, (post) =>
    withPostCover(post, input.images.images),
  )
  // The listed posts in this language: its own, and writing.external's as the default lists them.
  const own = new Map(listedPosts({ posts, externalPosts: [] }).map((summary) => [summary.slug, summary]))
  const listed = input.listed.map((summary) => (summary.external ? summary : (own.get(summary.slug) ?? summary)))
  const data = writeSiteData(folder, portfolio, projects, undefined, { posts, listed, chat })
  const feeds = await writeLanguageFeeds(input.siteDir, content, posts, input.base)
  return { data, languageHash: sha256Hex(`${portfolioJson}\0${chatTexts}`), feeds }
}
