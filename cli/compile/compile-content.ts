import type { Portfolio, ProjectCard, RenderedProject } from '../content/content-types.ts'

/**
 * Content ready for the site: markdown fields hold sanitised HTML, diagrams carry their SVG. A build
 * holds of each project only its card (`P` = ProjectCard): it has written the rest to its data file.
 */
export interface CompiledContent<P extends ProjectCard = RenderedProject> {
  portfolio: Portfolio
  projects: P[]
}
