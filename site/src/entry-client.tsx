import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { RouteErrorBoundary } from './components/route-error-boundary.tsx'
import { captureServerMarkup } from './deferred-markup.ts'
import { readPageData, type PageData } from './page-data.ts'
import { toBasename } from './paths.ts'
import { loadProjectCards, provideProjectCards } from './project-cards.ts'
import { loadProjectView, provideProject } from './project-loader.ts'
import { browserWriting } from './posts-loader.ts'
import { loadPostPage } from './components/post-links.tsx'
import { AppRoutes, isWritingRoute, loadWritingPages, matchPage, routeIds, type PageMatch } from './routes.tsx'
import { hasPosts, portfolio } from './generated/content.ts'
import { defaultLanguage, defaultStrings, loadStrings, multilingual } from './generated/strings/index.ts'
import type { SitePortfolio } from './generated/types.ts'
import { DEFAULT_LANGUAGE, pageLanguage, type PageLanguage } from './i18n/language-context.ts'
import { LanguageProvider } from './i18n/language-provider.tsx'
import { languagePrefix, siteLanguages, textDirection } from './i18n/languages.ts'
import { setPagePrefix } from './page-base.ts'

const siteBase = toBasename(import.meta.env.BASE_URL)
/**
 * A host serves the root 404.html (in the default language) for every missing address, /fr/…
 * included: such a page is shown in the language its path names, rendered anew rather than hydrated.
 */
const pathLanguage = notFoundIn(window.location.pathname)
/**
 * The page's language: on a site with several, its <html lang> (a page in another language than
 * the default is the same app under `<tag>/`, its data in that folder); else the default's.
 */
const lang =
  pathLanguage ??
  (multilingual && languageOf(document.documentElement.lang) ? document.documentElement.lang : defaultLanguage)
const prefix = languagePrefix(lang, defaultLanguage)
setPagePrefix(prefix)
const basename = siteBase + prefix

/** The language a missing address names (its first segment), when the page is the default language's 404 page. */
function notFoundIn(pathname: string): string | undefined {
  if (!multilingual || document.documentElement.lang !== defaultLanguage) return undefined
  if (matchPage(pathname, siteBase).id !== routeIds.notFound) return undefined
  const segment = pathname.slice(siteBase.length).split('/')[0] ?? ''
  return segment !== defaultLanguage && languageOf(segment) ? segment : undefined
}

function languageOf(tag: string): boolean {
  return siteLanguages(portfolio.site).includes(tag)
}

/**
 * What the page's parts need of its language, as the server rendered them: its words (another
 * language's from their own chunk), the portfolio in it (which the page carries), and which
 * languages have this page (its hreflang links).
 */
async function pageLanguageOf(inline: PageData): Promise<{ language: PageLanguage; portfolio: SitePortfolio }> {
  if (!multilingual) return { language: DEFAULT_LANGUAGE, portfolio }
  const strings = await loadStrings(lang).catch(() => defaultStrings)
  const translated = new Set(
    [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => link.getAttribute('hreflang')),
  )
  const landedOn = window.location.pathname.slice(basename.length - 1) || '/'
  return {
    language: pageLanguage(lang, strings, {
      languages: siteLanguages(portfolio.site),
      hrefIn: (tag, path) => siteBase + languagePrefix(tag, defaultLanguage) + path.replace(/^\/+/, ''),
      // Known for the page the visitor landed on (its data and hreflang links); another page reached
      // in the app is taken as translated (no notice, no mark) until it is loaded as a page.
      isTranslated: (tag, path) =>
        path !== landedOn
          ? true
          : tag === lang
            ? inline.untranslated !== true
            : tag === defaultLanguage || translated.has(tag),
      shownIn: (pointer) => inline.shownIn?.[pointer],
    }),
    portfolio: inline.portfolio ?? portfolio,
  }
}

// The home page under a base path is served at `/sub/` but may be reached as `/sub`; give the
// router the URL its basename expects (a same-document replace, before anything renders).
if (`${window.location.pathname}/` === basename) {
  window.history.replaceState(window.history.state, '', basename + window.location.search + window.location.hash)
}

/** Have the page's data BEFORE hydrating, so the first client render is synchronous and matches
 * the server HTML exactly. The page carries it as JSON: the home page its project cards, a case
 * study its data without the markup (prose, diagrams), which is taken from the rendered page rather
 * than downloaded twice. Without it (an older build, a hand-made page) the data is fetched; a failed
 * load is shown by the route error boundary when the page renders. */
async function preparePage(root: HTMLElement): Promise<void> {
  const page = matchPage(window.location.pathname, basename)
  // A writing route's pages are a chunk of their own, fetched beside its data.
  const pages = hasPosts && isWritingRoute(page) ? loadWritingPages().catch(() => undefined) : undefined
  await preparePageData(root, page)
  await pages
}

async function preparePageData(root: HTMLElement, page: PageMatch): Promise<void> {
  const inline = readPageData()
  const writing = browserWriting
  // What the home page carries of the posts (its newest) and a case study (the posts about it).
  if (Array.isArray(inline.latestPosts)) writing.latest = inline.latestPosts
  if (Array.isArray(inline.projectPosts) && page.projectId) writing.about.set(page.projectId, inline.projectPosts)
  // The home page and the tech pages show the cards; the home page carries them, a tech page fetches them.
  if (page.id === routeIds.home || page.id === routeIds.tech) {
    if (Array.isArray(inline.cards)) return provideProjectCards(inline.cards)
    await loadProjectCards().catch(() => undefined)
    return
  }
  // /writing carries the posts index; a tag page fetches it (as a tech page does the cards).
  if (hasPosts && (page.id === routeIds.writing || page.id === routeIds.tag)) {
    if (Array.isArray(inline.posts)) return writing.provideIndex(inline.posts)
    await writing.loadIndex().catch(() => undefined)
    return
  }
  if (hasPosts && page.id === routeIds.post) {
    captureServerMarkup(root)
    const slug = page.postSlug ?? ''
    if (inline.post && inline.post.slug === slug && Array.isArray(inline.post.parts)) {
      writing.providePost({ post: inline.post })
      if (Array.isArray(inline.relatedProjects)) writing.related.set(slug, inline.relatedProjects)
      return
    }
    await loadPostPage(slug).catch(() => undefined)
    return
  }
  if (page.id !== routeIds.project) return
  captureServerMarkup(root)
  if (inline.project && inline.project.id === page.projectId) return provideProject(inline.project)
  await loadProjectView(page.projectId ?? '').catch(() => undefined)
}

/** Hydrates the prerendered page once its data is in hand (see preparePage). */
async function hydrate(container: HTMLElement): Promise<void> {
  const [page] = await Promise.all([pageLanguageOf(readPageData()), preparePage(container)])
  const app = (
    <StrictMode>
      {/* Plain (non-transition) updates: project links load before they navigate, and flushSync
          then commits the new page in the same task as the URL change. Both flags are given, as
          react-router 6 warns in the console about each one left unset. */}
      <LanguageProvider language={page.language} portfolio={page.portfolio}>
        <BrowserRouter basename={basename} future={{ v7_startTransition: false, v7_relativeSplatPath: true }}>
          <RouteErrorBoundary>
            <AppRoutes />
          </RouteErrorBoundary>
        </BrowserRouter>
      </LanguageProvider>
    </StrictMode>
  )
  if (pathLanguage !== undefined) {
    document.documentElement.lang = lang
    document.documentElement.dir = textDirection(lang)
    container.replaceChildren()
    createRoot(container).render(app)
    return
  }
  // Hydrating in a transition lets React yield to the browser between chunks of work, so no single
  // long task blocks input while the page becomes interactive; a click on a part not hydrated yet
  // hydrates that part first and is then handled.
  startTransition(() => {
    hydrateRoot(container, app)
  })
}

// Not a top-level await: one in the entry turns off the bundler's chunk optimizations (Rolldown's
// chunkOptimization), which then splits the modules the entry shares with a lazy chunk into a
// chunk of their own that every first visit downloads besides the entry.
const container = document.getElementById('root')
if (container) void hydrate(container)
