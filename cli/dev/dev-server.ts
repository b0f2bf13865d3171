import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { ErrorPayload, ViteDevServer } from 'vite'
import { openStore } from '../cache/store.ts'
import { requirePortfolioFile } from '../content/load-sources.ts'
import { siteDirectory } from '../paths.ts'
import { openContentSession, type ContentRun, type ContentSession } from './content-session.ts'
import { contentPlugin } from './dev-plugin.ts'
import { announceChanges } from './hot-update.ts'
import { listenFrom } from './listen.ts'
import { failureOverlay, overlayError } from './overlay.ts'
import type { ContentState } from './page-route.ts'
import { createViteServer, type ViteMessage } from './vite-server.ts'
import { watchContent } from './watch-queue.ts'

export interface DevServerOptions {
  /** Content root holding portfolio.yaml, projects/ and public/. */
  root: string
  /** 0 picks a free port; a busy port moves on to the next free one. */
  port: number
  /** @default '127.0.0.1' */
  host?: string
  /** Everything worth telling the person at the terminal, as data; the command prints it. */
  onEvent?: (event: DevEvent) => void
}

export type DevEvent =
  /** The server listens (pages wait for Vite and the content's first run). */
  | { type: 'listening'; url: string }
  /** After every run over the content: the first one (`first`) and one per change. */
  | { type: 'content'; result: ContentRun; first: boolean; changedFile?: string }
  /** The content could not be read at all (e.g. portfolio.yaml was deleted while watching). */
  | { type: 'failure'; error: unknown }
  /** Vite's own messages (hmr update, page reload, errors in site code). */
  | ({ type: 'log' } & ViteMessage)

export interface DevServer {
  /** e.g. http://127.0.0.1:5173/ */
  url: string
  close(): Promise<void>
}

/** How long the watcher waits for an editor's burst of events on a save to end. */
const QUIET_MS = 10

/**
 * `portfolio dev`: serves site/ with Vite (same vite.config, publicDir = <root>/public),
 * server-rendering every page like the production build. The server listens while Vite starts and
 * the content is read, checked and compiled for the first time; pages wait for both. Each content edit
 * then redoes only the files it touched (content-session.ts); changed modules and data reach the
 * open page through HMR; invalid content shows Vite's error overlay until it is fixed.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const emit = options.onEvent ?? (() => {})
  const root = path.resolve(options.root)
  const host = options.host ?? '127.0.0.1'
  await requirePortfolioFile(root) // nothing to serve without it
  // Generated modules go to a folder of their own, never into site/src/generated/: a dev session
  // on one content root cannot clobber what `portfolio build` (or another dev session) uses.
  const generatedDir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-dev-'))
  const store = openStore()
  const session = openContentSession(root, generatedDir, store)
  const content = contentRunner({ root, generatedDir, session, emit })
  const firstRun = content.run(undefined)
  // Changes run one at a time, after the first run.
  const watching = watchContent(root, (files) => firstRun.then(() => content.run(files)), QUIET_MS)
  const plugin = contentPlugin({
    ...{ siteDirectory, generatedDir, session, state: content.state, root },
    ...{ firstRun, modulesWritten: content.modulesWritten },
  })
  // The server listens while Vite starts too: a request waits for it.
  const httpServer = createServer((req, res) => {
    starting.then(
      (vite) => vite.middlewares(req, res),
      () => res.writeHead(503).end(),
    )
  })
  const log = (message: ViteMessage) => emit({ type: 'log', ...message })
  const starting = createViteServer({ root, generatedDir, httpServer, plugin, log })
  starting.catch(() => undefined) // awaited below; a request before that must not make it unhandled
  try {
    const stopWatching = await watching
    const url = `http://${host}:${await listenFrom(httpServer, host, options.port)}/`
    emit({ type: 'listening', url })
    content.attach(await starting)
    return {
      url,
      async close() {
        content.release()
        await stopWatching()
        await stop(starting, httpServer, firstRun, generatedDir)
        store.prune()
      },
    }
  } catch (error) {
    content.release()
    await (await watching.catch(() => undefined))?.()
    await stop(starting, httpServer, firstRun, generatedDir)
    throw error
  }
}

async function stop(
  starting: Promise<ViteDevServer>,
  httpServer: Server,
  firstRun: Promise<void>,
  generatedDir: string,
): Promise<void> {
  await firstRun
  await (await starting.catch(() => undefined))?.close()
  await new Promise<void>((resolve) => (httpServer.listening ? httpServer.close(() => resolve()) : resolve()))
  await rm(generatedDir, { recursive: true, force: true })
}

/**
 * Runs the content session and tells the terminal (events) and the open pages (Vite's HMR channel,
 * once attached) what it found. A run never throws: a failure is an event and an overlay.
 */
function contentRunner({
  root,
  generatedDir,
  session,
  emit,
}: {
  root: string
  generatedDir: string
  session: ContentSession
  emit: (event: DevEvent) => void
}) {
  const state: ContentState = { generated: false, problem: undefined }
  let modulesWritten = () => {}
  const modules = new Promise<void>((resolve) => (modulesWritten = resolve))
  let vite: ViteDevServer | undefined
  const report = (err: ErrorPayload['err']) => {
    state.problem = err
    vite?.ws.send({ type: 'error', err })
  }
  const show = (run: ContentRun) => {
    if (!run.compiled) return report(overlayError(run, root))
    const recovered = state.problem !== undefined
    const first = !state.generated
    state.problem = undefined
    state.generated = true
    modulesWritten()
    if (!vite) return
    // A page opened while the content had errors shows the waiting page: it loads again.
    if (first) return vite.ws.send({ type: 'full-reload', path: '*' })
    if (recovered) vite.ws.send({ type: 'custom', event: 'portfolio:recovered' })
    announceChanges(vite, run, generatedDir)
  }
  return {
    state,
    modulesWritten: modules,
    /** Lets whatever waits for the modules go on: the server is closing. */
    release: () => modulesWritten(),
    attach: (server: ViteDevServer) => void (vite = server),
    async run(files: string[] | undefined): Promise<void> {
      try {
        const result = await session.update()
        emit({ type: 'content', result, first: files === undefined, ...(files ? { changedFile: files.at(-1) } : {}) })
        show(result)
      } catch (error) {
        emit({ type: 'failure', error })
        report(failureOverlay(error))
      }
    },
  }
}
