import { readFileSync } from 'node:fs'
import path from 'node:path'
import { PAGE_DATA_ID, projectData } from '../../site/src/paths.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import { sha256Hex } from '../sha256.ts'
import { writeFileAtomically } from '../write-atomically.ts'
import type { ProjectCard, RenderedProject } from '../content/content-types.ts'

/**
 * A case study's data as the site reads it: the compiled project without its diagrams' Mermaid
 * source (the build already rendered it to SVG; no page shows the source) and without the chat's
 * text blocks.
 */
export function browserProject({
  blocks: _blocks,
  ...project
}: RenderedProject & { blocks?: unknown }): BrowserProject {
  // Copies only what changes (sections with diagrams): the rest is shared with the compiled project.
  // The chat's text blocks (compile-project.ts) are the build's: the browser reads the chat's own files.
  const sections = project.sections.map((section) =>
    section.kind === 'diagrams'
      ? { ...section, diagrams: section.diagrams.map(({ mermaid: _mermaid, ...diagram }) => diagram) }
      : section,
  )
  return { ...project, sections }
}

/** A compiled project as the browser gets it: its diagrams without their Mermaid source. */
export type BrowserProject = Omit<RenderedProject, 'sections'> & {
  sections: (
    | Exclude<RenderedProject['sections'][number], { kind: 'diagrams' }>
    | DiagramsWithoutSource<Extract<RenderedProject['sections'][number], { kind: 'diagrams' }>>
  )[]
}
type DiagramsWithoutSource<S extends { diagrams: { mermaid: string }[] }> = Omit<S, 'diagrams'> & {
  diagrams: Omit<S['diagrams'][number], 'mermaid'>[]
}

const CARD_FIELDS = [
  'id',
  'title',
  'description',
  'icon',
  'featured',
  'tech',
  'liveUrl',
  'githubUrl',
  'achievements',
  'metrics',
  'cover',
] as const

/** The project cards (the home page's list and what the chat knows of each project), in content order. */
export function projectCards(content: CompiledContent): ProjectCard[] {
  return content.projects.map(projectCard)
}

/** One project's card: the fields of it the home page and the chat use. */
export function projectCard(project: ProjectCard): ProjectCard {
  return Object.fromEntries(
    CARD_FIELDS.filter((f) => project[f] !== undefined).map((f) => [f, project[f]]),
  ) as ProjectCard
}

/** JSON text that is safe inside HTML and JavaScript: no `<` (so no `</script>` or `<!--`), no U+2028/9. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** The data block a prerendered page carries, read by entry-client before hydrating. */
export function pageDataScript(data: unknown): string {
  return data === undefined
    ? ''
    : `\n    <script type="application/json" id="${PAGE_DATA_ID}">${safeJson(data)}</script>`
}

/** What a build keeps of a compiled project once its data file is written: its card and the file's hash. */
export interface ProjectDataFile {
  id: string
  sha256: string
  card: ProjectCard
}

/**
 * Writes `project`'s case-study data (data/projects/<id>.json, what the browser loads on client-side
 * navigation and the prerender renders from) under `directory`, a folder of the build's own (the
 * site folder is Vite's until the app is built, and Vite empties it first). A build writes each
 * as its project is compiled, where it was compiled, so it never holds every project's prose.
 */
export function writeProjectData(directory: string, project: RenderedProject): ProjectDataFile {
  const id = project.id
  const json = projectDataJson(browserProject(project))
  writeFileAtomically(path.join(directory, projectData.file(id)), json)
  return { id, sha256: sha256Hex(json), card: projectCard(project) }
}

/**
 * A case study's data file (data/projects/<id>.json) as the build writes it and the dev server
 * answers it: one serialiser, so both give the same bytes.
 */
export function projectDataJson(project: BrowserProject): string {
  return safeJson(project)
}

/** The project cards' file (data/cards.json: the home page's list), in content order; the build's and the dev server's. */
export function cardsJson(cards: readonly ProjectCard[]): string {
  return safeJson(cards)
}

/**
 * A case study as the built site holds it (what the browser loads), or null when it has none by that
 * id. Read synchronously: it is read while a page renders, on a thread that has nothing else to do
 * meanwhile, and fs/promises' readFile (open, stat, read, close, each a trip through libuv's pool)
 * takes several times as long for a file this size, more so with every core busy.
 */
export const readProjectData = (siteDir: string, id: string): Promise<unknown> =>
  readSiteData(siteDir, projectData.file(id))

/** A data file of the built site (`file` relative to it), or null when there is none. Read synchronously, as readProjectData. */
export async function readSiteData(siteDir: string, file: string): Promise<unknown> {
  let text: string
  try {
    text = readFileSync(path.join(siteDir, file), 'utf8')
  } catch {
    return null
  }
  return JSON.parse(text) as unknown
}
