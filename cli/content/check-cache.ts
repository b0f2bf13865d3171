import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { entryKind, type Store } from '../cache/store.ts'
import { checkFile, type FileKind } from './check-file.ts'
import { checkPost } from './check-post.ts'
import type { InternalLink } from './rules/markdown.ts'
import { sourceDigest, type SourceFile } from './load-sources.ts'
import type { ParsedDocument } from './parse-yaml.ts'

/**
 * What checking a valid file found (its data and its internal links), kept in the store by the
 * file's path and the digest of its exact text (the store's key adds the tool's version). A build, `generate` and the
 * dev server then parse only the files that changed; a file with any diagnostic is never kept, so
 * problems are always found and located afresh. `validate` uses it too (checkContent's store).
 */

/** The kinds of content file: portfolio.yaml, a project file, a post (posts/<slug>.md, see check-post.ts). */
export type ContentKind = FileKind | 'post'

/** A checked valid file's entry: what checkFile found in it. */
const CHECKED = entryKind<{ data: unknown; links: InternalLink[] }>('checked')

export interface CheckedFile {
  data: unknown
  links: InternalLink[]
  diagnostics: Diagnostic[]
  /** Only when the file was parsed now (not taken from the store). */
  parsed?: ParsedDocument
  /** True when the result came from the store. */
  cached: boolean
}

/** What the store holds for `source` checked valid, or undefined. */
export function readChecked(source: SourceFile, kind: ContentKind, store: Store): CheckedFile | undefined {
  const hit = CHECKED.get(store, CHECKED.key(store, kind, source.path, sourceDigest(source)))
  return hit && { data: hit.data, links: hit.links, diagnostics: [], cached: true }
}

/** checkFile's findings for `source`, from the store when its exact text was checked valid before. */
export function checkFileCached(source: SourceFile, kind: ContentKind, store: Store): CheckedFile {
  const hit = readChecked(source, kind, store)
  if (hit) return hit
  const checked = kind === 'post' ? checkPost(source) : checkFile(source, kind)
  const data = checked.parsed.data
  if (checked.diagnostics.length === 0 && data !== undefined)
    CHECKED.set(store, CHECKED.key(store, kind, source.path, sourceDigest(source)), { data, links: checked.links })
  return { data, links: checked.links, diagnostics: checked.diagnostics, parsed: checked.parsed, cached: false }
}
