import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type AliasOptions } from 'vite'

/**
 * react-router 7 resolves its development build for every bundler build (its package.json exports
 * only dist/development: remix-run/react-router#12532, #14102), which ships dev warnings and
 * extra bytes to visitors. Point production client builds at the production build it also ships;
 * fall back to the default resolution if a future version changes that layout.
 */
function productionRouterAlias(): AliasOptions {
  const developmentDir = dirname(createRequire(import.meta.url).resolve('react-router'))
  const productionDir = join(developmentDir, '..', 'production')
  const index = join(productionDir, 'index.mjs')
  const dom = join(productionDir, 'dom-export.mjs')
  if (!existsSync(index) || !existsSync(dom)) return []
  return [
    { find: /^react-router$/, replacement: index },
    { find: /^react-router\/dom$/, replacement: dom },
  ]
}

// Paths are resolved from this file, so the config works from any working directory. The CLI
// passes `base`, `build.outDir` and `build.ssr` itself; nothing here depends on them.
export default defineConfig(({ mode, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Static files (resume PDF, images) live in the repository's top-level public/ folder.
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  plugins: [react()],
  resolve: { alias: mode === 'production' && !isSsrBuild ? productionRouterAlias() : [] },
}))
