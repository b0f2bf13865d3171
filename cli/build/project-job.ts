import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import { storeAt, type StoreAddress } from '../cache/store.ts'
import { checkFileCached } from '../content/check-cache.ts'
import type { InternalLink } from '../content/rules/markdown.ts'
import type { SourceFile } from '../content/load-sources.ts'
import { parseYaml, type ParsedDocument } from '../content/parse-yaml.ts'
import { compileProjectCached } from '../compile/compile-cache.ts'
import type { CompiledProject } from '../compile/compile-project.ts'

/**
 * The per-project job: a project file checked and, when it passes its own checks, compiled (its
 * diagrams drawn), each step taken from the store when it holds it. Most files are valid, and
 * compiling where the file already is costs no second parse or transfer; the result of a file that
 * a rule across files then rejects is simply dropped.
 */

export interface ProjectJob {
  source: SourceFile
  /** Where checked and compiled files are kept; undefined: nothing is read from or kept in a store. */
  store?: StoreAddress
  /** Compile the file too when it has no error of its own. */
  compile: boolean
}

export interface ProjectJobResult {
  path: string
  diagnostics: Diagnostic[]
  links: InternalLink[]
  /** The file's data (undefined when it did not parse). */
  data: unknown
  /** Present when compiling was asked and succeeded. */
  compiled?: CompiledProject
  /** True when `compiled` came from the store. */
  cached?: boolean
  /** Why compiling threw: the caller compiles the file again itself to fail the same way. */
  compileFailed?: string
}

export async function checkAndCompileProject(job: ProjectJob): Promise<ProjectJobResult> {
  const { source } = job
  const store = job.store && storeAt(job.store)
  const checked = checkFileCached(source, 'project', store)
  const result: ProjectJobResult = {
    path: source.path,
    diagnostics: checked.diagnostics,
    links: checked.links,
    data: checked.data,
  }
  if (!job.compile || !isRecord(checked.data) || hasErrors(checked.diagnostics)) return result
  // A diagram that cannot be drawn is located in the file: parsed then, if it was not here already.
  let parsed: ParsedDocument | undefined = checked.parsed
  const lookup = { get: (file: string) => (file === source.path ? (parsed ??= parseYaml(source).parsed) : undefined) }
  try {
    const { cached, ...compiled } = await compileProjectCached(source, checked.data, lookup, store)
    return { ...result, compiled, cached }
  } catch (error) {
    return { ...result, compileFailed: String(error instanceof Error ? error.message : error) }
  }
}
