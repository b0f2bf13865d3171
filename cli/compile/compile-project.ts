import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { encodePointer } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { compileMarkdown, compileMarkdownText } from './compile-markdown.ts'
import { checkDiagramWidth } from './diagram-width.ts'
import { databaseDiagram, type ErDiagram as ErDiagramSource } from './er-diagram.ts'
import { measureDiagram } from './measure-diagram.ts'
import type { TextBlock } from './text-blocks.ts'
import type { ParsedDocument } from '../content/parse-yaml.ts'
import type {
  DatabaseSection,
  DiagramsSection,
  Portfolio,
  Project,
  ProjectCard,
  RenderedDiagram,
  RenderedProject,
  Section,
} from '../content/content-types.ts'

/**
 * Compiling one file. The diagram renderer comes in as a parameter: loading it costs more than
 * compiling a project, and a worker compiling projects without diagrams should not pay for it.
 */

/**
 * Where the chat's text blocks live (text-blocks.ts): on the compiled project and portfolio, under
 * `blocks`, beside the HTML they were lexed with, for the fields the chat reads (a section's intro
 * and body; the about and contact bodies). A compiled project travels as one value (the store's
 * entry, a pool job's result, the dev session, CompiledContent) to the writers of its data file and
 * its chat file, so every path that holds the HTML holds the blocks, with no second structure to
 * keep in step. The browser never gets them: browserProject and sitePortfolio leave `blocks` out,
 * so the site's data files keep their bytes. Compiled entries in the store are keyed by the tool's
 * code (cache/tool-key.ts), so entries of the shape before this one are never read as this one.
 */

/** A section's markdown fields the chat reads, as text blocks; absent where the section has no such field. */
export interface SectionBlocks {
  intro?: TextBlock[]
  body?: TextBlock[]
}

/** A compiled project as the CLI holds it: what the site renders, and the chat's blocks of each section (by index). */
export type CompiledCaseStudy = RenderedProject & { blocks: SectionBlocks[] }

/** A compiled portfolio as the CLI holds it: what the site renders, and the chat's blocks of its about and contact bodies. */
export type CompiledPortfolio = Portfolio & { blocks: { about: TextBlock[]; contact: TextBlock[] } }

/**
 * One project compiled, with the diagrams that could not be drawn. Such a diagram (a DIAGRAM_SYNTAX
 * error) lacks its SVG, and a project with an error never reaches the site.
 */
export interface CompiledProject<P extends ProjectCard = CompiledCaseStudy> {
  /** The project; where a build has written its data file already, only its card (see cli/pipeline/project-job.ts). */
  project: P
  diagnostics: Diagnostic[]
}

/** Parsed files by path, for placing a compile error; only asked when there is one. */
export interface ParsedLookup {
  get(file: string): ParsedDocument | undefined
}

export type RenderDiagram = (source: string, title: string) => string

/** A diagram to draw: an authored one (with its title), or a database section's (with its text alternative). */
type DiagramSource = { mermaid: string; title: string; label?: string }
type Drawing = Partial<Pick<RenderedDiagram, 'svg' | 'width' | 'textSize'>>

/** A database section with the source of its entity-relationship diagram. */
type DatabaseWithDiagram = DatabaseSection & { diagram?: ErDiagramSource & Drawing }

/**
 * A project with its markdown compiled and its database sections' diagrams made (compileProjectText),
 * each diagram drawn into in place by drawProjectDiagrams.
 */
export type ProjectToDraw = Omit<Project, 'sections'> & {
  sections: (Exclude<Section, DiagramsSection | DatabaseSection> | DiagramsToDraw | DatabaseWithDiagram)[]
  blocks: SectionBlocks[]
}
type DiagramsToDraw = Omit<DiagramsSection, 'diagrams'> & {
  diagrams: (DiagramsSection['diagrams'][number] & Drawing)[]
}

export function compilePortfolio(original: Portfolio): CompiledPortfolio {
  const portfolio = structuredClone(original)
  const about = compileMarkdownText(portfolio.about.body)
  const contact = compileMarkdownText(portfolio.contact.body)
  portfolio.about.body = about.html
  portfolio.contact.body = contact.html
  return { ...portfolio, blocks: { about: about.blocks, contact: contact.blocks } }
}

/** Where a diagram is in its file: an authored one at its source, a database section's at its entities. */
type DiagramPlace = { s: number; d: number } | { s: number; database: true }

/**
 * Each diagram of a project, in order: those of its diagram sections, and the one compileProjectText
 * made for each database section (`diagram`), with its place.
 */
function eachDiagram(
  project: ProjectToDraw,
  visit: (diagram: DiagramSource & Drawing, place: DiagramPlace) => void,
): void {
  project.sections.forEach((section, s) => {
    if (section.kind === 'database' && section.diagram) visit(section.diagram, { s, database: true })
    if (section.kind === 'diagrams') section.diagrams.forEach((diagram, d) => visit(diagram, { s, d }))
  })
}

/** A diagram's SVG label: a generated diagram's text alternative, an authored one's title. */
function diagramLabel(diagram: DiagramSource): string {
  return diagram.label ?? diagram.title
}

/** The diagrams drawProjectDiagrams draws for `project` (as it passes them to its renderer), in order. */
export function projectDiagrams(project: ProjectToDraw): { mermaid: string; title: string }[] {
  const diagrams: { mermaid: string; title: string }[] = []
  eachDiagram(project, (diagram) => diagrams.push({ mermaid: diagram.mermaid, title: diagramLabel(diagram) }))
  return diagrams
}

/**
 * Compiling a project, first half: a copy of the project with its markdown (each section's body,
 * intro and a gallery's summary) compiled, and each database section given the Mermaid source of its entity-relationship
 * diagram (`diagram`); no diagram drawn yet. Apart so that a build compiles the prose while its
 * diagrams are drawn elsewhere (cli/compile/compile-cache.ts). Both halves depend on the project's
 * own data only, which is what lets them run in a worker and be cached by file.
 */
export function compileProjectText(original: Project): ProjectToDraw {
  const project: ProjectToDraw = { ...structuredClone(original), blocks: [] }
  for (const section of project.sections) {
    const blocks: SectionBlocks = {}
    if ('body' in section && section.body !== undefined) {
      const body = compileMarkdownText(section.body)
      section.body = body.html
      blocks.body = body.blocks
    }
    if ('intro' in section && section.intro !== undefined) {
      const intro = compileMarkdownText(section.intro)
      section.intro = intro.html
      blocks.intro = intro.blocks
    }
    project.blocks.push(blocks)
    if ('summary' in section && section.summary !== undefined) section.summary = compileMarkdown(section.summary)
    if (section.kind === 'database') {
      const diagram = databaseDiagram(section)
      if (diagram) section.diagram = { ...diagram }
    }
  }
  return project
}

/**
 * Compiling a project, second half: each diagram of `project` (from compileProjectText) drawn into it
 * (its `svg`, natural `width` and smallest `textSize`); those that cannot be drawn are returned as
 * DIAGRAM_SYNTAX diagnostics, those too wide to read at desktop width as DIAGRAM_WIDTH warnings, in order.
 */
export function drawProjectDiagrams(
  project: ProjectToDraw,
  parsed: ParsedLookup,
  renderDiagram: RenderDiagram,
): CompiledProject {
  const diagnostics: Diagnostic[] = []
  const file = `projects/${project.id}.yaml`
  const locate = (pointer: string) => {
    const doc = parsed.get(file)
    return doc ? locatePointer(doc, pointer) : { file, pointer, start: { line: 1, column: 1 } }
  }
  eachDiagram(project, (diagram, place) => {
    const name =
      'database' in place
        ? `sections[${place.s}] (its entity-relationship diagram)`
        : `sections[${place.s}].diagrams[${place.d}]`
    const pointer = encodePointer(
      'database' in place ? ['sections', place.s, 'entities'] : ['sections', place.s, 'diagrams', place.d, 'mermaid'],
    )
    let svg: string
    try {
      svg = renderDiagram(diagram.mermaid, diagramLabel(diagram))
    } catch (error) {
      diagnostics.push(
        createDiagnostic(
          'DIAGRAM_SYNTAX',
          locate(pointer),
          `${name} cannot be rendered: ${error instanceof Error ? error.message : String(error)}`,
          'Check the diagram against the Mermaid syntax for its type.',
        ),
      )
      return
    }
    const size = measureDiagram(svg)
    diagram.svg = svg
    diagram.width = size.width
    diagram.textSize = size.textSize
    // A generated diagram has no author to warn: the site offers its full-size view instead.
    const tooWide = 'database' in place ? undefined : checkDiagramWidth(diagram.mermaid, size)
    if (tooWide)
      diagnostics.push(
        createDiagnostic('DIAGRAM_WIDTH', locate(pointer), `${name}: ${tooWide.message}`, tooWide.hint, 'warning'),
      )
  })
  // Every diagram is drawn now, but one an error names.
  return { project: project as CompiledCaseStudy, diagnostics }
}
