import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { CheckedContent } from '../content/check-content.ts'
import type { Portfolio, ProjectCard, RenderedProject } from '../content/content-types.ts'
import { compilePortfolio, compileProject, type ParsedLookup } from './compile-project.ts'
import type { DiagramRenderer } from './render-diagram.ts'

export type { CompiledProject, ParsedLookup } from './compile-project.ts'

/**
 * Content ready for the site: markdown fields hold sanitised HTML, diagrams carry their SVG. A build
 * holds of each project only its card (`P` = ProjectCard): it has written the rest to its data file.
 */
export interface CompiledContent<P extends ProjectCard = RenderedProject> {
  portfolio: Portfolio
  projects: P[]
}

export function compileContent(
  content: CheckedContent,
  parsed: ParsedLookup,
  renderDiagram: DiagramRenderer,
): { compiled: CompiledContent; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = []
  const portfolio = compilePortfolio(content.portfolio)
  const projects = content.projects.map((original) => {
    const result = compileProject(original, parsed, renderDiagram)
    diagnostics.push(...result.diagnostics)
    return result.project
  })
  return { compiled: { portfolio, projects }, diagnostics }
}
