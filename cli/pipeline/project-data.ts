import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { writeOrLinkSame } from './link-file.ts'
import path from 'node:path'
import { PAGE_DATA_ID, projectCardsData, projectData } from '../../site/src/paths.ts'
import type { CompiledContent } from './compile-content.ts'

/**
 * A case study's data as the site reads it: the compiled project without its diagrams' Mermaid
 * source (the build already rendered it to SVG; no page shows the source).
 */
export function browserProject(project: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(project.sections)) return project
  // Copies only what changes (sections with diagrams): the rest is shared with the compiled project.
  const sections = project.sections.map((section: unknown) => {
    const diagrams = typeof section === 'object' && section !== null ? (section as { diagrams?: unknown }).diagrams : undefined
    if (!Array.isArray(diagrams)) return section
    return { ...(section as Record<string, unknown>), diagrams: diagrams.map((diagram: unknown) => (typeof diagram === 'object' && diagram !== null ? withoutMermaid(diagram as Record<string, unknown>) : diagram)) }
  })
  return { ...project, sections }
}

function withoutMermaid({ mermaid: _mermaid, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest
}

const CARD_FIELDS = ['id', 'title', 'description', 'icon', 'featured', 'tech', 'liveUrl', 'githubUrl', 'achievements', 'metrics'] as const

/** The project cards (the home page's list and what the chat knows of each project), in content order. */
export function projectCards(content: CompiledContent): Record<string, unknown>[] {
  return content.projects.map((project) => Object.fromEntries(CARD_FIELDS.filter((f) => project[f] !== undefined).map((f) => [f, project[f]])))
}

/** JSON text that is safe inside HTML and JavaScript: no `<` (so no `</script>` or `<!--`), no U+2028/9. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/** The data block a prerendered page carries, read by entry-client before hydrating. */
export function pageDataScript(data: unknown): string {
  return data === undefined ? '' : `\n    <script type="application/json" id="${PAGE_DATA_ID}">${safeJson(data)}</script>`
}

/** What writeProjectData wrote, with a hash of each file's text (what a prerendered page is made from). */
export interface WrittenData {
  files: string[]
  projectHashes: Map<string, string>
  cardsHash: string
}

/** Writes every case study's data (data/projects/<id>.json) and the project cards (data/cards.json)
 * into the built site, for client-side navigation: no JavaScript bundle grows with the number of projects. */
export async function writeProjectData(siteDir: string, content: CompiledContent, previousSite?: string): Promise<WrittenData> {
  const projectHashes = new Map<string, string>()
  const files: string[] = []
  await mkdir(path.join(siteDir, 'data', 'projects'), { recursive: true })
  // Synchronous, each made when written (all the JSON at once would be as large as the content); a
  // file the site in place already holds byte for byte is linked from it (see link-file.ts).
  const write = (file: string, json: string) => {
    files.push(file)
    writeOrLinkSame(siteDir, file, json, previousSite)
    return createHash('sha256').update(json).digest('hex')
  }
  for (const [i, project] of content.projects.entries()) {
    const id = String(project.id)
    projectHashes.set(id, write(projectData.file(id), safeJson(browserProject(project))))
    // A turn of the event loop now and then (~10 ms of writing): the card workers drawing meanwhile
    // are handed their next cards between turns, and would wait through thousands of files.
    if (i % 64 === 63) await new Promise((resolve) => setImmediate(resolve))
  }
  const cardsHash = write(projectCardsData.file, safeJson(projectCards(content)))
  return { files, projectHashes, cardsHash }
}

/**
 * A case study as the built site holds it (what the browser loads), or null when it has none by that
 * id. Read synchronously: it is read while a page renders, on a thread that has nothing else to do
 * meanwhile, and fs/promises' readFile (open, stat, read, close, each a trip through libuv's pool)
 * takes several times as long for a file this size, more so with every core busy.
 */
export async function readProjectData(siteDir: string, id: string): Promise<unknown> {
  let text: string
  try {
    text = readFileSync(path.join(siteDir, projectData.file(id)), 'utf8')
  } catch {
    return null
  }
  return JSON.parse(text) as unknown
}
