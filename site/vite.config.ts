import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type AliasOptions, type Plugin } from 'vite'

/** JSON is TypeScript; escaped as the generator does, so the text is safe wherever it is inlined. */
function literal(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').replace(/<\/script/gi, '<\\/script')
}

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
    transform(code, id, options) {
      if (options?.ssr || !routerFile.test(id)) return null
      const next = code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var [A-Za-z_$][\w$]* = )(React\d*\.(?:memo|forwardRef|createContext)\()/gm, '$1/* @__PURE__ */ $2')
      return next === code ? null : { code: next, map: null }
    },
  }
}

/**
 * The generator writes the whole site-wide content, chat texts included, into generated/content.ts,
 * which every page loads. The chat texts (greeting, quick questions, answers: about a third of it)
 * are only needed once the visitor opens the chat. In builds, this moves `portfolio.chat` out of
 * content.ts into site/src/chat/chat-content.ts, which only the lazily loaded chat panel imports.
 * Site code reads the chat texts only through chat-content.ts, so the dev server (which skips this)
 * behaves the same. If content.ts ever stops having the expected shape, nothing is moved.
 * (Once the generator emits a separate generated/chat.ts, chat-content.ts re-exports it and this
 * plugin goes.)
 */
function splitChatContent(): Plugin {
  const contentFile = fileURLToPath(new URL('./src/generated/content.ts', import.meta.url))
  const chatFile = fileURLToPath(new URL('./src/chat/chat-content.ts', import.meta.url))
  const declaration = /^(export const portfolio: \w+ = )(\{[\s\S]*?\n\})$/m
  const split = (code: string): { content: string; chat: unknown } | null => {
    const match = declaration.exec(code)
    if (!match?.[1] || !match[2]) return null
    let portfolio: Record<string, unknown>
    try {
      portfolio = JSON.parse(match[2]) as Record<string, unknown>
    } catch {
      return null
    }
    if (!('chat' in portfolio)) return null
    const { chat, ...rest } = portfolio
    return { content: code.replace(declaration, () => `${match[1]}${literal(rest)}`), chat }
  }
  return {
    name: 'split-chat-content',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]
      if (file === contentFile) {
        const parts = split(code)
        return parts ? { code: parts.content, map: null } : null
      }
      if (file === chatFile) {
        const parts = split(readFileSync(contentFile, 'utf8'))
        if (!parts) return null
        this.addWatchFile(contentFile)
        return {
          code: `import type { Portfolio } from '../generated/types.ts'\n\nexport const chatContent: Portfolio['chat'] = ${literal(parts.chat)}\n`,
          map: null,
        }
      }
      return null
    },
  }
}

/**
 * `<html lang>` from the content's site.language (default en). Read from the generated content
 * module, which the CLI writes before every build. (entry-server's render() also returns `lang`,
 * so the prerender step could set it per page instead.)
 */
function htmlLanguage(): Plugin {
  const contentFile = fileURLToPath(new URL('./src/generated/content.ts', import.meta.url))
  return {
    name: 'html-language',
    transformIndexHtml(html) {
      let language = 'en'
      try {
        const match = /"site": \{[^{}]*?"language": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(contentFile, 'utf8'))
        const value: unknown = match?.[1] ? JSON.parse(match[1]) : undefined
        if (typeof value === 'string' && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value)) language = value
      } catch {
        // No generated content yet: keep the default.
      }
      return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    },
  }
}

// Paths are resolved from this file, so the config works from any working directory. The CLI
// passes `base`, `build.outDir` and `build.ssr` itself; nothing here depends on them.
export default defineConfig(({ mode, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Static files (resume PDF, images) live in the repository's top-level public/ folder.
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  plugins: [splitChatContent(), htmlLanguage(), react(), treeShakeableReactRouter()],
  // JSX compiles for the mode, not for NODE_ENV: a production build started under NODE_ENV=test
  // (vitest) must not emit jsxDEV calls, which React's production build does not have.
  oxc: { jsx: { development: mode !== 'production' } },
  resolve: { alias: mode === 'production' && !isSsrBuild ? productionRouterAlias() : [] },
}))
