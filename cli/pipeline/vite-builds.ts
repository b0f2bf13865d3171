import path from 'node:path'
import type { InlineConfig, Plugin } from 'vite'
import type { VirtualFile } from '../generate/generate-content.ts'

/**
 * The app's two Vite builds: the browser bundle, then the server bundle the prerender renders pages
 * with. Vite loads the site's own vite.config.ts; the options here are only what the CLI decides.
 */

/** The server bundle's entry in serverDir: an ES module, whatever package.json sits above it. */
export const SERVER_ENTRY = 'entry-server.mjs'

export interface ViteBuildRequest {
  siteDirectory: string
  base: string
  clientDir: string
  serverDir: string
  /** This build's content modules (content.ts, chat.ts, types.ts), which the site imports from src/generated/. */
  generated: readonly VirtualFile[]
}

export function siteConfigFile(siteDirectory: string): string {
  return path.join(siteDirectory, 'vite.config.ts')
}

function sharedConfig(request: ViteBuildRequest): InlineConfig {
  return {
    configFile: siteConfigFile(request.siteDirectory),
    root: request.siteDirectory,
    base: request.base,
    logLevel: 'warn',
    // The content's public/ folder is the site folder's first layer (site-folder.ts), outside the cached app build.
    publicDir: false,
    // A site build is always a production build, even when the caller runs with NODE_ENV=test (vitest)
    // or development: otherwise React's development build would ship to visitors.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [generatedModules(request.siteDirectory, request.generated)],
  }
}

/**
 * The site imports its content as `./generated/…`. A build answers those imports with its own
 * modules, never with what site/src/generated/ holds on disk: that folder is shared by every build
 * of one install (two at once would each bundle whichever content was written last), and
 * `portfolio generate` and the dev tools write it for the editor. The modules keep the ids they
 * would have on disk, so the bundles are the same bytes either way.
 */
function generatedModules(siteDirectory: string, files: readonly VirtualFile[]): Plugin {
  const folder = path.join(siteDirectory, 'src', 'generated')
  const modules = new Map(files.map((file) => [path.join(folder, ...file.path.split('/')), file.contents]))
  return {
    name: 'portfolio:generated-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return undefined
      const target = path.resolve(path.dirname(importer.replace(/[?#].*$/, '')), source)
      const relative = path.relative(folder, target)
      if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
      if (!modules.has(target)) this.error(`the build generated no module src/generated/${relative}`)
      return target
    },
    load(id) {
      return modules.get(id)
    },
  }
}

/** The browser bundle: what visitors download (index.html is the pages' HTML shell). */
function clientBuildConfig(request: ViteBuildRequest): InlineConfig {
  return { ...sharedConfig(request), build: { outDir: request.clientDir, emptyOutDir: true } }
}

/**
 * The server bundle of entry-server, which the prerender imports (load-server-entry.ts). Its packages
 * stay external, as Vite leaves them: bundling React's server renderer in makes this build many
 * times slower.
 */
function serverBuildConfig(request: ViteBuildRequest): InlineConfig {
  return {
    ...sharedConfig(request),
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: request.serverDir,
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } },
    },
  }
}

/** Runs the client build, then the server build; rejects with what Vite threw. */
export async function runViteBuilds(request: ViteBuildRequest): Promise<void> {
  // Loaded here, not at the top: only a build that runs Vite pays for loading it.
  const { build } = await import('vite')
  await build(clientBuildConfig(request))
  await build(serverBuildConfig(request))
}
