import { useMemo } from 'react'
import { AppLink } from '../components/app-link.tsx'
import { Icon } from '../components/icon.tsx'
import { ProjectCard } from '../components/project-card.tsx'
import { TagList } from '../components/tag-list.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { notFoundMeta, techTitle } from '../page-meta.ts'
import { paths } from '../paths.ts'
import { useProjectCards } from '../project-cards.ts'
import { pagesBySlug, TechFilterContext } from '../tech-filter.ts'
import { projectCount, techPages } from '../technologies.ts'
import { NotFoundPage } from './not-found-page.tsx'

/**
 * /projects/tech/<slug>: the projects that use one technology, prerendered for each technology two
 * or more projects use (the list on / narrowed, at an address of its own that works without
 * JavaScript and is in the sitemap). Its chips link to the other technologies' pages.
 */
export function TechPage({ slug }: { slug: string }) {
  const cards = useProjectCards()
  const list = useMemo(() => techPages(cards), [cards])
  const tech = list.find((t) => t.slug === slug)
  useDocumentTitle(tech ? techTitle(tech.name) : notFoundMeta().title)
  if (!tech) return <NotFoundPage />
  const shown = cards.filter((card) => tech.projectIds.includes(card.id))
  return (
    <TechFilterContext value={{ pages: pagesBySlug(list), active: slug }}>
      <section className="section tech-page" aria-labelledby="tech-title">
        <div className="container">
          <AppLink to={{ pathname: paths.home, hash: '#projects' }} className="back-link">
            <Icon name="arrow-left" size={18} />
            All projects
          </AppLink>
          <div className="section-heading">
            <p className="eyebrow">Technology</p>
            <h1 id="tech-title">{tech.name}</h1>
            {/* The cards' heading (they are h3s under it). */}
            <h2 className="tech-page__count">{projectCount(shown.length, tech.name)}</h2>
          </div>
          <div className="project-grid">
            {shown.map((card) => (
              <ProjectCard key={card.id} project={card} />
            ))}
          </div>
          <h2 className="tech-page__others">Other technologies</h2>
          <TagList items={list.filter((t) => t !== tech).map((t) => t.name)} tech />
        </div>
      </section>
    </TechFilterContext>
  )
}
