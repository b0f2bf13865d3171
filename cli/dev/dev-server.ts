import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { ErrorPayload, Logger as ViteLogger, ViteDevServer } from 'vite'
import { formatDiagnostics } from '../diagnostics/format.ts'
import { CliError } from '../errors.ts'
import { contentPlugin, type ContentState } from './dev-plugin.ts'
import { runGenerate, type GenerateResult } from '../build/run.ts'
import { siteDirectory } from '../paths.ts'
import { siteConfigFile } from '../build/vite-builds.ts'

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
  /** After every validate + generate: the initial one (`first`) and one per content change. */
  | { type: 'content'; result: GenerateResult; first: boolean; changedFile?: string }
  /** The content could not be read at all (e.g. portfolio.yaml was deleted while watching). */
  | { type: 'failure'; error: unknown }
  /** Vite's own messages (hmr update, page reload, errors in site code). */
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string }

export interface DevServer {
  /** e.g. http://127.0.0.1:5173/ */
  url: string
  close(): Promise<void>
}

/** Content files the dev server watches, relative to the content root. */
const isContentFile = (rel: string) =>
  rel === 'portfolio.yaml' || /^projects\/[^/]+\.ya?ml$/.test(rel) || rel.startsWith('public/')

/**
 * `portfolio dev`: validate + generate into a private folder, then serve site/ with Vite (same
 * vite.config, publicDir = <root>/public), server-rendering every page like the production build.
 * Content edits re-validate and regenerate; changed modules reach the open page through HMR; invalid
 * content shows Vite's error overlay until it is fixed.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const emit = options.onEvent ?? (() => {})
  const root = path.resolve(options.root)
  // Generated modules go to a folder of their own, never into site/src/generated/: a dev session
  // on one content root cannot clobber what `portfolio build` (or another dev session) uses.
  const generatedDir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-dev-'))
  const state: ContentState = { generated: false, problem: undefined }
  let server: ViteDevServer | undefined

  const regenerate = async (changedFile?: string): Promise<void> => {
    const result = await runGenerate(root, generatedDir)
    emit({ type: 'content', result, first: changedFile === undefined, ...(changedFile ? { changedFile } : {}) })
    if (!result.compiled) return report(overlayError(result, root))
    const recovered = state.problem !== undefined
    const first = !state.generated
    state.problem = undefined
    state.generated = true
    if (!server) return
    if (first) return server.ws.send({ type: 'full-reload', path: '*' })
    if (recovered) server.ws.send({ type: 'custom', event: 'portfolio:recovered' })
    // Hand the changed modules to Vite's HMR (the watcher ignores this folder, so nothing fires twice).
    for (const rel of result.written) {
      const file = path.join(generatedDir, rel)
      // Cards and case-study data are fetched, not imported: the page showing them is told to load them again.
      const posix = rel.split(path.sep).join('/')
      const project = /^projects\/(.+)\.json$/.exec(posix)
      if (project)
        server.ws.send({
          type: 'custom',
          event: 'portfolio:project-changed',
          data: { id: decodeURIComponent(project[1] ?? '') },
        })
      else if (posix === 'cards.json') server.ws.send({ type: 'custom', event: 'portfolio:cards-changed' })
      else server.watcher.emit(existsSync(file) ? 'change' : 'unlink', file)
    }
  }
  const report = (err: ErrorPayload['err']) => {
    state.problem = err
    server?.ws.send({ type: 'error', err })
  }

  const viteExitHooks = listenersOf()
  try {
    await regenerate() // throws CliError when there is no portfolio.yaml: nothing to serve
    // Imported here: only a dev session pays for loading Vite.
    const { createServer, searchForWorkspaceRoot } = await import('vite')
    server = await createServer({
      configFile: siteConfigFile(siteDirectory),
      root: siteDirectory,
      base: '/',
      mode: 'development',
      appType: 'custom',
      publicDir: path.join(root, 'public'),
      // Without generated modules the dependency scan cannot follow the site's imports: skip it; Vite
      // discovers the dependencies on the first page load once the content is fixed.
      ...(state.generated ? {} : { optimizeDeps: { entries: [] } }),
      clearScreen: false,
      customLogger: viteLogger(emit),
      plugins: [contentPlugin({ siteDirectory, generatedDir, state, root })],
      server: {
        host: options.host ?? '127.0.0.1',
        port: options.port,
        strictPort: false,
        fs: { allow: [searchForWorkspaceRoot(siteDirectory), generatedDir, root] },
        watch: { ignored: [`${generatedDir}/**`] },
      },
    })
    // Vite exits the process itself on SIGTERM or when stdin ends; the command decides when to stop,
    // and close() cleans up first. Drop the listeners Vite just added.
    viteExitHooks.removeAdded()
    await server.listen()
  } catch (error) {
    await server?.close()
    await rm(generatedDir, { recursive: true, force: true })
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' || (error as NodeJS.ErrnoException).code === 'EACCES') {
      throw new CliError(
        `cannot listen on ${options.host ?? '127.0.0.1'}:${options.port}: ${(error as NodeJS.ErrnoException).code}`,
        'Choose another port with --port.',
        { cause: error },
      )
    }
    throw error
  }
  const dev = server

  // Watch the content; serialise runs, coalescing the bursts editors produce when they save.
  dev.watcher.add([path.join(root, 'portfolio.yaml'), path.join(root, 'projects'), path.join(root, 'public')])
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let pending: string | undefined
  const drain = async () => {
    while (pending !== undefined) {
      const file = pending
      pending = undefined
      await regenerate(file).catch((error: unknown) => {
        emit({ type: 'failure', error })
        report({ message: error instanceof Error ? error.message : String(error), stack: '', plugin: 'portfolio' })
      })
    }
  }
  dev.watcher.on('all', (_event, file) => {
    const rel = path.relative(root, file).split(path.sep).join('/')
    if (rel.startsWith('..') || !isContentFile(rel)) return
    pending = rel
    clearTimeout(timer)
    timer = setTimeout(() => {
      if (running) return // the loop picks `pending` up when the current run ends
      running = drain().finally(() => (running = undefined))
    }, 40)
  })

  const address = dev.httpServer?.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/`,
    async close() {
      clearTimeout(timer)
      pending = undefined
      await running
      await dev.close()
      await rm(generatedDir, { recursive: true, force: true })
    },
  }
}

/** Snapshot of the process's SIGTERM and stdin 'end' listeners, to remove the ones added after it. */
function listenersOf() {
  const sigterm = new Set(process.listeners('SIGTERM'))
  const stdinEnd = new Set(process.stdin.listeners('end'))
  return {
    removeAdded() {
      for (const listener of process.listeners('SIGTERM')) if (!sigterm.has(listener)) process.off('SIGTERM', listener)
      for (const listener of process.stdin.listeners('end'))
        if (!stdinEnd.has(listener)) process.stdin.off('end', listener as () => void)
    },
  }
}

/** Vite's error overlay for content errors: the pretty report (no colour), pointing at the first error. */
export function overlayError(
  result: Pick<GenerateResult, 'diagnostics' | 'sources' | 'fileCount'>,
  root: string,
): ErrorPayload['err'] {
  const first = result.diagnostics.find((d) => d.severity === 'error') ?? result.diagnostics[0]
  const message = formatDiagnostics(result.diagnostics, 'pretty', {
    color: false,
    sources: result.sources,
    fileCount: result.fileCount,
  })
  if (!first) return { message, stack: '', plugin: 'portfolio' }
  return {
    message,
    stack: '',
    plugin: 'portfolio',
    id: `${first.file}:${first.line}:${first.column}`,
    loc: { file: path.join(root, first.file), line: first.line, column: first.column },
  }
}

/** Vite's messages become events; the command decides where they go. */
function viteLogger(emit: (event: DevEvent) => void): ViteLogger {
  const warned = new Set<string>()
  const errors = new WeakSet<object>()
  const logger: ViteLogger = {
    hasWarned: false,
    info: (message) => emit({ type: 'log', level: 'info', message }),
    warn: (message) => {
      logger.hasWarned = true
      emit({ type: 'log', level: 'warn', message })
    },
    warnOnce: (message) => {
      if (warned.has(message)) return
      warned.add(message)
      logger.warn(message)
    },
    error: (message, options) => {
      if (options?.error) errors.add(options.error)
      emit({ type: 'log', level: 'error', message })
    },
    clearScreen: () => {},
    hasErrorLogged: (error) => errors.has(error),
  }
  return logger
}
