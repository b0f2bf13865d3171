import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { EnvironmentModuleNode, ErrorPayload, Plugin, ViteDevServer } from 'vite'
import { pageDataScript } from '../generate/project-data.ts'

/** What the dev server knows about the content, shared with the plugin. */
export interface ContentState {
  /** True once a generation succeeded, so the site has modules to render. */
  generated: boolean
  /** The current content error; shown as the overlay (also to pages opened later) until fixed. */
  problem: ErrorPayload['err'] | undefined
}

export interface ContentPluginOptions {
  siteDirectory: string
  /** Where this dev session generates its content modules. */
  generatedDir: string
  state: ContentState
  /** The content root: the resume is made from it on request, as the build makes it. */
  root: string
}

type Render = (
  url: string,
  base: string,
  projects: (id: string) => Promise<unknown>,
  cards: () => Promise<unknown[]>,
) => Promise<{ html: string; head: string; status: number; lang?: string; data?: unknown }>

const DEV_CLIENT_URL = '/@portfolio/dev-client.js'
const DEV_CLIENT_ID = '\0portfolio-dev-client'
/** Runs in the page: re-shows the current content error on load, and closes the overlay on recovery. */
const DEV_CLIENT_CODE = `
if (import.meta.hot) {
  import.meta.hot.on('portfolio:recovered', () => {
    for (const overlay of document.querySelectorAll('vite-error-overlay')) overlay.close()
  })
  import.meta.hot.send('portfolio:hello')
}
`
const WAITING_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Content has errors</title></head>
  <body><p>The content has errors (see the terminal). This page reloads when they are fixed.</p></body>
</html>
`

/**
 * The dev server's link to the content:
 * - imports of site/src/generated/* resolve to this session's generated folder;
 * - every page is server-rendered with entry-server's render(), as the production build does, so
 *   entry-client hydrates the same markup it hydrates in production;
 * - a changed content module updates the React components that show it (HMR, no reload).
 */
export function contentPlugin({ siteDirectory, generatedDir, state, root }: ContentPluginOptions): Plugin {
  const siteGenerated = path.join(siteDirectory, 'src', 'generated')
  const indexHtml = path.join(siteDirectory, 'index.html')
  return {
    name: 'portfolio:content',
    enforce: 'pre',
    apply: 'serve',

    resolveId(source, importer) {
      if (source === DEV_CLIENT_URL) return DEV_CLIENT_ID
      if (!importer || !source.startsWith('.')) return undefined
      const target = path.resolve(path.dirname(stripQuery(importer)), stripQuery(source))
      const rel = path.relative(siteGenerated, target)
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined
      return path.join(generatedDir, rel)
    },

    load(id) {
      return id === DEV_CLIENT_ID ? DEV_CLIENT_CODE : undefined
    },

    transformIndexHtml: () => [{ tag: 'script', attrs: { type: 'module', src: DEV_CLIENT_URL }, injectTo: 'head' }],

    configureServer(server) {
      server.ws.on('portfolio:hello', (_data: unknown, client) => {
        if (state.problem) client.send({ type: 'error', err: state.problem })
      })
      // Returned: runs after Vite's own middlewares (modules, @fs, public/), so only pages reach it.
      // Project cards, case-study data and the chat's index, fetched by the browser on client-side navigation, as the build writes them.
      server.middlewares.use((req, res, next) => {
        const resume = /^\/resume\.(pdf|json)(?:[?#].*)?$/.exec(req.url ?? '')?.[1]
        if (resume) {
          // Made from the content on request (from the store when unchanged); a hand-made resume.file falls through to public/.
          import('../resume/make-resume.ts')
            .then(({ makeResumeOf }) => makeResumeOf(root))
            .then((made) => {
              if (!made?.files) return next()
              const body = resume === 'pdf' ? made.files.pdf : made.files.json
              res
                .writeHead(200, {
                  'content-type': resume === 'pdf' ? 'application/pdf' : 'application/json',
                  'cache-control': 'no-store',
                })
                .end(body)
            }, next)
          return
        }
        if (/^\/data\/cards\.json(?:[?#].*)?$/.test(req.url ?? '')) {
          readCards().then(
            (cards) =>
              void res
                .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
                .end(JSON.stringify(cards)),
            next,
          )
          return
        }
        // The chat's overview and project passages, as generate wrote them (chat.json, chat/<id>.json).
        const chat = /^\/data\/(chat(?:\/[^/?#]+)?\.json)(?:[?#].*)?$/.exec(req.url ?? '')
        if (chat?.[1]) {
          readFile(path.join(generatedDir, chat[1]), 'utf8').then(
            (data) =>
              void res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(data),
            () => void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such chat data'),
          )
          return
        }
        const match = /^\/data\/projects\/([^/?#]+)\.json(?:[?#].*)?$/.exec(req.url ?? '')
        if (!match?.[1]) return next()
        readProject(decodeURIComponent(match[1])).then((project) => {
          if (!project) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such project')
          res
            .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
            .end(JSON.stringify(project))
        }, next)
      })
      return () => {
        server.middlewares.use((req, res, next) => {
          renderPage(server, req, res).catch((error: unknown) => {
            if (error instanceof Error) server.ssrFixStacktrace(error)
            next(error)
          })
        })
      }
    },

    /**
     * A content module changed. Vite would walk up its importers, reach entry-client (which accepts
     * nothing) and reload the page. Instead, update the nearest self-accepting importers (React
     * Refresh boundaries: the components that show the content); they re-import the changed chain,
     * and React re-renders them keeping state. Entry modules are skipped: they read content once, at start.
     */
    hotUpdate({ file, modules, timestamp }) {
      if (!isInside(file, generatedDir)) return undefined
      const graph = this.environment.moduleGraph
      const invalidated = new Set<EnvironmentModuleNode>()
      const boundaries = new Set<EnvironmentModuleNode>()
      for (const mod of modules) {
        graph.invalidateModule(mod, invalidated, timestamp, true)
        collectBoundaries(mod, boundaries, new Set())
      }
      // The server render imports afresh whatever was invalidated; only the browser needs updates.
      return this.environment.name === 'client' ? [...boundaries] : []
    },
  }

  /** A case study from this session's generated folder (what `generate` wrote), or null. */
  async function readProject(id: string): Promise<Record<string, unknown> | null> {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return null
    const text = await readFile(path.join(generatedDir, 'projects', `${id}.json`), 'utf8').catch(() => undefined)
    return text === undefined ? null : (JSON.parse(text) as Record<string, unknown>)
  }

  /** The project cards from this session's generated folder. */
  async function readCards(): Promise<unknown[]> {
    return JSON.parse(await readFile(path.join(generatedDir, 'cards.json'), 'utf8')) as unknown[]
  }

  async function renderPage(server: ViteDevServer, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/'
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    if (!state.generated) {
      res
        .writeHead(503, { 'content-type': 'text/html; charset=utf-8' })
        .end(await server.transformIndexHtml(url, WAITING_PAGE))
      return
    }
    const template = await server.transformIndexHtml(url, await readFile(indexHtml, 'utf8'))
    const { render } = (await server.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }
    const page = await render(new URL(url, 'http://localhost').pathname, '/', readProject, readCards)
    let html = template
      .replace('<!--app-head-->', () => page.head + pageDataScript(page.data))
      .replace('<!--app-html-->', () => page.html)
    if (page.lang && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(page.lang))
      html = html.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  }
}

function collectBoundaries(
  mod: EnvironmentModuleNode,
  out: Set<EnvironmentModuleNode>,
  seen: Set<EnvironmentModuleNode>,
): void {
  for (const importer of mod.importers) {
    if (seen.has(importer)) continue
    seen.add(importer)
    if (importer.isSelfAccepting) out.add(importer)
    else collectBoundaries(importer, out, seen)
  }
}

const stripQuery = (id: string) => id.replace(/[?#].*$/, '')
const isInside = (file: string, dir: string) =>
  !path.relative(dir, file).startsWith('..') && !path.isAbsolute(path.relative(dir, file))
