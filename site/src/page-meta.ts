import { portfolio } from './generated/content.ts'
import type { RenderedProject } from './generated/types.ts'
import { paths } from './paths.ts'

/** What a page says about itself: the document title on the client, the head tags on the server. */
export interface PageMeta {
  title: string
  description: string
  /** Route path for the canonical URL; null for pages that must not be indexed (404). */
  path: string | null
  type: 'website' | 'article'
}

export function homeMeta(): PageMeta {
  const { title, description } = portfolio.site
  return { title, description, path: paths.home, type: 'website' }
}

export function projectMeta(project: RenderedProject): PageMeta {
  return {
    title: `${project.title} case study | ${portfolio.site.title}`,
    description: project.description,
    path: paths.project(project.id),
    type: 'article',
  }
}

export function notFoundMeta(): PageMeta {
  return {
    title: `Page not found | ${portfolio.site.title}`,
    description: 'This page does not exist. Go back to the home page or browse the projects.',
    path: null,
    type: 'website',
  }
}
