import { storeAt, type StoreAddress } from '../cache/store.ts'
import { checkFileCached } from '../content/check-cache.ts'
import type { Post } from '../content/content-types.ts'
import type { InternalLink } from '../content/rules/markdown.ts'
import { postSlug } from '../content/rules/posts.ts'
import type { SourceFile } from '../content/load-sources.ts'
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { compilePostCached } from '../compile/compile-cache.ts'
import type { CompiledPost } from '../compile/compile-post.ts'

/**
 * The per-post job: a post file checked and, when it passes its own checks, compiled (its
 * diagrams drawn), each step taken from the store when it holds it, as the project job does. A
 * draft is compiled only when drafts are built (`dev`): a build checks it and leaves it out.
 */

export interface PostJob {
  source: SourceFile
  /** Where checked and compiled files are kept (noStore's address: nowhere). */
  store: StoreAddress
  /** Compile drafts too (`dev`); a build never does. */
  drafts?: boolean
}

export interface PostJobResult {
  path: string
  diagnostics: Diagnostic[]
  links: InternalLink[]
  /** The front matter's data (undefined when it did not parse). */
  data: unknown
  /** Present when the file passed its own checks and compiled (never for a draft a build leaves out). */
  compiled?: CompiledPost
  /** True when `compiled` came from the store. */
  cached?: boolean
  /** Why compiling threw: the caller compiles the file again itself to fail the same way. */
  compileFailed?: string
}

export async function checkAndCompilePost(job: PostJob): Promise<PostJobResult> {
  const { source } = job
  const store = storeAt(job.store)
  const checked = checkFileCached(source, 'post', store)
  const result: PostJobResult = {
    path: source.path,
    diagnostics: checked.diagnostics,
    links: checked.links,
    data: checked.data,
  }
  const front = checked.data === undefined || hasErrors(checked.diagnostics) ? undefined : (checked.data as Post)
  if (!front || (front.draft === true && !job.drafts)) return result
  try {
    const { cached, ...compiled } = await compilePostCached(source, postSlug(source.path), front, store)
    return { ...result, compiled, cached }
  } catch (error) {
    return { ...result, compileFailed: String(error instanceof Error ? error.message : error) }
  }
}
