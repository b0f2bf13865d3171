import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { RouteErrorBoundary } from './components/route-error-boundary.tsx'
import { hasPosts, portfolio } from './generated/content.ts'
import { renderHead, type HeadOptions } from './head.ts'
import {
  homeMeta,
  notFoundMeta,
  postMeta,
  projectMeta,
  tagMeta,
  techMeta,
  writingMeta,
  type PageMeta,
} from './page-meta.ts'
import { absoluteUrl, socialImage, toBasename } from './paths.ts'
import { forEachMarkup, DEFERRED_MARKUP } from './deferred-markup.ts'
import type { RenderedProject, SitePortfolio } from './generated/types.ts'
import { languagePrefix, siteLanguages, textDirection } from './i18n/languages.ts'
import { DEFAULT_LANGUAGE, pageLanguage, type PageLanguage } from './i18n/language-context.ts'
import { LanguageProvider } from './i18n/language-provider.tsx'
import { stringsFor } from './generated/strings/all.ts'
import { DEFAULT_PAGE_WORDS, type PageWords } from './i18n/page-words.ts'
import type { PageData } from './page-data.ts'
import {
  WritingContext,
  writing,
  type PostSource,
  type PostsSource,
  type PostView,
  type Writing,
} from './posts-loader.ts'
import { CardsContext, projectCards, type Cards, type CardsSource } from './project-cards.ts'
import { ProjectViewsContext, projectViews, type ProjectSource, type ProjectViews } from './project-loader.ts'
import { AppRoutes, isWritingRoute, loadWritingPages, matchPage, routeIds } from './routes.tsx'
import { homeJsonLd, postJsonLd, projectJsonLd, tagJsonLd, techJsonLd, writingJsonLd } from './structured-data.ts'
import { techPages } from './technologies.ts'
import { LATEST_POSTS, postTags, postsAbout } from './writing.ts'

/**
 * The page's language on a site with several (cli/pipeline/list-routes.ts withLanguages): its tag,
 * where its pages are under the base, its hreflang set and, for a page not translated, its source
 * page (paths from the base), and the portfolio in that language (the default's is the generated module).
 */
export interface RenderLanguage {
  lang: string
  prefix: string
  alternates: readonly { hreflang: string; path: string }[]
  sourcePath?: string
  portfolio?: SitePortfolio
  /** Whether the language has feeds of its own (posts in it): its pages name them, else the default's. */
  ownFeeds?: boolean
  /** The portfolio's fields shown in another language (a field no translation of the chain holds), by JSON pointer. */
  shownIn?: Readonly<Record<string, string>>
}

export interface RenderResult {
  /** Markup for `<div id="root">`. */
  html: string
  /** Tags for `<!--app-head-->`: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
  head: string
  /** The `lang` of the page (BCP 47): the content's site.language, or the page's language. */
  lang: string
  /** `rtl` for a language written right to left. */
  dir: 'ltr' | 'rtl'
  /** 404 when the not-found page rendered (unknown path or unknown project id). */
  status: 200 | 404
  /** What the page carries for hydration, as JSON in its head: the home page its project cards, a
   * case study its data without the markup (which the browser takes from the rendered HTML instead
   * of downloading it twice). */
  data?: PageData
}

const noPosts: PostsSource = async () => []
const noPost: PostSource = async () => null

/**
 * Renders one route to HTML. `url` is the route path without the base (`/`, `/projects/logic-i`,
 * `/404`); `base` is the public base path (`/` or `/sub/path/`); `projects` gives a case study's
 * data by id, `cards` the project cards, `posts` the posts index and `post` a post by slug (the
 * build reads the site folder's data files, the dev server its session; without the last two the
 * site has no posts). What the page shows is loaded first, so the whole content is in the HTML. A render error
 * throws (a broken page fails the build). What a render loads is its own (given to the app through
 * context, not set on a module), so renders running at the same time in one thread cannot mix.
 */
export async function render(
  url: string,
  base: string,
  projects: ProjectSource,
  cards: CardsSource,
  posts: PostsSource = noPosts,
  post: PostSource = noPost,
  language?: RenderLanguage,
): Promise<RenderResult> {
  const loads: PageLoads = {
    views: projectViews(projects),
    cards: projectCards(cards),
    writing: writing(posts, post),
  }
  // A language's pages are the same app under its prefix: the router's basename carries it.
  const basename = toBasename(base) + (language?.prefix ?? '')
  const location = basename + url.replace(/^\/+/, '')
  const { meta, status, extras, data } = await preparePage(location, basename, basename, loads, {
    lang: language?.lang ?? DEFAULT_PAGE_WORDS.lang,
    strings: language ? stringsFor(language.lang) : DEFAULT_PAGE_WORDS.strings,
    portfolio: language?.portfolio ?? portfolio,
  })
  // A writing route's pages are a chunk of their own: loaded before rendering, so nothing suspends.
  if (hasPosts && isWritingRoute(matchPage(location, basename))) await loadWritingPages()
  const words = language ? serverPageLanguage(language, base) : undefined
  const html = renderToString(
    <StrictMode>
      <LanguageProvider language={words ?? DEFAULT_LANGUAGE} portfolio={language?.portfolio ?? portfolio}>
        <ProjectViewsContext value={loads.views}>
          <CardsContext value={loads.cards}>
            <WritingContext value={loads.writing}>
              <StaticRouter location={location} basename={basename}>
                <RouteErrorBoundary>
                  <AppRoutes />
                </RouteErrorBoundary>
              </StaticRouter>
            </WritingContext>
          </CardsContext>
        </ProjectViewsContext>
      </LanguageProvider>
    </StrictMode>,
  )
  const content = language?.portfolio ?? portfolio
  const fromBase = (path: string) => absoluteUrl(portfolio.site.url, base, path)
  const head = renderHead(meta, {
    siteUrl: portfolio.site.url,
    siteName: content.site.title,
    base: basename,
    theme: portfolio.theme,
    feeds: hasPosts,
    // A language with posts in it has its own feeds; another names the default language's.
    ...(language && !language.ownFeeds ? { feedBase: toBasename(base) } : {}),
    ...extras,
    ...(language
      ? {
          alternates: language.alternates.map((a) => ({ hreflang: a.hreflang, url: fromBase(a.path) })),
          ...(language.sourcePath !== undefined ? { sourceUrl: fromBase(language.sourcePath) } : {}),
        }
      : {}),
  })
  const lang = language?.lang ?? portfolio.site.language ?? 'en'
  // The portfolio in the page's language travels with the page (the default's is in the app's code).
  const carried =
    language?.portfolio || language?.sourcePath !== undefined
      ? {
          ...data,
          ...(language.portfolio ? { portfolio: language.portfolio } : {}),
          ...(language.shownIn && Object.keys(language.shownIn).length > 0 ? { shownIn: language.shownIn } : {}),
          ...(language.sourcePath !== undefined ? { untranslated: true } : {}),
        }
      : data
  return { html, head, lang, dir: textDirection(lang), status, ...(carried ? { data: carried } : {}) }
}

/**
 * The page's language for its parts: the site's words in it (the shipped catalogue with the
 * portfolio's i18n/<tag>.yaml merged, generated/strings/), every language of the site for the
 * switcher, which of them have this page (its hreflang set; an untranslated page has none), and the
 * portfolio's fields shown in another language.
 */
function serverPageLanguage(language: RenderLanguage, base: string): PageLanguage {
  const defaultLanguage = portfolio.site.language ?? 'en'
  const translated = new Set(language.alternates.map((a) => a.hreflang))
  return pageLanguage(language.lang, stringsFor(language.lang), {
    languages: siteLanguages(portfolio.site),
    hrefIn: (tag, path) => toBasename(base) + languagePrefix(tag, defaultLanguage) + path.replace(/^\/+/, ''),
    // This page in its own language: translated unless it points at its source; another language's
    // page: in this page's hreflang set (the default's always is, being the source).
    isTranslated: (tag) =>
      tag === language.lang ? language.sourcePath === undefined : tag === defaultLanguage || translated.has(tag),
    shownIn: (pointer) => language.shownIn?.[pointer],
  })
}

/** A copy of the project with its markup replaced by DEFERRED_MARKUP (see deferred-markup.ts). */
function withoutMarkup(project: RenderedProject): RenderedProject {
  const copy = structuredClone(project)
  forEachMarkup(copy, (_key, holder, field) => (holder[field] = DEFERRED_MARKUP))
  return copy
}

/** A post's view with the markup of its parts (HTML, diagrams' SVG) replaced by DEFERRED_MARKUP. */
function postWithoutMarkup({ post }: PostView): Pick<PageData, 'post'> {
  return {
    post: {
      ...post,
      parts: post.parts.map((part) =>
        'html' in part ? { html: DEFERRED_MARKUP } : { diagram: { ...part.diagram, svg: DEFERRED_MARKUP } },
      ),
    },
  }
}

type PageExtras = Pick<HeadOptions, 'image' | 'jsonLd'>

/** What one render loads: its case studies, its cards and its posts. */
interface PageLoads {
  views: ProjectViews
  cards: Cards
  writing: Writing
}

async function preparePage(
  location: string,
  basename: string,
  base: string,
  { views, cards, writing }: PageLoads,
  words: PageWords,
): Promise<{ meta: PageMeta; status: 200 | 404; extras: PageExtras; data?: PageData }> {
  const page = matchPage(location, basename)
  const url = (path: string) => absoluteUrl(portfolio.site.url, base, path)
  const { owner } = portfolio
  // The home page's card, which the pages that list things (tech, writing, tags) share.
  const homeImage = (alt: string) => ({ path: socialImage.path(), alt: `${owner.name}, ${owner.role}: ${alt}` })
  // Read only by the pages that show posts (the home page and case studies when there are posts,
  // the writing pages), so other pages do not depend on the index (the page cache records which did).
  const postsIndex = () => (hasPosts ? writing.loadIndex() : Promise.resolve([]))
  if (page.id === routeIds.home) {
    // Only the home page, the tech pages and posts with related projects show the cards: other
    // pages never ask for them (so a prerendered case study does not depend on them, and the
    // browser does not load them there either).
    const [list, posts] = await Promise.all([cards.load(), postsIndex()])
    const image = homeImage(portfolio.hero.headline)
    const latestPosts = posts.slice(0, LATEST_POSTS)
    return {
      meta: homeMeta(words),
      status: 200,
      extras: { image, jsonLd: homeJsonLd(url, url(image.path), list) },
      data: { cards: list, ...(hasPosts ? { latestPosts } : {}) },
    }
  }
  if (page.id === routeIds.writing) {
    const posts = await writing.loadIndex()
    if (posts.length > 0) {
      const meta = writingMeta(posts, words)
      const image = homeImage(meta.description)
      return {
        meta,
        status: 200,
        extras: { image, jsonLd: writingJsonLd(posts, url, meta) },
        data: { posts },
      }
    }
    return { meta: notFoundMeta(words), status: 404, extras: {} }
  }
  if (page.id === routeIds.tag) {
    const posts = await writing.loadIndex()
    const tag = postTags(posts).find((t) => t.slug === page.tagSlug)
    if (tag) {
      const meta = tagMeta(tag, posts, words)
      // No data block, as a tech page has none: the browser fetches data/posts.json before hydrating.
      return {
        meta,
        status: 200,
        extras: { image: homeImage(meta.description), jsonLd: tagJsonLd(tag, posts, url, meta) },
      }
    }
    return { meta: notFoundMeta(words), status: 404, extras: {} }
  }
  if (page.id === routeIds.post) {
    const view = await writing.loadPost(page.postSlug ?? '')
    if (view) {
      const { post } = view
      const related =
        post.projects.length > 0 ? (await cards.load()).filter((card) => post.projects.includes(card.id)) : []
      related.sort((a, b) => post.projects.indexOf(a.id) - post.projects.indexOf(b.id))
      const image = { path: socialImage.postPath(post.slug), alt: `${post.title}, by ${owner.name}: ${post.summary}` }
      return {
        meta: postMeta(post, words),
        status: 200,
        extras: { image, jsonLd: postJsonLd(post, url, url(image.path)) },
        data: { ...postWithoutMarkup(view), ...(related.length > 0 ? { relatedProjects: related } : {}) },
      }
    }
    return { meta: notFoundMeta(words), status: 404, extras: {} }
  }
  if (page.id === routeIds.tech) {
    // Loaded for an unknown technology too: the page renders the not-found page from the cards.
    const list = await cards.load()
    const tech = techPages(list).find((t) => t.slug === page.techSlug)
    if (tech) {
      const meta = techMeta(tech, list, words)
      // The home page's card: a tech page is the home page's list, narrowed.
      const image = homeImage(meta.description)
      // No data block: it would be every project's card, once more for each technology (at a
      // thousand projects, megabytes per page). The browser fetches data/cards.json before hydrating
      // instead (entry-client), the file client navigation to / reads: one request, then cached.
      return { meta, status: 200, extras: { image, jsonLd: techJsonLd(tech, list, url, meta) } }
    }
    return { meta: notFoundMeta(words), status: 404, extras: {} }
  }
  if (page.id === routeIds.project) {
    const [view, posts] = await Promise.all([views.load(page.projectId ?? ''), postsIndex()])
    if (view) {
      const { project } = view
      const image = {
        path: socialImage.path(project.id),
        alt: `${project.title}, a case study by ${owner.name}: ${project.description}`,
      }
      return {
        meta: projectMeta(project, words),
        status: 200,
        extras: { image, jsonLd: projectJsonLd(project, url, url(image.path)) },
        data: {
          project: withoutMarkup(project),
          ...(hasPosts ? { projectPosts: postsAbout(posts, project.id) } : {}),
        },
      }
    }
  }
  return { meta: notFoundMeta(words), status: 404, extras: {} }
}
