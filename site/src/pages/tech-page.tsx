import { useMemo } from 'react'
import { AppLink } from '../components/app-link.tsx'
import { Icon } from '../components/icon.tsx'
import { ProjectCard } from '../components/project-card.tsx'
import { TagList } from '../components/tag-list.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { useLanguage } from '../i18n/language-context.ts'
import { countMessage } from '../i18n/strings.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { notFoundMeta, techTitle } from '../page-meta.ts'
import { paths } from '../paths.ts'
import { useProjectCards } from '../project-cards.ts'
import { pagesBySlug, TechFilterContext } from '../tech-filter.ts'
import { techPages } from '../technologies.ts'
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
  const words = usePageWords()
  const { strings, lang } = useLanguage()
  useDocumentTitle(tech ? techTitle(tech.name, words) : notFoundMeta(words).title)
  if (!tech) return <NotFoundPage />
  const shown = cards.filter((card) => tech.projectIds.includes(card.id))
  return (
    <TechFilterContext value={{ pages: pagesBySlug(list), active: slug }}>
      <section className="section tech-page" aria-labelledby="tech-title">
        <div className="container">
          <AppLink to={{ pathname: paths.home, hash: '#projects' }} className="back-link">
            <Icon name="arrow-left" size={18} />
            {strings.allProjects}
          </AppLink>
          <div className="section-heading">
            <p className="eyebrow">{strings.technology}</p>
            <h1 id="tech-title">{tech.name}</h1>
            {/* The cards' heading (they are h3s under it). */}
            <h2 className="tech-page__count">
              {countMessage(strings.techFilterCount, shown.length, lang, { name: tech.name })}
            </h2>
          </div>
          <div className="project-grid">
            {shown.map((card) => (
              <ProjectCard key={card.id} project={card} />
            ))}
          </div>
          <h2 className="tech-page__others">{strings.otherTechnologies}</h2>
          <TagList items={list.filter((t) => t !== tech).map((t) => t.name)} tech />
        </div>
      </section>
    </TechFilterContext>
  )
}
