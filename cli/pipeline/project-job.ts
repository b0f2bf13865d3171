import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { storeAt, type StoreAddress } from '../cache/store.ts'
import { checkFileCached } from '../content/check-cache.ts'
import type { ProjectCard } from '../content/content-types.ts'
import { validProject } from '../content/valid-data.ts'
import type { InternalLink } from '../content/rules/markdown.ts'
import { sourceDigest, type OverlaySource, type SourceFile } from '../content/load-sources.ts'
import { checkOverlayCached, type OverlayChecked } from '../content/i18n/check-overlays.ts'
import { isRecord } from '../diagnostics/json-pointer.ts'
import { parseYaml, type ParsedDocument } from '../content/parse-yaml.ts'
import { compileProjectCached } from '../compile/compile-cache.ts'
import type { CompiledCaseStudy, CompiledProject } from '../compile/compile-project.ts'
import { writeProjectChat } from '../generate/chat-index.ts'
import type { ChatLanguage } from '../generate/chat-language.ts'
import type { ProjectSummary } from '../../site/src/chat/search-config.ts'
import { writeProjectData, type ProjectDataFile } from '../generate/project-data.ts'

/**
 * The per-project job: a project file checked and, when it passes its own checks, compiled (its
 * diagrams drawn), each step taken from the store when it holds it. Most files are valid, and
 * compiling where the file already is costs no second parse or transfer; the result of a file that
 * a rule across files then rejects is simply dropped.
 */

export interface ProjectJob {
  source: SourceFile
  /** Where checked and compiled files are kept (noStore's address: nowhere). */
  store: StoreAddress
  /**
   * A build's site folder: the compiled project's data file is written under its data/ (keepProject),
   * and only its card comes back as `compiled.project`, not its prose.
   */
  dataDir?: string
  /**
   * The project's translations (projects/<id>.<tag>.yaml): checked here against its data, which this
   * thread holds parsed, rather than one by one on the main thread after every job.
   */
  overlays?: OverlaySource[]
}

/** What a build keeps of a compiled project: its data file's record (with its card), the chat's summary of it and its passage file's hash. */
export type KeptProject = ProjectDataFile & { chat: ProjectSummary; chatSha256: string }

export type ProjectJobResult = ProjectChecked &
  (
    | {
        /** Present when the file passed its own checks and compiled. */
        compiled?: CompiledProject
        kept?: undefined
      }
    | {
        /** With `dataDir`: the compiled project's card; its data file holds the rest. */
        compiled: CompiledProject<ProjectCard>
        /** The data file and the chat's passage file written, and what the build keeps of them. */
        kept: KeptProject
      }
  )

interface ProjectChecked {
  path: string
  diagnostics: Diagnostic[]
  links: InternalLink[]
  /** The file's data (undefined when it did not parse). */
  data: unknown
  /** True when `compiled` came from the store. */
  cached?: boolean
  /** The job's `overlays` checked against the file's data (none when it did not parse). */
  overlays?: OverlayChecked[]
  /** Why compiling threw: the caller compiles the file again itself to fail the same way. */
  compileFailed?: string
  /**
   * With `dataDir`: its data and chat files are in the site folder being assembled (written, or
   * taken from the site in place) and recorded in the manifest of the site's data (check-and-compile.ts).
   */
  inSite?: boolean
}

export async function checkAndCompileProject(job: ProjectJob): Promise<ProjectJobResult> {
  const { source } = job
  const store = storeAt(job.store)
  const checked = checkFileCached(source, 'project', store)
  const result: ProjectJobResult = {
    path: source.path,
    diagnostics: checked.diagnostics,
    links: checked.links,
    data: checked.data,
  }
  if (job.overlays?.length && isRecord(checked.data)) {
    const digest = sourceDigest(source)
    // Without their documents, which cannot cross to the main thread: parsed there if a position is needed.
    result.overlays = job.overlays.map((overlay) => {
      const { checked: matched, ...done } = checkOverlayCached(overlay, checked.data, digest, store)
      if (!matched) return done
      const { parsed: _, ...rest } = matched
      return { ...done, checked: rest }
    })
  }
  const data = validProject(checked)
  if (!data) return result
  // A diagram that cannot be drawn is located in the file: parsed then, if it was not here already.
  let parsed: ParsedDocument | undefined = checked.parsed
  const lookup = { get: (file: string) => (file === source.path ? (parsed ??= parseYaml(source).parsed) : undefined) }
  try {
    const { cached, ...compiled } = await compileProjectCached(source, data, lookup, store)
    if (job.dataDir === undefined) return { ...result, compiled, cached }
    const kept = keepProject(job.dataDir, compiled.project)
    return { ...result, compiled: { ...compiled, project: kept.card }, kept, cached }
  } catch (error) {
    return { ...result, compileFailed: String(error instanceof Error ? error.message : error) }
  }
}

/** Writes a compiled project's data file and chat passages under `dataDir`: all a build needs of its prose. */
export function keepProject(dataDir: string, project: CompiledCaseStudy, chat?: ChatLanguage): KeptProject {
  const passages = writeProjectChat(dataDir, project, chat)
  return { ...writeProjectData(dataDir, project), chat: passages.summary, chatSha256: passages.sha256 }
}
