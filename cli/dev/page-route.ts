import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Connect, ErrorPayload, ViteDevServer } from 'vite'
import { fillShell, type RenderFunction, type RenderLanguage } from '../pipeline/render-page.ts'
import type { ContentSession } from './content-session.ts'
import type { ContentView } from './content-view.ts'

/** What the dev server knows about the content, shared by its routes and its plugin. */
export interface ContentState {
  /** True once a run succeeded, so the site has modules to render. */
  generated: boolean
  /** The current content error; shown as the overlay (also to pages opened later) until fixed. */
  problem: ErrorPayload['err'] | undefined
}

const WAITING_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Content has errors</title></head>
  <body><p>The content has errors (see the terminal). This page reloads when they are fixed.</p></body>
</html>
`

export interface PageRouteOptions {
  siteDirectory: string
  session: ContentSession
  state: ContentState
  /** Settles when the content's first run has ended: pages wait for it rather than show the waiting page. */
  firstRun: Promise<unknown>
}

/**
 * Every page server-rendered with entry-server's render() and put into index.html by the build's
 * own fillShell, so entry-client hydrates the same markup it hydrates in production. Case studies
 * studies, cards and posts (drafts too) come from the session's content in memory, as the data
 * routes serve them.
 */
export function pageRoute(server: ViteDevServer, options: PageRouteOptions): Connect.NextHandleFunction {
  return (req, res, next) => {
    renderPage(server, options, req, res).catch((error: unknown) => {
      if (error instanceof Error) server.ssrFixStacktrace(error)
      next(error)
    })
  }
}

const parsed = <T>(json: string | undefined): T | undefined => (json === undefined ? undefined : JSON.parse(json))

async function renderPage(
  server: ViteDevServer,
  { siteDirectory, session, state, firstRun }: PageRouteOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  await firstRun
  if (!state.generated) {
    res
      .writeHead(503, { 'content-type': 'text/html; charset=utf-8' })
      .end(await server.transformIndexHtml(url, WAITING_PAGE))
    return
  }
  const template = await server.transformIndexHtml(url, await readFile(path.join(siteDirectory, 'index.html'), 'utf8'))
  const { render } = (await server.ssrLoadModule('/src/entry-server.tsx')) as { render: RenderFunction }
  const request = pageRequest(session, new URL(url, 'http://localhost').pathname)
  const { view, language } = request
  const lookups = [
    async (id: string) => view?.project(id) ?? null,
    async () => view?.cards() ?? [],
    async () => parsed<unknown[]>(view?.postsIndex()) ?? [],
    async (slug: string) => parsed(view?.post(slug)) ?? null,
  ] as const
  // A one-language site's pages are rendered as they always were: without a language.
  const page = await (language ? render(request.url, '/', ...lookups, language) : render(request.url, '/', ...lookups))
  res
    .writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(fillShell(template, page))
}

/** A page asked for: its URL in its language's site, the data it reads, and its language as the build renders it. */
interface PageRequest {
  /** The path under the language's prefix (`/fr/projects/ledger` → `/projects/ledger`). */
  url: string
  view: ContentView | undefined
  /** On a site with several languages: the page's language and hreflang set (a page not listed: its language's 404 page's). */
  language?: RenderLanguage
}

/**
 * Which language a path is in (`/<tag>/…` for a language of site.languages, else the default), and
 * its page among the routes the build lists (languageRoutes), so its head has the same hreflang set,
 * canonical and untranslated notice as the built page.
 */
export function pageRequest(
  session: Pick<ContentSession, 'routes' | 'view' | 'language'>,
  pathname: string,
): PageRequest {
  const [, first = '', rest] = /^\/([^/]+)(\/.*)?$/.exec(pathname) ?? []
  const language = session.language(safeDecode(first))
  const url = language ? rest || '/' : pathname
  const routes = session.routes()
  const own = routes && (language ? routes.get(language.tag) : routes.values().next().value)
  const path = url.length > 1 ? url.replace(/\/+$/, '') : url
  const route = own && (own.find((r) => r.url === path) ?? own.find((r) => r.status === 404))
  const view = language ?? session.view()
  if (!route?.language) return { url, view }
  const inLanguage = language
    ? { portfolio: language.portfolio, shownIn: language.shownIn, ownFeeds: language.ownFeeds }
    : {}
  return { url, view, language: { ...route.language, ...inLanguage } }
}

const safeDecode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
