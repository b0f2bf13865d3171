import { socialImage } from '../../site/src/paths.ts'
import type { CompiledContent } from '../compile/compile-content.ts'
import type { CardCover } from './card-cover.ts'

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
  /** Its cover, shown on the card's right. */
  cover?: CardCover
}

/** Everything one card is drawn from: the home card has no project. */
export type CardSpec = { file: string; card: CardContent; project?: ProjectContent }

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}

function cardContent(content: CompiledContent): CardContent {
  const { portfolio } = content
  const owner = record(portfolio.owner)
  const claims = Array.isArray(record(portfolio.hero).claims) ? (record(portfolio.hero).claims as unknown[]) : []
  return {
    siteUrl: text(record(portfolio.site).url),
    owner: { name: text(owner.name), role: text(owner.role) },
    headline: text(record(portfolio.hero).headline),
    availability: text(record(portfolio.availability).text) || undefined,
    claims: claims
      .map((claim) => ({ value: text(record(claim).value), label: text(record(claim).label) }))
      .filter((c) => c.value && c.label),
  }
}

/**
 * One card per indexable page: the home page's (og/index.png), then one per project (og/<id>.png).
 * `cover` finds a project cover's source (by its src); without it, cards show no cover.
 */
export function socialCardSpecs(
  content: CompiledContent,
  cover: (src: string) => CardCover | undefined = () => undefined,
): CardSpec[] {
  const card = cardContent(content)
  const specs: CardSpec[] = [{ file: socialImage.path().replace(/^\//, ''), card }]
  for (const raw of content.projects) {
    const project: ProjectContent = {
      id: text(raw.id),
      title: text(raw.title),
      description: text(raw.description),
      tech: Array.isArray(raw.tech) ? raw.tech.map(text).filter(Boolean) : [],
    }
    const src = text(record(raw.cover).src)
    const found = src ? cover(src) : undefined
    if (found) project.cover = found
    specs.push({ file: `og/${project.id}.png`, card, project })
  }
  return specs
}
