import path from 'node:path'
import { build, type InlineConfig } from 'vite'
import { siteDirectory } from './run.ts'

export interface SiteBuildOptions {
  /** Content root: its public/ folder is copied as-is (resume PDF, images). */
  root: string
  base: string
  /** Where the browser bundle goes (the future site folder). */
  clientDir: string
  /** Where the server bundle goes (deleted after prerendering). */
  serverDir: string
}

/** Vite client build, then the server build of entry-server; both from the same site/ app. */
export async function buildSite(options: SiteBuildOptions): Promise<{ serverEntry: string }> {
  const shared: InlineConfig = {
    configFile: path.join(siteDirectory, 'vite.config.ts'),
    root: siteDirectory,
    base: options.base,
    logLevel: 'warn',
    publicDir: path.join(options.root, 'public'),
    // A site build is always a production build, even when the caller runs with NODE_ENV=test (vitest)
    // or development: otherwise React's development build would ship to visitors.
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }
  await build({ ...shared, build: { outDir: options.clientDir, emptyOutDir: true } })
  await build({ ...shared, publicDir: false, build: { ssr: 'src/entry-server.tsx', outDir: options.serverDir, emptyOutDir: true } })
  return { serverEntry: path.join(options.serverDir, 'entry-server.js') }
}
