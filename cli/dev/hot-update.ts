import { existsSync } from 'node:fs'
import path from 'node:path'
import type { DevEnvironment, EnvironmentModuleNode, HotUpdateOptions, ViteDevServer } from 'vite'
import type { ContentRun } from './content-session.ts'

/**
 * Tells the open pages what a run changed. Case studies, cards and posts are fetched, not imported:
 * the pages showing them are told to load them again (each from its language's folder), and the
 * pages in a language whose content changed are told to reload. Changed content modules go to Vite's HMR (the
 * watcher ignores the generated folder, so nothing fires twice).
 */
export function announceChanges(server: ViteDevServer, run: ContentRun, generatedDir: string): void {
  for (const id of run.changedProjects)
    server.ws.send({ type: 'custom', event: 'portfolio:project-changed', data: { id } })
  if (run.cardsChanged) server.ws.send({ type: 'custom', event: 'portfolio:cards-changed' })
  if (run.postsChanged) server.ws.send({ type: 'custom', event: 'portfolio:posts-changed' })
  // A language's page carries its portfolio and loaded its words once: its open pages load again.
  for (const lang of run.changedLanguages)
    server.ws.send({ type: 'custom', event: 'portfolio:language-changed', data: { lang } })
  for (const rel of run.written) {
    const file = path.join(generatedDir, rel)
    server.watcher.emit(existsSync(file) ? 'change' : 'unlink', file)
  }
}

/**
 * A content module changed. Vite would walk up its importers, reach entry-client (which accepts
 * nothing) and reload the page. Instead, update the nearest self-accepting importers (React
 * Refresh boundaries: the components that show the content); they re-import the changed chain,
 * and React re-renders them keeping state. Entry modules are skipped: they read content once, at start.
 */
export function contentBoundaries(
  environment: DevEnvironment,
  { file, modules, timestamp }: HotUpdateOptions,
  generatedDir: string,
): EnvironmentModuleNode[] | undefined {
  if (!isInside(file, generatedDir)) return undefined
  const invalidated = new Set<EnvironmentModuleNode>()
  const boundaries = new Set<EnvironmentModuleNode>()
  for (const mod of modules) {
    environment.moduleGraph.invalidateModule(mod, invalidated, timestamp, true)
    collectBoundaries(mod, boundaries, new Set())
  }
  // The server render imports afresh whatever was invalidated; only the browser needs updates.
  return environment.name === 'client' ? [...boundaries] : []
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

const isInside = (file: string, dir: string) =>
  !path.relative(dir, file).startsWith('..') && !path.isAbsolute(path.relative(dir, file))
