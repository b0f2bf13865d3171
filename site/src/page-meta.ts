import { portfolio } from './generated/content.ts'
import type { ProjectCard, RenderedProject } from './generated/types.ts'
import { paths } from './paths.ts'
import { projectCount, type Technology } from './technologies.ts'

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

/** A tech page's title, apart from techMeta: the browser needs only this (techMeta stays on the server). */
export const techTitle = (name: string): string => `Projects using ${name} | ${portfolio.site.title}`

/** A tech page: the technology and the projects that use it, by title ("A, B and C"). */
export function techMeta(tech: Technology, cards: readonly ProjectCard[]): PageMeta {
  const titles = cards.filter((card) => tech.projectIds.includes(card.id)).map((card) => card.title)
  const named = titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}` : titles.join('')
  return {
    title: techTitle(tech.name),
    description: `${projectCount(titles.length, tech.name)} in ${portfolio.owner.name}'s portfolio: ${named}. Each case study shows how it was built.`,
    path: paths.tech(tech.slug),
    type: 'website',
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
