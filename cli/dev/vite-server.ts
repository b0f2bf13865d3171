import type { Server } from 'node:http'
import path from 'node:path'
import type { Logger as ViteLogger, Plugin, ViteDevServer } from 'vite'
import { siteConfigFile } from '../pipeline/vite-builds.ts'
import { siteDirectory } from '../paths.ts'

export type ViteMessage = { level: 'info' | 'warn' | 'error'; message: string }

export interface ViteOptions {
  /** The content root: its public/ folder is served as the site's. */
  root: string
  /** This session's generated folder (outside the site; the content plugin resolves imports to it). */
  generatedDir: string
  /** The server whose requests Vite's middlewares answer, and whose upgrades carry HMR. */
  httpServer: Server
  plugin: Plugin
  log: (message: ViteMessage) => void
}

/**
 * Vite on the site app (its vite.config, publicDir = <root>/public) in middleware mode: the dev
 * server owns the HTTP server and the process, so Vite installs no exit handlers of its own, and
 * close() stops it.
 */
export async function createViteServer(options: ViteOptions): Promise<ViteDevServer> {
  // Imported here: only a dev session pays for loading Vite.
  const { createServer, searchForWorkspaceRoot } = await import('vite')
  return createServer({
    configFile: siteConfigFile(siteDirectory),
    root: siteDirectory,
    base: '/',
    mode: 'development',
    appType: 'custom',
    publicDir: path.join(options.root, 'public'),
    clearScreen: false,
    customLogger: viteLogger(options.log),
    plugins: [options.plugin],
    server: {
      middlewareMode: true,
      ws: { server: options.httpServer },
      fs: { allow: [searchForWorkspaceRoot(siteDirectory), options.generatedDir, options.root] },
      watch: { ignored: [`${options.generatedDir}/**`] },
    },
  })
}

/** Vite's messages, handed on; the command decides where they go. */
function viteLogger(log: (message: ViteMessage) => void): ViteLogger {
  const warned = new Set<string>()
  const errors = new WeakSet<object>()
  const logger: ViteLogger = {
    hasWarned: false,
    info: (message) => log({ level: 'info', message }),
    warn: (message) => {
      logger.hasWarned = true
      log({ level: 'warn', message })
    },
    warnOnce: (message) => {
      if (warned.has(message)) return
      warned.add(message)
      logger.warn(message)
    },
    error: (message, options) => {
      if (options?.error) errors.add(options.error)
      log({ level: 'error', message })
    },
    clearScreen: () => {},
    hasErrorLogged: (error) => errors.has(error),
  }
  return logger
}
