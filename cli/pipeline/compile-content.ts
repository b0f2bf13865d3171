import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { encodePointer, isRecord } from '../diagnostics/json-pointer.ts'
import { locatePointer } from '../diagnostics/locate.ts'
import type { CheckedContent, CheckResult } from './check-content.ts'
import { compileMarkdown } from './compile-markdown.ts'
import { renderDiagram } from './render-diagram.ts'

/** Content ready for the site: markdown fields hold sanitised HTML, diagrams carry their SVG. */
export interface CompiledContent {
  portfolio: Record<string, unknown>
  projects: Record<string, unknown>[]
}

const PORTFOLIO_MARKDOWN = [['about', 'body'], ['contact', 'body']] as const

export function compileContent(content: CheckedContent, parsed: CheckResult['parsed']): { compiled: CompiledContent; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const portfolio = structuredClone(content.portfolio)
  for (const [group, field] of PORTFOLIO_MARKDOWN) {
    const holder = portfolio[group]
    if (isRecord(holder) && typeof holder[field] === 'string') holder[field] = compileMarkdown(holder[field])
  }
  const projects = content.projects.map((original) => {
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
    return project
  })
  return { compiled: { portfolio, projects }, diagnostics }
}
