import type { PostSummary, ProjectCard, RenderedPost } from '../content/content-types.ts'
import type { CompiledCaseStudy, CompiledPortfolio } from './compile-project.ts'

/**
 * Content ready for the site: markdown fields hold sanitised HTML, diagrams carry their SVG. A build
 * holds of each project only its card (`P` = ProjectCard): it has written the rest to its data file.
 */
export interface CompiledContent<P extends ProjectCard = CompiledCaseStudy> {
  portfolio: CompiledPortfolio
  projects: P[]
  /**
   * The posts of posts/*.md that are built, in file order (drafts only in `dev`); absent for
   * content made without them. Their covers are ResponsiveImages once cli/media has resolved them.
   */
  posts?: RenderedPost[]
  /** The posts of writing.external's feeds (they link out; no page here), when the feeds were read. */
  externalPosts?: PostSummary[]
}
