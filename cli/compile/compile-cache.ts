import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { cacheFolder, cliSourceDirectory } from '../paths.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import type { CompiledProject, ParsedLookup } from './compile-project.ts'
import type { SourceFile } from '../content/load-sources.ts'
import { encodeEntry, pruneEntries, readEntry } from '../cache/cache-entries.ts'
import type { EncodedEntry, EntryPack } from '../cache/entry-pack.ts'
import type { Diagram, DrawnDiagram } from './draw-diagrams.ts'

/**
 * Bump when compiled output changes for a reason the compiler key cannot see (it covers the compile
 * sources, parse-yaml.ts, the diagnostics modules and the versions of every package the compilers use).
 */
export const COMPILE_CACHE_VERSION = 2

/**
 * Where compiled files live: the compiled files of each content root in one pack (entry-pack.ts), and
 * each rendered diagram in an entry of its own (few, and shared by every root and every version of a file).
 */
export const compiledCacheDirectory = cacheFolder('compiled')

/** What a compile needs to use the cache; `undefined` compiles without it. */
export interface CompileCache {
  directory: string
  /** From compilerKey(): differs whenever the same text could compile to something else. */
  compilerKey: string
}

/** Packages whose code turns a file's text into compiled output; their dependencies are followed too. */
const COMPILER_PACKAGES = ['marked', 'highlight.js', 'sanitize-html', 'beautiful-mermaid', 'yaml']
/**
 * Beside this folder's files: parse-yaml.ts decides the data a text gives, and the diagnostics modules
 * shape and place the DIAGRAM_SYNTAX errors an entry keeps.
 */
const COMPILER_SOURCES = ['../content/parse-yaml.ts', '../diagnostics/diagnostic.ts', '../diagnostics/codes.ts', '../diagnostics/locate.ts', '../diagnostics/json-pointer.ts']

/** The source files compilerKey hashes, relative to this folder: every file of compile/ and COMPILER_SOURCES. */
export function compilerSources(): string[] {
  const here = path.join(cliSourceDirectory, 'compile')
  return [...readdirSync(here).filter((f) => f.endsWith('.ts')).sort(), ...COMPILER_SOURCES]
}
/** Past this many diagram entries the oldest are removed: edits leave one entry per version of a diagram. */
const MAX_ENTRIES = 20_000

let memoKey: string | undefined | null = null

/**
 * A hash of everything that decides compiled output besides the file's text: the compile sources,
 * the versions of the compiler packages and of everything they depend on, V8's serialisation
 * format, and COMPILE_CACHE_VERSION. Undefined when any of it cannot be read: then nothing is cached,
 * since a cache that cannot tell versions apart could hand out stale output.
 */
export function compilerKey(): string | undefined {
  if (memoKey !== null) return memoKey
  try {
    const hash = createHash('sha256').update(`portfolio-compile-cache ${COMPILE_CACHE_VERSION}\0v8 ${process.versions.v8}\0`)
    const here = path.join(cliSourceDirectory, 'compile')
    for (const file of compilerSources()) hash.update(`${file}\0`).update(readFileSync(path.join(here, file))).update('\0')
    for (const [name, version] of packageVersions(COMPILER_PACKAGES, here)) hash.update(`${name}@${version}\0`)
    memoKey = hash.digest('hex')
  } catch {
    memoKey = undefined
  }
  return memoKey
}

/** name@version of each package and its dependencies, found the way Node resolves them (nearest node_modules up). */
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

export function defaultCompileCache(): CompileCache | undefined {
  const key = compilerKey()
  return key ? { directory: compiledCacheDirectory, compilerKey: key } : undefined
}

/**
 * The name of the entry for `source` compiled as `kind`: a hash of the file's path (and the compiler),
 * then a hash of its text, so that the entry of another version of the same file can be found (see
 * previousMarkdown).
 */
export function entryKey(cache: CompileCache, kind: 'project' | 'portfolio', source: SourceFile): string {
  const text = createHash('sha256').update(`${cache.compilerKey}\0${kind}\0${source.path}\0`).update(source.text).digest('hex')
  return `${pathPrefix(cache, kind, source.path)}${text.slice(PATH_PREFIX_LENGTH)}`
}

const PATH_PREFIX_LENGTH = 16

function pathPrefix(cache: CompileCache, kind: 'project' | 'portfolio', file: string): string {
  return createHash('sha256').update(`${cache.compilerKey}\0${kind} path\0${file}`).digest('hex').slice(0, PATH_PREFIX_LENGTH)
}

/** A compiled project as the pack keeps it: with the markdown its HTML was made from, field for field (see markdownFields). */
type ProjectEntry = CompiledProject & { markdown?: string[] }

function isCompiledProject(value: unknown): value is ProjectEntry {
  return isRecord(value) && isRecord(value.project) && Array.isArray(value.diagnostics) && (value.markdown === undefined || (Array.isArray(value.markdown) && value.markdown.every((text) => typeof text === 'string')))
}

/**
 * The markdown of another version of this file that `pack` holds (the one the last build compiled),
 * by text, with the HTML it was compiled to: an edit to a project's title, tags or one section
 * compiles only the markdown that changed. The same compiler made it (the path prefix hashes the
 * compiler key) and the HTML was made from exactly that text, in the same entry, checked whole.
 */
function previousMarkdown(pack: EntryPack, key: string, markdownFields: (project: Record<string, unknown>) => string[]): Map<string, string> | undefined {
  for (const other of pack.keysStartingWith(key.slice(0, PATH_PREFIX_LENGTH))) {
    if (other === key) continue
    const entry = pack.peek(other)
    if (!isCompiledProject(entry) || !entry.markdown) continue
    const html = markdownFields(entry.project)
    if (html.length !== entry.markdown.length) continue
    return new Map(entry.markdown.map((markdown, i) => [markdown, html[i]!]))
  }
  return undefined
}

/** A compile's result, whether it came from the pack, and (compiled now, with a cache) the entry to add to the pack. */
export type CachedCompile = CompiledProject & { cached: boolean; entry?: EncodedEntry }

/**
 * compileProject for one file, or its result from `pack` for this exact text and compiler. A worker
 * has no pack: it compiles, and the main thread adds the returned entry to its pack. The compilers
 * are loaded on the first miss only, and the diagram renderer (the slowest to load) only for a
 * diagram not rendered before: each diagram is cached on its own, by its source and title, so an edit
 * to a project's prose or title does not draw its diagrams again. The prose is compiled first; the
 * diagrams missing from the cache are then drawn (see draw-diagrams.ts), or, when `drawing` is given
 * (drawMissingDiagrams under way for this file among others), awaited from it and read from the cache.
 * Throws what compiling throws.
 */
export async function compileProjectCached(source: SourceFile, data: Record<string, unknown>, parsed: ParsedLookup, cache: CompileCache | undefined, pack?: EntryPack, drawing?: Promise<void>): Promise<CachedCompile> {
  const key = cache && entryKey(cache, 'project', source)
  if (key && pack) {
    const hit = pack.get(key)
    if (isCompiledProject(hit)) return { project: hit.project, diagnostics: hit.diagnostics, cached: true }
  }
  const { compileProjectText, drawProjectDiagrams, markdownFields, projectDiagrams } = await import('./compile-project.ts')
  const project = compileProjectText(data, key && pack ? previousMarkdown(pack, key, markdownFields) : undefined)
  const known = new Map<string, DrawnDiagram>()
  const diagramId = (mermaid: string, title: string) => `${title}\0${mermaid}`
  const missing = () => projectDiagrams(project).filter(({ mermaid, title }) => {
    if (known.has(diagramId(mermaid, title))) return false
    const svg = cache ? readDiagram(cache, mermaid, title) : undefined
    if (svg !== undefined) known.set(diagramId(mermaid, title), { svg })
    return svg === undefined
  })
  let wanted = missing()
  if (wanted.length > 0 && drawing) {
    await drawing
    wanted = missing()
  }
  // What is still missing (not drawn, or not drawable: a diagram's error is not cached) is drawn now.
  if (wanted.length > 0) {
    const { drawDiagrams } = await import('./draw-diagrams.ts')
    const drawn = await drawDiagrams(wanted, cache)
    wanted.forEach(({ mermaid, title }, i) => known.set(diagramId(mermaid, title), drawn[i] ?? { error: 'the diagram was not drawn' }))
  }
  const diagnostics = drawProjectDiagrams(project, parsed, (mermaid, title) => {
    const diagram = known.get(diagramId(mermaid, title))
    if (diagram && 'svg' in diagram) return diagram.svg
    throw new Error(diagram?.error ?? 'the diagram was not drawn')
  })
  const result: CompiledProject = { project, diagnostics }
  const bytes = key && encodeEntry(key, { ...result, markdown: markdownFields(data) } satisfies ProjectEntry)
  return { ...result, cached: false, ...(key && bytes ? { entry: { key, bytes } } : {}) }
}

/** The entry of one rendered diagram: the SVG depends on its Mermaid source and its title (the SVG's label). */
export function diagramKey(cache: CompileCache, mermaid: string, title: string): string {
  return createHash('sha256').update(`${cache.compilerKey}\0diagram\0${title}\0`).update(mermaid).digest('hex')
}

/** A rendered diagram from the cache, or undefined. */
export function readDiagram(cache: CompileCache, mermaid: string, title: string): string | undefined {
  const hit = readEntry(cache.directory, diagramKey(cache, mermaid, title))
  return isRecord(hit) && typeof hit.svg === 'string' ? hit.svg : undefined
}

/**
 * Draws, in one go, every diagram of `projects` the cache lacks (into the cache), so compiling them
 * afterwards finds each there: on the diagram worker that is one request instead of one per project,
 * each waiting for this thread to send it.
 */
export async function drawMissingDiagrams(projects: readonly Record<string, unknown>[], cache: CompileCache): Promise<void> {
  const { projectDiagrams } = await import('./compile-project.ts')
  const missing = new Map<string, Diagram>()
  for (const project of projects) {
    for (const diagram of projectDiagrams(project)) {
      const key = diagramKey(cache, diagram.mermaid, diagram.title)
      if (!missing.has(key) && readDiagram(cache, diagram.mermaid, diagram.title) === undefined) missing.set(key, diagram)
    }
  }
  if (missing.size > 0) await (await import('./draw-diagrams.ts')).drawDiagrams([...missing.values()], cache)
}

/** A file checked with what compiling it needs; `compiled` and `cached` are filled in. */
export interface CompileItem {
  source: SourceFile
  data: Record<string, unknown>
  parsed: ParsedLookup
  compiled?: CompiledProject
  cached?: boolean
  entry?: EncodedEntry
}

/**
 * Compiles (or takes from the cache) each item. A file whose compile throws is left uncompiled: it may
 * not be part of valid content, and if it is, the caller compiles it again and fails as it would have.
 */
export async function compileItems(items: readonly CompileItem[], cache: CompileCache | undefined, pack?: EntryPack): Promise<void> {
  for (const item of items) {
    try {
      const { cached, entry, ...compiled } = await compileProjectCached(item.source, item.data, item.parsed, cache, pack)
      item.compiled = compiled
      item.cached = cached
      if (entry) item.entry = entry
    } catch {
      // left for the caller, see above
    }
  }
}

/** compilePortfolio, or its result from `pack` (the main thread's) for this exact text and compiler; a fresh one is added to it. */
export async function compilePortfolioCached(source: SourceFile, data: Record<string, unknown>, cache: CompileCache | undefined, pack: EntryPack | undefined): Promise<Record<string, unknown>> {
  const key = cache && entryKey(cache, 'portfolio', source)
  if (key && pack) {
    const hit = pack.get(key)
    if (isRecord(hit) && isRecord(hit.portfolio)) return hit.portfolio
  }
  const portfolio = (await import('./compile-project.ts')).compilePortfolio(data)
  const bytes = key && encodeEntry(key, { portfolio })
  if (key && bytes) pack?.add({ key, bytes })
  return portfolio
}

/** Keeps the diagram entries bounded: past MAX_ENTRIES, the older half (by write time) goes. Called after a run that compiled files. */
export function pruneCompileCache(cache: CompileCache, maxEntries = MAX_ENTRIES): void {
  pruneEntries(cache.directory, maxEntries)
}
