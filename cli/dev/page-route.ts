import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { Connect, ErrorPayload, ViteDevServer } from 'vite'
import { fillShell, type RenderFunction } from '../pipeline/render-page.ts'
import type { ContentSession } from './content-session.ts'

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
  const page = await render(
    new URL(url, 'http://localhost').pathname,
    '/',
    async (id) => session.project(id) ?? null,
    async () => session.cards() ?? [],
    async () => parsed(session.postsIndex()) ?? [],
    async (slug) => parsed(session.post(slug)) ?? null,
  )
  res
    .writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(fillShell(template, page))
}
