import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type AliasOptions, type Plugin } from 'vite'

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

/**
 * react-router's production build ends many components and contexts with top-level statements such
 * as `Link.displayName = "Link"` and `var X = React.memo(Y)` without a pure annotation. A bundler
 * must keep such statements (they might have side effects), and with them every component they
 * name and everything those reach: NavLink, Form, fetchers, ScrollRestoration, framework-mode
 * prefetching… none of which this site uses. For the client build only, drop the displayName
 * assignments (they only name components in React DevTools) and mark those calls pure, so unused
 * parts are tree-shaken. If the file's layout changes, the patterns simply stop matching.
 */
function treeShakeableReactRouter(): Plugin {
  const routerFile = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/
  return {
    name: 'tree-shakeable-react-router',
    apply: 'build',
    // The filter keeps rolldown from calling this hook (and copying each module's code into
    // JavaScript) for the hundreds of modules it does not touch.
    transform: {
      filter: { id: routerFile },
      handler(code, _id, options) {
        if (options?.ssr) return null
        const next = code
          .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:memo|forwardRef|createContext)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
        return next === code ? null : { code: next, map: null }
      },
    },
  }
}

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
export default defineConfig(({ mode, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Static files (resume PDF, images) live in the repository's top-level public/ folder.
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  plugins: [serverBuildWithoutStyles(), react(), treeShakeableReactRouter()],
  // JSX compiles for the mode, not for NODE_ENV: a production build started under NODE_ENV=test
  // (vitest) must not emit jsxDEV calls, which React's production build does not have.
  oxc: { jsx: { development: mode !== 'production' } },
  resolve: { alias: mode === 'production' && !isSsrBuild ? productionRouterAlias() : [] },
}))
