import path from 'node:path'
import { codeCacheDirectory, loadCodeCachedBundle, type BundleSpec, type CodeCachedBundle } from './code-cached-bundle.ts'

/** beautiful-mermaid's renderer: Mermaid source → SVG text. */
export type RenderMermaidSvg = (source: string) => string

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
const FORMAT = 1

let loading: Promise<RenderMermaidSvg> | undefined
/** The loaded bundle's saveCodeCache (see CodeCachedBundle). */
let saveCodeCache: (() => void) | undefined

/**
 * The renderer, loaded once per thread: from the cached bundle (made on first use) when it can be,
 * else by importing the package, which renders the same diagrams, only slower to start.
 */
export function loadMermaid(): Promise<RenderMermaidSvg> {
  loading ??= loadBundledMermaid(mermaidRuntimeDirectory)
    .catch(() => undefined)
    .then(async (bundled) => {
      saveCodeCache = bundled?.saveCodeCache
      return bundled?.render ?? (await import('beautiful-mermaid')).renderMermaidSVG
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

export interface BundledMermaid {
  render: RenderMermaidSvg
  /** Whether V8 took the code cache found beside the bundle. */
  codeCache: CodeCachedBundle['codeCache']
  saveCodeCache: CodeCachedBundle['saveCodeCache']
}

const BUNDLE: BundleSpec = { name: 'mermaid-runtime', format: FORMAT, entry: "export { renderMermaidSVG } from 'beautiful-mermaid'", packages: ['beautiful-mermaid'] }

/** The renderer from the bundle in `directory` (bundled first when missing or damaged), with its code cache. */
export async function loadBundledMermaid(directory: string): Promise<BundledMermaid | undefined> {
  const bundle = loadCodeCachedBundle(BUNDLE, directory)
  const render = bundle.exports.renderMermaidSVG
  if (typeof render !== 'function') return undefined
  return { render: render as RenderMermaidSvg, codeCache: bundle.codeCache, saveCodeCache: bundle.saveCodeCache }
}
