import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { readSealedFile, removeOtherVersions, writeSealedFile } from '../cache/cache-entries.ts'

/**
 * Large dependencies loaded fast: bundled once into one CommonJS file, run as a vm.Script, with
 * V8's code cache for it kept beside it. Imported the usual way, Node resolves, reads, sniffs and
 * compiles every file of a package and its dependencies on each run (the diagram renderer ~0.3 s;
 * highlight.js and sanitize-html ~90 ms, a fifth of a rebuild after one edit); from the bundle with
 * its code cache, a few tens of ms, with the code the last run used already compiled. Node 20 has no
 * compile cache of its own (module.enableCompileCache is 22+).
 */
export const codeCacheDirectory = fileURLToPath(new URL('../../node_modules/.cache/portfolio/', import.meta.url))

export interface CodeCachedBundle {
  exports: Record<string, unknown>
  /** Whether V8 took the code cache found beside the bundle. */
  codeCache: 'used' | 'missing' | 'damaged' | 'refused'
  /**
   * Writes this script's code cache (with whatever code has run by now) beside the bundle, when V8
   * did not take the one found there; once. Cheap to call after every use: call it once the code the
   * next run needs has run.
   */
  saveCodeCache(): void
}

export interface BundleSpec {
  /** Names the bundle's files; bump `format` when `entry` or the bundling changes. */
  name: string
  format: number
  /** The bundle's entry module (ES module source), e.g. `export { x } from 'package'`. */
  entry: string
  /** The packages it bundles: their versions (and their dependencies') name the bundle. */
  packages: readonly string[]
  /** Replaced in the bundled code, as esbuild's `define` (e.g. NODE_ENV, to bundle one build of a package). */
  define?: Record<string, string>
}

/** How every bundle is written (see writeBundle): part of each bundle's key. */
const BUNDLING = 2

/** Names the bundle by everything it is made from: its packages, esbuild, Node and its format. */
function bundleKey(spec: BundleSpec): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const versions = packageVersions([...spec.packages, 'esbuild'], here).map(([name, version]) => `${name}@${version}`)
  const defined = Object.entries(spec.define ?? {}).map(([name, value]) => `\0${name}=${value}`)
  return createHash('sha256').update(`${spec.name} ${spec.format} ${BUNDLING}\0${process.version}\0${process.arch}\0${versions.join('\0')}${defined.join('')}`).digest('hex').slice(0, 24)
}

/** The bundle's exports from `directory` (bundled first when missing or damaged), with its code cache. Synchronous. */
export function loadCodeCachedBundle(spec: BundleSpec, directory: string): CodeCachedBundle {
  const key = bundleKey(spec)
  const bundleFile = path.join(directory, `${key}.cjs`)
  const codeCacheFile = path.join(directory, `${key}.v8-cache`)
  const sealed = readSealedFile(bundleFile)
  let code: string
  if (typeof sealed === 'string') {
    code = writeBundle(spec, bundleFile)
    // Each bundle has a folder of its own: whatever else is in it is an older version of it.
    removeOtherVersions(directory, /^[0-9a-f]{24}\.(?:cjs|v8-cache)$/, (name) => name.startsWith(key))
  } else {
    code = sealed.toString('latin1') // ASCII (see writeBundle)
  }
  const cachedData = readSealedFile(codeCacheFile)
  // V8 checks a code cache against this exact source, its own version and flags, and refuses
  // (cachedDataRejected) anything else; but it does not checksum the bytes, and damaged bytes can crash
  // the process, so only a cache whose own SHA-256 matches is handed to it.
  const script = new vm.Script(code, { filename: bundleFile, ...(typeof cachedData === 'string' ? {} : { cachedData }) })
  const module = { exports: {} as Record<string, unknown> }
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: unknown, filename: string, dirname: string) => void
  run(module.exports, createRequire(bundleFile), module, bundleFile, directory)
  const codeCache = typeof cachedData === 'string' ? cachedData : script.cachedDataRejected ? 'refused' : 'used'
  let saved = codeCache === 'used'
  return {
    exports: module.exports,
    codeCache,
    saveCodeCache: () => {
      if (saved) return
      saved = true
      writeSealedFile(codeCacheFile, script.createCachedData())
    },
  }
}

function writeBundle(spec: BundleSpec, file: string): string {
  // Loaded only here: a run that finds its bundles never needs esbuild.
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof import('esbuild')
  const result = buildSync({
    stdin: { contents: spec.entry, resolveDir: path.dirname(fileURLToPath(import.meta.url)), loader: 'js' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    ...(spec.define ? { define: spec.define } : {}),
    write: false,
    logLevel: 'silent',
  })
  const code = asciiOnly(`(function (exports, require, module, __filename, __dirname) {${result.outputFiles[0]!.text}\n})`)
  writeSealedFile(file, code)
  return code
}

/**
 * The bundle's code with every character past ASCII written as a \u escape (esbuild already escapes
 * those in strings and templates, not in comments or regular expressions): the same program, read
 * back as a one-byte string. One such character (an em dash in a comment) made V8 hold the whole
 * source as two bytes a character, converted and copied again when joined to the module wrapper:
 * loading the diagram renderer's 4 MB took 13 ms and ~4000 page faults more than it does now (5 ms),
 * on a cold build's critical path. The wrapper is written into the file for the same reason.
 */
export function asciiOnly(code: string): string {
  return code.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * name@version of each package and its dependencies, found the way Node resolves them (nearest
 * node_modules up).
 */
export function packageVersions(names: readonly string[], from: string): [string, string][] {
  const found = new Map<string, string>()
  const visit = (name: string, dir: string) => {
    const manifest = findPackage(name, dir)
    if (found.has(manifest)) return
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown; dependencies?: Record<string, unknown> }
    found.set(manifest, `${name}@${String(json.version)}`)
    for (const dependency of Object.keys(json.dependencies ?? {})) visit(dependency, path.dirname(manifest))
  }
  for (const name of names) visit(name, from)
  return [...found.values()].sort().map((entry) => [entry.slice(0, entry.lastIndexOf('@')), entry.slice(entry.lastIndexOf('@') + 1)])
}

function findPackage(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'node_modules', name, 'package.json')
    if (existsSync(manifest)) return manifest
    if (dir === path.dirname(dir)) throw new Error(`package ${name} not found from ${from}`)
  }
}
