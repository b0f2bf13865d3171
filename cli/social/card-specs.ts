import { socialImage } from '../../site/src/paths.ts'
import type { Portfolio, Project } from '../content/content-types.ts'

/** What the cards show of the site and its owner (every card has the brand and a footer). */
export interface CardContent {
  siteUrl: string
  owner: { name: string; role: string }
  headline: string
  availability?: string
  claims: { value: string; label: string }[]
}

export interface ProjectContent {
  id: string
  title: string
  description: string
  tech: string[]
}

/** Everything one card is drawn from: the home card has no project. */
export type CardSpec = { file: string; card: CardContent; project?: ProjectContent }

/**
 * What the cards are drawn from: the checked content (a build draws them before its projects are
 * compiled), of which they show only plain-text fields that compiling leaves as they are.
 */
export interface CardSource {
  portfolio: {
    site: Pick<Portfolio['site'], 'url'>
    owner: Pick<Portfolio['owner'], 'name' | 'role'>
    hero: Pick<Portfolio['hero'], 'headline' | 'claims'>
    availability: Portfolio['availability']
  }
  projects: readonly Pick<Project, 'id' | 'title' | 'description' | 'tech'>[]
}

function cardContent({ portfolio }: CardSource): CardContent {
  return {
    siteUrl: portfolio.site.url,
    owner: { name: portfolio.owner.name, role: portfolio.owner.role },
    headline: portfolio.hero.headline,
    availability: portfolio.availability.text || undefined,
    claims: portfolio.hero.claims.filter((c) => c.value && c.label).map(({ value, label }) => ({ value, label })),
  }
}

/** One card per indexable page: the home page's (og/index.png), then one per project (og/<id>.png). */
export function socialCardSpecs(content: CardSource): CardSpec[] {
  const card = cardContent(content)
  const specs: CardSpec[] = [{ file: socialImage.path().replace(/^\//, ''), card }]
  for (const { id, title, description, tech } of content.projects) {
    specs.push({ file: `og/${id}.png`, card, project: { id, title, description, tech: tech.filter(Boolean) } })
  }
  return specs
}
