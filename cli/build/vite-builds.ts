import path from 'node:path'
import type { InlineConfig, Plugin } from 'vite'

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
  /** The build's own folder of generated modules, imported in place of site/src/generated/ (see generatedModules). */
  generatedDir?: string
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
    // The content's public/ folder is copied in by buildSite, outside the cached app build.
    publicDir: false,
    // A site build is always a production build, even when the caller runs with NODE_ENV=test (vitest)
    // or development: otherwise React's development build would ship to visitors.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ...(request.generatedDir !== undefined
      ? { plugins: [generatedModules(request.siteDirectory, request.generatedDir)] }
      : {}),
  }
}

/**
 * Resolves the site's imports of its generated modules (site/src/generated/*) to a build's own
 * folder of them: two builds at once in one install (two portfolios, or tests) each bundle their
 * own content, and neither writes the other's modules. The generated modules import only each other.
 */
function generatedModules(siteDirectory: string, generatedDir: string): Plugin {
  const siteGenerated = path.join(siteDirectory, 'src', 'generated')
  return {
    name: 'portfolio:generated-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return undefined
      const target = path.resolve(path.dirname(importer.replace(/[?#].*$/, '')), source.replace(/[?#].*$/, ''))
      const relative = path.relative(siteGenerated, target)
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined
      return path.join(generatedDir, relative)
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
