import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { encodePointer, isRecord } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import { compileMarkdown } from './compile-markdown.ts'
import type { ParsedDocument } from './parse-yaml.ts'

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

const PORTFOLIO_MARKDOWN = [['about', 'body'], ['contact', 'body']] as const

export function compilePortfolio(original: Record<string, unknown>): Record<string, unknown> {
  const portfolio = structuredClone(original)
  for (const [group, field] of PORTFOLIO_MARKDOWN) {
    const holder = portfolio[group]
    if (isRecord(holder) && typeof holder[field] === 'string') holder[field] = compileMarkdown(holder[field])
  }
  return portfolio
}

/** The diagrams compileProject draws for `project` (as it passes them to its renderer), in order. */
export function projectDiagrams(project: Record<string, unknown>): { mermaid: string; title: string }[] {
  const sections = Array.isArray(project.sections) ? project.sections : []
  return sections.flatMap((section: unknown) =>
    isRecord(section) && section.kind === 'diagrams' && Array.isArray(section.diagrams)
      ? section.diagrams.flatMap((diagram: unknown) => (isRecord(diagram) && typeof diagram.mermaid === 'string' ? [{ mermaid: diagram.mermaid, title: String(diagram.title) }] : []))
      : [],
  )
}

/** Depends on the project's own data only, which is what lets it run in a worker and be cached by file. */
export function compileProject(original: Record<string, unknown>, parsed: ParsedLookup, renderDiagram: RenderDiagram): CompiledProject {
  const diagnostics: Diagnostic[] = []
  const project = structuredClone(original)
  const file = `projects/${String(project.id)}.yaml`
  const sections = Array.isArray(project.sections) ? project.sections : []
  sections.forEach((section: unknown, s) => {
    if (!isRecord(section)) return
    for (const field of ['body', 'intro']) if (typeof section[field] === 'string') section[field] = compileMarkdown(section[field])
    if (section.kind !== 'diagrams' || !Array.isArray(section.diagrams)) return
    section.diagrams.forEach((diagram: unknown, d) => {
      if (!isRecord(diagram) || typeof diagram.mermaid !== 'string') return
      try {
        diagram.svg = renderDiagram(diagram.mermaid, String(diagram.title))
      } catch (error) {
        const doc = parsed.get(file)
        const pointer = encodePointer(['sections', s, 'diagrams', d, 'mermaid'])
        const at = doc ? locatePointer(doc, pointer) : { file, pointer, start: { line: 1, column: 1 } }
        diagnostics.push(createDiagnostic('DIAGRAM_SYNTAX', at, `sections[${s}].diagrams[${d}] cannot be rendered: ${error instanceof Error ? error.message : String(error)}`, 'Check the diagram against the Mermaid syntax for its type.'))
      }
    })
  })
  return { project, diagnostics }
}
