import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { readSealedFile, writeSealedFile } from './cache-entries.ts'
import { packageVersions } from './compile-cache.ts'

/** beautiful-mermaid's renderer: Mermaid source → SVG text. */
export type RenderMermaidSvg = (source: string) => string

/**
 * Why this exists: imported the usual way, the diagram renderer (beautiful-mermaid and elkjs, 2 MB of
 * JavaScript) takes ~0.3 s to load (Node sniffing elkjs's module format, lexing its CommonJS exports,
 * compiling it) and its first diagram another ~0.15 s (compiling the layout code it runs). A build
 * with one diagram paid both, more than the whole rest of compiling the content. So the renderer is
 * bundled once into one CommonJS file, run as a vm.Script, and V8's code cache for it, taken after a
 * build has drawn its diagrams, is kept beside it: later processes load it in ~30 ms with the layout
 * code already compiled. Node 20 has no compile cache of its own (module.enableCompileCache is 22+).
 */
export const mermaidRuntimeDirectory = fileURLToPath(new URL('../../node_modules/.cache/portfolio/mermaid/', import.meta.url))

/** Bumped when the bundling below changes, so an older bundle is never loaded. */
const FORMAT = 1

let loading: Promise<RenderMermaidSvg> | undefined
/** Writes the code cache of the renderer this thread loaded, when it had none or V8 refused it. */
let saveCodeCache: (() => void) | undefined

/**
 * The renderer, loaded once per thread: from the cached bundle (made on first use) when it can be,
 * else by importing the package, which renders the same diagrams, only slower to start.
 */
export function loadMermaid(): Promise<RenderMermaidSvg> {
  loading ??= loadBundledMermaid(mermaidRuntimeDirectory)
    .catch(() => undefined)
    .then(async (bundled) => {
      if (bundled && bundled.codeCache !== 'used') saveCodeCache = bundled.saveCodeCache
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
  const save = saveCodeCache
  saveCodeCache = undefined
  save?.()
}

export interface BundledMermaid {
  render: RenderMermaidSvg
  /** Whether V8 took the code cache found beside the bundle. */
  codeCache: 'used' | 'missing' | 'damaged' | 'refused'
  /** Writes this script's code cache (with whatever code has run by now) beside the bundle. */
  saveCodeCache(): void
}

/** Names the bundle by everything it is made from: the renderer's packages, esbuild, Node and this format. */
function bundleKey(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const versions = packageVersions(['beautiful-mermaid', 'esbuild'], here).map(([name, version]) => `${name}@${version}`)
  return createHash('sha256').update(`mermaid-runtime ${FORMAT}\0${process.version}\0${process.arch}\0${versions.join('\0')}`).digest('hex').slice(0, 24)
}

/** The renderer from the bundle in `directory` (bundled first when missing or damaged), with its code cache. */
export async function loadBundledMermaid(directory: string): Promise<BundledMermaid | undefined> {
  const key = bundleKey()
  const bundleFile = path.join(directory, `${key}.cjs`)
  const codeCacheFile = path.join(directory, `${key}.v8-cache`)
  const sealed = readSealedFile(bundleFile)
  const code = typeof sealed === 'string' ? await writeBundle(bundleFile) : sealed.toString('utf8')
  const cachedData = readSealedFile(codeCacheFile)
  // V8 checks a code cache against this exact source, its own version and flags, and refuses
  // (cachedDataRejected) anything else; but it does not checksum the bytes, and damaged bytes can crash
  // the process, so only a cache whose own SHA-256 matches is handed to it.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: bundleFile, ...(typeof cachedData === 'string' ? {} : { cachedData }) })
  const module = { exports: {} as Record<string, unknown> }
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void
  run(module.exports, createRequire(bundleFile), module, bundleFile, directory)
  const render = module.exports.renderMermaidSVG
  if (typeof render !== 'function') return undefined
  return {
    render: render as RenderMermaidSvg,
    codeCache: typeof cachedData === 'string' ? cachedData : script.cachedDataRejected ? 'refused' : 'used',
    saveCodeCache: () => void writeSealedFile(codeCacheFile, script.createCachedData()),
  }
}

async function writeBundle(file: string): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    stdin: { contents: "export { renderMermaidSVG } from 'beautiful-mermaid'", resolveDir: path.dirname(fileURLToPath(import.meta.url)), loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]!.text
  writeSealedFile(file, code)
  return code
}
