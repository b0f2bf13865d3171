import { CliError } from '../errors.ts'
import type { PageLanguage, Route } from './list-routes.ts'
import { scanPage, type PageScan } from './scan-page.ts'
import { sha256Hex } from '../sha256.ts'
import { pageDataScript } from '../generate/project-data.ts'
import { loadServerBundle } from './load-server-entry.ts'

/** What the server entry's render(url, base, projects, cards, posts, post) gives (site/src/entry-server.tsx). */
export interface RenderedPage {
  html: string
  head: string
  status: 200 | 404
  /** The page's language (BCP 47): the content's site.language, or the page's own on a site with several. */
  lang?: string
  /** `rtl` for a language written right to left. */
  dir?: 'ltr' | 'rtl'
  /** What the page inlines for hydration (cards, a case study's data), if anything. */
  data?: unknown
}

/** Case studies for the server render, by id; null for an unknown id. */
export type ProjectLookup = (id: string) => Promise<unknown>

/** The project cards for the server render. */
export type CardsLookup = () => Promise<unknown[]>

/** The posts index (data/posts.json) for the server render; empty when the site has no posts. */
export type PostsLookup = () => Promise<unknown[]>

/** A post (data/posts/<slug>.json) for the server render, by slug; null for an unknown slug. */
export type PostLookup = (slug: string) => Promise<unknown>

/** The portfolio in a page's language and which of its fields are shown in another (data/portfolio.json of its language's folder: `{ portfolio, shownIn }`). */
export type PortfolioLookup = () => Promise<unknown>

/** Where a render reads the content from. */
export interface PageData {
  projects: ProjectLookup
  cards: CardsLookup
  posts: PostsLookup
  post: PostLookup
  portfolio?: PortfolioLookup
}

/** What entry-server's render takes of a page's language (its RenderLanguage). */
export type RenderLanguage = PageLanguage & { portfolio?: unknown; shownIn?: unknown }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

export type RenderFunction = (
  url: string,
  base: string,
  projects: ProjectLookup,
  cards: CardsLookup,
  posts?: PostsLookup,
  post?: PostLookup,
  language?: RenderLanguage,
) => Promise<RenderedPage>

/** A route rendered and checked, not yet in the HTML shell. */
export interface RenderedRouteBody {
  page: RenderedPage
  /** Whether the render asked for the project cards (the page then depends on them). */
  usedCards: boolean
  /** Whether the render asked for the posts index (the page then depends on it). */
  usedPosts: boolean
}

/** A page to render: plain data, so any thread holding the server entry can render it. */
export interface PageJob {
  route: Route
  base: string
  /** The client build's index.html with its security headers (see withSecurityHeaders). */
  template: string
}

/** A page ready to be written: its file's text, what the output check needs of it, and its SHA-256. */
export interface PageFile {
  file: string
  html: string
  scan: PageScan
  sha256: string
  usedCards: boolean
  usedPosts: boolean
}

/** The server entry's render function. */
export async function loadRenderFunction(serverEntry: string): Promise<RenderFunction> {
  const module = await loadServerBundle<{ render?: RenderFunction }>(serverEntry)
  const render = module.render
  if (typeof render !== 'function') throw new CliError(`${serverEntry} does not export render(url, base)`)
  return render
}

/** Renders one route; fails on a render error or a status other than the route's. */
async function renderBody(
  render: RenderFunction,
  route: Route,
  base: string,
  data: PageData,
): Promise<RenderedRouteBody> {
  let usedCards = false
  const cards: CardsLookup = () => {
    usedCards = true
    return data.cards()
  }
  let usedPosts = false
  const posts: PostsLookup = () => {
    usedPosts = true
    return data.posts()
  }
  // The app asks for a case study while preparing the page and again while rendering it: read once.
  const read = new Map<string, Promise<unknown>>()
  const projects: ProjectLookup = (id) => {
    let value = read.get(id)
    if (!value) read.set(id, (value = data.projects(id)))
    return value
  }
  let page: RenderedPage
  try {
    const { language } = route
    const inLanguage = language && data.portfolio ? await data.portfolio() : undefined
    page = await (language
      ? render(route.url, base, projects, cards, posts, data.post, {
          ...language,
          ...(isRecord(inLanguage) ? { portfolio: inLanguage.portfolio, shownIn: inLanguage.shownIn } : {}),
        })
      : render(route.url, base, projects, cards, posts, data.post))
  } catch (error) {
    throw new CliError(
      `rendering ${route.url} failed: ${error instanceof Error ? error.message : String(error)}`,
      'This is a problem in the site code (site/src), not in the content.',
      { cause: error },
    )
  }
  if (page.status !== route.status)
    throw new CliError(`rendering ${route.url} gave status ${page.status}, expected ${route.status}`)
  return { page, usedCards, usedPosts }
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/

/**
 * A rendered page put into the HTML shell (site/index.html as Vite made it): its head tags and
 * data, its markup, and its language. The one way to make a page's HTML: the prerender and the dev
 * server both call it.
 */
export function fillShell(template: string, page: Omit<RenderedPage, 'status'>): string {
  const html = template
    .replace('<!--app-head-->', () => page.head + pageDataScript(page.data))
    .replace('<!--app-html-->', () => page.html)
  if (!page.lang || !LANGUAGE_TAG.test(page.lang)) return html
  const dir = page.dir === 'rtl' ? ' dir="rtl"' : ''
  return html.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"${dir}`)
}

/** Renders one page into its shell; fails, besides renderBody's reasons, on a page with nothing in its <main>. */
export async function renderPage(render: RenderFunction, job: PageJob, data: PageData): Promise<PageFile> {
  const { page, usedCards, usedPosts } = await renderBody(render, job.route, job.base, data)
  const html = fillShell(job.template, page)
  const scan = scanPage(job.route.file, html)
  if (scan.main) throw new CliError(`rendering ${job.route.url} produced an empty <main>`)
  return { file: job.route.file, html, scan, sha256: sha256Hex(html), usedCards, usedPosts }
}
