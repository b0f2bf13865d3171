import path from 'node:path'
import type sanitize from 'sanitize-html'
import { codeCacheDirectory, loadCodeCachedBundle, type BundleSpec, type CodeCachedBundle } from './code-cached-bundle.ts'

/** beautiful-mermaid's renderer: Mermaid source → SVG text. */
export type RenderMermaidSvg = (source: string) => string

/**
 * What drawing a diagram needs: the renderer, and sanitize-html for its output. They load together
 * because a diagram worker needs nothing else: it used to load sanitize-html with highlight.js
 * (markdown-tools.ts), ~15 ms of a cold build's critical path spent registering languages it never uses.
 */
export interface MermaidRuntime {
  render: RenderMermaidSvg
  sanitizeHtml: typeof sanitize
}

/**
 * Why this exists: imported the usual way, the diagram renderer (beautiful-mermaid and elkjs, 2 MB of
 * JavaScript) takes ~0.3 s to load (Node sniffing elkjs's module format, lexing its CommonJS exports,
 * compiling it) and its first diagram another ~0.15 s (compiling the layout code it runs). A build
 * with one diagram paid both, more than the whole rest of compiling the content. So the renderer is
 * a code-cached bundle (code-cached-bundle.ts) whose code cache is taken after a build has drawn its
 * diagrams: later processes load it in ~30 ms with the layout code already compiled.
 */
export const mermaidRuntimeDirectory = path.join(codeCacheDirectory, 'mermaid')

/** Bumped when the bundling below changes, so an older bundle is never loaded. */
const FORMAT = 2

let loading: Promise<MermaidRuntime> | undefined
/** The loaded bundle's saveCodeCache (see CodeCachedBundle). */
let saveCodeCache: (() => void) | undefined

/**
 * The renderer, loaded once per thread: from the cached bundle (made on first use) when it can be,
 * else by importing the package, which renders the same diagrams, only slower to start.
 */
export function loadMermaid(): Promise<MermaidRuntime> {
  loading ??= loadBundledMermaid(mermaidRuntimeDirectory)
    .catch(() => undefined)
    .then(async (bundled) => {
      saveCodeCache = bundled?.saveCodeCache
      if (bundled) return { render: bundled.render, sanitizeHtml: bundled.sanitizeHtml }
      const [{ renderMermaidSVG }, { default: sanitizeHtml }] = await Promise.all([import('beautiful-mermaid'), import('sanitize-html')])
      return { render: renderMermaidSVG, sanitizeHtml }
    })
  return loading
}

/**
 * Writes V8's code cache of the bundled renderer once diagrams have been drawn with it (so the code
 * they ran is in it), if the cache was missing or refused. Cheap to call after every diagram: only
 * the first call after a load does anything.
 */
export function saveMermaidCodeCache(): void {
  saveCodeCache?.()
}

export interface BundledMermaid extends MermaidRuntime {
  /** Whether V8 took the code cache found beside the bundle. */
  codeCache: CodeCachedBundle['codeCache']
  saveCodeCache: CodeCachedBundle['saveCodeCache']
}

const BUNDLE: BundleSpec = {
  name: 'mermaid-runtime',
  format: FORMAT,
  entry: "export { renderMermaidSVG } from 'beautiful-mermaid'\nexport { default as sanitizeHtml } from 'sanitize-html'",
  packages: ['beautiful-mermaid', 'sanitize-html'],
}

/** The renderer from the bundle in `directory` (bundled first when missing or damaged), with its code cache. */
export async function loadBundledMermaid(directory: string): Promise<BundledMermaid | undefined> {
  const bundle = loadCodeCachedBundle(BUNDLE, directory)
  const { renderMermaidSVG: render, sanitizeHtml } = bundle.exports
  if (typeof render !== 'function' || typeof sanitizeHtml !== 'function') return undefined
  return { render: render as RenderMermaidSvg, sanitizeHtml: sanitizeHtml as typeof sanitize, codeCache: bundle.codeCache, saveCodeCache: bundle.saveCodeCache }
}
