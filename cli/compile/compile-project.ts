import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { encodePointer, isRecord } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { compileMarkdown } from './compile-markdown.ts'
import { checkDiagramWidth } from './diagram-width.ts'
import { databaseDiagram } from './er-diagram.ts'
import { measureDiagram } from './measure-diagram.ts'
import type { ParsedDocument } from '../content/parse-yaml.ts'

/**
 * Compiling one file. The diagram renderer comes in as a parameter: loading it costs more than
 * compiling a project, and a worker compiling projects without diagrams should not pay for it.
 */

/** One project compiled, with the diagrams that could not be rendered. */
export interface CompiledProject {
  project: Record<string, unknown>
  diagnostics: Diagnostic[]
}

/** Parsed files by path, for placing a compile error; only asked when there is one. */
export interface ParsedLookup {
  get(file: string): ParsedDocument | undefined
}

export type RenderDiagram = (source: string, title: string) => string

const PORTFOLIO_MARKDOWN = [
  ['about', 'body'],
  ['contact', 'body'],
] as const

export function compilePortfolio(original: Record<string, unknown>): Record<string, unknown> {
  const portfolio = structuredClone(original)
  for (const [group, field] of PORTFOLIO_MARKDOWN) {
    const holder = portfolio[group]
    if (isRecord(holder) && typeof holder[field] === 'string') holder[field] = compileMarkdown(holder[field])
  }
  return portfolio
}

type DiagramHolder = Record<string, unknown> & { mermaid: string }

/** Where a diagram is in its file: an authored one at its source, a database section's at its entities. */
type DiagramPlace = { s: number; d: number } | { s: number; database: true }

/**
 * Each diagram of a project, in order: those of its diagram sections, and the one compileProjectText
 * made for each database section (`diagram`), with its place.
 */
function eachDiagram(
  project: Record<string, unknown>,
  visit: (diagram: DiagramHolder, place: DiagramPlace) => void,
): void {
  const sections = Array.isArray(project.sections) ? project.sections : []
  sections.forEach((section: unknown, s) => {
    if (!isRecord(section)) return
    if (section.kind === 'database' && isRecord(section.diagram) && typeof section.diagram.mermaid === 'string') {
      visit(section.diagram as DiagramHolder, { s, database: true })
    }
    if (section.kind !== 'diagrams' || !Array.isArray(section.diagrams)) return
    section.diagrams.forEach((diagram: unknown, d) => {
      if (isRecord(diagram) && typeof diagram.mermaid === 'string') visit(diagram as DiagramHolder, { s, d })
    })
  })
}

/** A diagram's SVG label: a generated diagram's text alternative, an authored one's title. */
function diagramLabel(diagram: DiagramHolder): string {
  return String(typeof diagram.label === 'string' ? diagram.label : diagram.title)
}

/** The diagrams compileProject draws for `project` (as it passes them to its renderer), in order. */
export function projectDiagrams(project: Record<string, unknown>): { mermaid: string; title: string }[] {
  const diagrams: { mermaid: string; title: string }[] = []
  eachDiagram(project, (diagram) => diagrams.push({ mermaid: diagram.mermaid, title: diagramLabel(diagram) }))
  return diagrams
}

/** Depends on the project's own data only, which is what lets it run in a worker and be cached by file. */
export function compileProject(
  original: Record<string, unknown>,
  parsed: ParsedLookup,
  renderDiagram: RenderDiagram,
): CompiledProject {
  const project = compileProjectText(original)
  return { project, diagnostics: drawProjectDiagrams(project, parsed, renderDiagram) }
}

/**
 * compileProject's first half: a copy of the project with its markdown compiled, its diagrams not
 * drawn yet. Apart so that a build compiles the prose while its diagrams are drawn elsewhere.
 * `known` gives markdown compiled before by the same compiler (see compileProjectCached): a text found
 * there is not compiled again.
 */
export function compileProjectText(
  original: Record<string, unknown>,
  known?: ReadonlyMap<string, string>,
): Record<string, unknown> {
  const project = structuredClone(original)
  eachMarkdownField(project, (holder, field, markdown) => {
    holder[field] = known?.get(markdown) ?? compileMarkdown(markdown)
  })
  addDatabaseDiagrams(project)
  return project
}

/**
 * The markdown fields compileProjectText compiles (each section's body, intro and a gallery's summary), in order: of a
 * project as written its markdown, of a compiled one the HTML made from it, one for one.
 */
export function markdownFields(project: Record<string, unknown>): string[] {
  const values: string[] = []
  eachMarkdownField(project, (_holder, _field, value) => values.push(value))
  return values
}

function eachMarkdownField(
  project: Record<string, unknown>,
  visit: (holder: Record<string, unknown>, field: string, value: string) => void,
): void {
  const sections = Array.isArray(project.sections) ? project.sections : []
  for (const section of sections) {
    if (!isRecord(section)) continue
    for (const field of ['body', 'intro', 'summary']) {
      const value = section[field]
      if (typeof value === 'string') visit(section, field, value)
    }
  }
}

/** Each database section gets the Mermaid source of its entity-relationship diagram (`diagram`). */
function addDatabaseDiagrams(project: Record<string, unknown>): void {
  const sections = Array.isArray(project.sections) ? project.sections : []
  for (const section of sections) {
    if (!isRecord(section) || section.kind !== 'database') continue
    const diagram = databaseDiagram(section)
    if (diagram) section.diagram = { ...diagram }
  }
}

/**
 * compileProject's second half: each diagram of `project` (from compileProjectText) drawn into it
 * (its `svg`, natural `width` and smallest `textSize`); those that cannot be drawn are returned as
 * DIAGRAM_SYNTAX diagnostics, those too wide to read at desktop width as DIAGRAM_WIDTH warnings, in order.
 */
export function drawProjectDiagrams(
  project: Record<string, unknown>,
  parsed: ParsedLookup,
  renderDiagram: RenderDiagram,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = []
  const file = `projects/${String(project.id)}.yaml`
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
  return diagnostics
}
