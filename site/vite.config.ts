import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * The server build renders markup only: the pages take their styles from the client build's CSS.
 * Its style imports are answered with an empty module, so it does not load and run Vite's CSS
 * pipeline (~25 ms of a shipped build's app build) for stylesheets it would not emit.
 */
function serverBuildWithoutStyles(): Plugin {
  const EMPTY = '\0server-build-style'
  return {
    name: 'server-build-without-styles',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    resolveId: { filter: { id: /\.css$/ }, handler: () => EMPTY },
    load: { filter: { id: /^\0server-build-style$/ }, handler: () => '' },
  }
}

// Paths are resolved from this file, so the config works from any working directory. The CLI
// passes `base`, `build.outDir` and `build.ssr` itself; nothing here depends on them.
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Static files (resume PDF, images) live in the repository's top-level public/ folder.
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  plugins: [serverBuildWithoutStyles(), react()],
  // JSX compiles for the mode, not for NODE_ENV: a production build started under NODE_ENV=test
  // (vitest) must not emit jsxDEV calls, which React's production build does not have.
  oxc: { jsx: { development: mode !== 'production' } },
  // One copy of the router however the server bundle is loaded. react-router-dom 6 has no package
  // exports: under Vitest's module runner (the e2e setup prerenders in its own thread) the app's
  // `react-router-dom` resolves to its ES build by the `module` field, while `react-router-dom/server.mjs`
  // (StaticRouter), loaded by Node, gets the CommonJS build: two sets of router contexts, and
  // "useLocation() may be used only in the context of a <Router>".
  ssr: { noExternal: ['react-router', 'react-router-dom', '@remix-run/router'] },
  // Every browser the site supports preloads modules natively (Chrome 66, Safari 17, Firefox 115):
  // Vite's polyfill for the others would be half a kilobyte in every first visit.
  build: { modulePreload: { polyfill: false } },
}))
