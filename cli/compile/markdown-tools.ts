import { createRequire } from 'node:module'
import path from 'node:path'
import type { HLJSApi, LanguageFn } from 'highlight.js'
import type sanitize from 'sanitize-html'
import { codeCacheDirectory, loadCodeCachedBundle, type BundleSpec } from './code-cached-bundle.ts'

/** What compiling markdown uses besides marked: highlight.js and sanitize-html. */
export interface MarkdownTools {
  hljs: HLJSApi
  sanitizeHtml: typeof sanitize
}

/**
 * highlight.js's common languages, plus nginx and dockerfile (deployment languages case studies show
 * that the common set lacks), and sanitize-html (with postcss, which it loads for style rules):
 * ~90 ms to import the usual way on every run, a fifth of a rebuild after one edit.
 */
export const MARKDOWN_TOOLS_BUNDLE: BundleSpec = {
  name: 'markdown-tools',
  format: 1,
  entry: [
    "export { default as hljs } from 'highlight.js/lib/common'",
    "export { default as nginx } from 'highlight.js/lib/languages/nginx'",
    "export { default as dockerfile } from 'highlight.js/lib/languages/dockerfile'",
    "export { default as sanitizeHtml } from 'sanitize-html'",
  ].join('\n'),
  packages: ['highlight.js', 'sanitize-html'],
}

let tools: MarkdownTools | undefined
/** The loaded bundle's saveCodeCache (see CodeCachedBundle). */
let saveCodeCache: (() => void) | undefined

/**
 * The tools, loaded once per thread: from a code-cached bundle (code-cached-bundle.ts) when it can be,
 * else from the packages, which work the same, only slower to load.
 */
export function markdownTools(): MarkdownTools {
  if (tools) return tools
  let loaded: Record<string, unknown> | undefined
  try {
    const bundle = loadCodeCachedBundle(MARKDOWN_TOOLS_BUNDLE, path.join(codeCacheDirectory, 'markdown-tools'))
    loaded = bundle.exports
    saveCodeCache = bundle.saveCodeCache
  } catch {
    // No bundle (esbuild missing, a read-only cache folder…): the packages themselves, below.
  }
  if (!isTools(loaded)) {
    const require = createRequire(import.meta.url)
    loaded = {
      hljs: require('highlight.js/lib/common') as unknown,
      nginx: require('highlight.js/lib/languages/nginx') as unknown,
      dockerfile: require('highlight.js/lib/languages/dockerfile') as unknown,
      sanitizeHtml: require('sanitize-html') as unknown,
    }
    saveCodeCache = undefined
  }
  if (!isTools(loaded)) throw new Error('highlight.js or sanitize-html did not load')
  loaded.hljs.registerLanguage('nginx', loaded.nginx)
  loaded.hljs.registerLanguage('dockerfile', loaded.dockerfile)
  tools = { hljs: loaded.hljs, sanitizeHtml: loaded.sanitizeHtml }
  return tools
}

/**
 * Writes the bundle's code cache once markdown has been compiled with it (so the code that ran is
 * in it), if the cache was missing or refused. Cheap to call after every compile: only the first
 * call after a load does anything.
 */
export function saveMarkdownToolsCodeCache(): void {
  saveCodeCache?.()
}

function isTools(value: Record<string, unknown> | undefined): value is { hljs: HLJSApi; nginx: LanguageFn; dockerfile: LanguageFn; sanitizeHtml: typeof sanitize } {
  const hljs = value?.hljs as Partial<HLJSApi> | undefined
  return typeof hljs?.highlight === 'function' && typeof hljs.registerLanguage === 'function' && typeof value?.nginx === 'function' && typeof value.dockerfile === 'function' && typeof value.sanitizeHtml === 'function'
}
