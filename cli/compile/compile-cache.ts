import { hasErrors } from '../diagnostics/diagnostic.ts'
import { entryKind, type Store } from '../cache/store.ts'
import type { CompiledPortfolio, CompiledProject, ParsedLookup } from './compile-project.ts'
import { sourceDigest, type SourceFile } from '../content/load-sources.ts'
import type { Portfolio, Post, Project } from '../content/content-types.ts'
import { splitFrontMatter } from '../content/front-matter.ts'
import type { CompiledPost } from './compile-post.ts'
import type { LocalizedPost } from '../content/i18n/localize.ts'
import { sha256Hex } from '../sha256.ts'
import { drawDiagrams, readDiagram, type Diagram, type DrawnDiagram } from './draw-diagrams.ts'

/**
 * Compiled project and portfolio files, kept in the store by the file's path (diagnostics name it)
 * and exact text; the store's key adds the tool's version, so a changed compiler or package misses.
 * The compilers load on the first miss only, and the diagram renderer (the slowest to load) only
 * for a diagram the store lacks (see draw-diagrams.ts).
 */

const PROJECT = entryKind<CompiledProject>('project')
const PORTFOLIO = entryKind<{ portfolio: CompiledPortfolio }>('portfolio')
const POST = entryKind<CompiledPost>('post')

/** A compile's result, and whether it came from the store. */
export type CachedCompile = CompiledProject & { cached: boolean }

/**
 * The key a compiled project is kept under: everything its result is made from. What a build makes
 * of the result alone (the case study's data file, its chat passages) is recorded under it too.
 */
export function compiledProjectKey(source: SourceFile, store: Store): string {
  return PROJECT.key(store, source.path, sourceDigest(source))
}

/** What the store holds compiled for this exact text of `source`, or undefined. */
export function readCompiledProject(source: SourceFile, store: Store): CompiledProject | undefined {
  const hit = PROJECT.get(store, compiledProjectKey(source, store))
  return hit && { project: hit.project, diagnostics: hit.diagnostics }
}

/** compileProject for one file, or its result from the store for this exact text. Throws what compiling throws. */
export async function compileProjectCached(
  source: SourceFile,
  data: Project,
  parsed: ParsedLookup,
  store: Store,
): Promise<CachedCompile> {
  const hit = readCompiledProject(source, store)
  if (hit) return { ...hit, cached: true }
  const key = compiledProjectKey(source, store)
  const { compileProjectText, drawProjectDiagrams, projectDiagrams } = await import('./compile-project.ts')
  const project = compileProjectText(data)
  const id = ({ mermaid, title }: Diagram) => `${title}\0${mermaid}`
  const known = new Map<string, DrawnDiagram>()
  const missing: Diagram[] = []
  for (const diagram of projectDiagrams(project)) {
    if (known.has(id(diagram))) continue
    const svg = readDiagram(store, diagram)
    if (svg === undefined) missing.push(diagram)
    known.set(id(diagram), svg === undefined ? { error: 'the diagram was not drawn' } : { svg })
  }
  const drawn = await drawDiagrams(missing, store)
  missing.forEach((diagram, i) => known.set(id(diagram), drawn[i] ?? { error: 'the diagram was not drawn' }))
  const result = drawProjectDiagrams(project, parsed, (mermaid, title) => {
    const diagram = known.get(id({ mermaid, title }))
    if (diagram && 'svg' in diagram) return diagram.svg
    throw new Error(diagram?.error ?? 'the diagram was not drawn')
  })
  PROJECT.set(store, key, result)
  return { ...result, cached: false }
}

/** compilePortfolio, or its result from the store for this exact text. */
export async function compilePortfolioCached(
  source: SourceFile,
  data: Portfolio,
  store: Store,
): Promise<CompiledPortfolio> {
  const key = PORTFOLIO.key(store, source.path, sourceDigest(source))
  const hit = PORTFOLIO.get(store, key)
  if (hit) return hit.portfolio
  const portfolio = (await import('./compile-project.ts')).compilePortfolio(data)
  PORTFOLIO.set(store, key, { portfolio })
  return portfolio
}

/** The key a compiled post is kept under: its file's path and exact text (the tool's version is the store's). */
export function compiledPostKey(source: SourceFile, store: Store): string {
  return POST.key(store, source.path, sourceDigest(source))
}

/** What the store holds compiled for this exact text of a post, or undefined. */
export function readCompiledPost(source: SourceFile, store: Store): CompiledPost | undefined {
  return POST.get(store, compiledPostKey(source, store))
}

/**
 * compilePostText and renderPost for one post file (checked: `front` is its front matter), or its
 * result from the store for this exact text; its diagrams are drawn (or taken from the store) as a
 * project's are. Throws what compiling throws.
 */
export async function compilePostCached(
  source: SourceFile,
  slug: string,
  front: Post,
  store: Store,
): Promise<CompiledPost & { cached: boolean }> {
  const hit = readCompiledPost(source, store)
  if (hit) return { ...hit, cached: true }
  const split = splitFrontMatter(source.path, source.text)
  if ('diagnostic' in split) throw new Error(`${source.path} reached the compile without front matter`)
  const bodyLine = source.text.slice(0, split.bodyOffset).split('\n').length
  const result = await compilePostBody(source.path, slug, front, split.body, bodyLine, store)
  // A post with a diagram that cannot be drawn is never kept: its error is found afresh each time.
  // Its warnings (a diagram too wide to read) are kept with it, and reported from the store.
  if (!hasErrors(result.diagnostics)) POST.set(store, compiledPostKey(source, store), result)
  return { ...result, cached: false }
}

/**
 * A post as one language shows it (i18n/localize.ts), compiled: its merged front matter and the
 * text of its language (or the source's), kept in the store by both, so a language whose post is
 * unchanged compiles nothing. Its diagrams are drawn through the store by their source, as the
 * default language's are: a diagram the translation did not change is drawn once for all languages.
 * Diagnostics are placed in the file the text is in (`post.bodyFile`). Throws what compiling throws.
 */
export async function compileLanguagePostCached(
  post: LocalizedPost,
  store: Store,
): Promise<CompiledPost & { cached: boolean }> {
  const key = POST.key(store, post.bodyFile, sha256Hex(`${JSON.stringify(post.data)}\0${post.body}`))
  const hit = POST.get(store, key)
  if (hit) return { ...hit, cached: true }
  const result = await compilePostBody(post.bodyFile, post.slug, post.data, post.body, post.bodyLine, store)
  if (!hasErrors(result.diagnostics)) POST.set(store, key, result)
  return { ...result, cached: false }
}

/** compilePostText and renderPost, each diagram drawn or taken from the store. */
async function compilePostBody(
  file: string,
  slug: string,
  front: Post,
  body: string,
  bodyLine: number,
  store: Store,
): Promise<CompiledPost> {
  const { compilePostText, renderPost } = await import('./compile-post.ts')
  const toDraw = compilePostText(slug, front, body, bodyLine)
  const missing = toDraw.diagrams.filter((diagram) => readDiagram(store, diagram) === undefined)
  const drawn = await drawDiagrams(missing, store)
  const svgs = toDraw.diagrams.map((diagram): DrawnDiagram => {
    const svg = readDiagram(store, diagram)
    if (svg !== undefined) return { svg }
    return drawn[missing.indexOf(diagram)] ?? { error: 'the diagram was not drawn' }
  })
  return renderPost(toDraw, file, svgs)
}
