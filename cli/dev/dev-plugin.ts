import path from 'node:path'
import type { Plugin } from 'vite'
import type { ContentSession } from './content-session.ts'
import { dataRoutes } from './data-routes.ts'
import { contentBoundaries } from './hot-update.ts'
import { pageRoute, type ContentState } from './page-route.ts'

export interface ContentPluginOptions {
  siteDirectory: string
  /** Where this dev session writes its content modules. */
  generatedDir: string
  session: ContentSession
  state: ContentState
  /** The content root: the resume is made from it on request, as the build makes it. */
  root: string
  /** Settles when the content's first run has ended (see startDevServer). */
  firstRun: Promise<unknown>
  /** Resolves once a run has written the content modules (or the server closes). */
  modulesWritten: Promise<unknown>
}

const DEV_CLIENT_URL = '/@portfolio/dev-client.js'
const DEV_CLIENT_ID = '\0portfolio-dev-client'
/**
 * Runs in the page: re-shows the current content error on load, closes the overlay on recovery, and
 * reloads a page in a language whose content changed (see announceChanges).
 */
const DEV_CLIENT_CODE = `
if (import.meta.hot) {
  import.meta.hot.on('portfolio:recovered', () => {
    for (const overlay of document.querySelectorAll('vite-error-overlay')) overlay.close()
  })
  import.meta.hot.on('portfolio:language-changed', (data) => {
    if (data && data.lang === document.documentElement.lang) location.reload()
  })
  import.meta.hot.send('portfolio:hello')
}
`

/**
 * The dev server's link to the content:
 * - imports of site/src/generated/* resolve to this session's generated folder, once the first run
 *   has written it;
 * - the data the browser fetches and every page come from the session (data-routes.ts, page-route.ts);
 * - a changed content module updates the React components that show it (HMR, no reload).
 */
export function contentPlugin(options: ContentPluginOptions): Plugin {
  const { siteDirectory, generatedDir, state, firstRun } = options
  const siteGenerated = path.join(siteDirectory, 'src', 'generated')
  return {
    name: 'portfolio:content',
    enforce: 'pre',
    apply: 'serve',

    async resolveId(source, importer) {
      if (source === DEV_CLIENT_URL) return DEV_CLIENT_ID
      if (!importer || !source.startsWith('.')) return undefined
      const target = path.resolve(path.dirname(stripQuery(importer)), stripQuery(source))
      const rel = path.relative(siteGenerated, target)
      if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return undefined
      // The server starts before the content is generated: an import of it (Vite's dependency scan,
      // the first page) waits until a run has written it, which for invalid content is once it is fixed.
      await options.modulesWritten
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
      server.middlewares.use(dataRoutes(options.session, options.root, firstRun))
      // Returned: runs after Vite's own middlewares (modules, @fs, public/), so only pages reach it.
      return () => void server.middlewares.use(pageRoute(server, { ...options, firstRun }))
    },

    hotUpdate(update) {
      return contentBoundaries(this.environment, update, generatedDir)
    },
  }
}

const stripQuery = (id: string) => id.replace(/[?#].*$/, '')
