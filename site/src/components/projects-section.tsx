import { useLanguage } from '../i18n/language-context.ts'
import { countMessage, fill } from '../i18n/strings.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { paths } from '../paths.ts'
import { useProjectCards } from '../project-cards.ts'
import { useTechFilter } from '../tech-filter.ts'
import { AppLink } from './app-link.tsx'
import { FeaturedProjectCard } from './featured-project-card.tsx'
import { Icon } from './icon.tsx'
import { ProjectCard } from './project-card.tsx'
import { SectionHeading } from './section-heading.tsx'

export function ProjectsSection() {
  const { title, intro } = usePortfolio().projects
  const { strings, lang, shownIn } = useLanguage()
  const projectCards = useProjectCards()
  const filter = useTechFilter()
  const tech = filter?.active ? filter.pages.get(filter.active) : undefined
  const shown = tech ? projectCards.filter((project) => tech.projectIds.includes(project.id)) : projectCards
  const featured = shown.find((project) => project.featured)
  const others = shown.filter((project) => project !== featured)
  return (
    <section id="projects" className="section section--tinted" tabIndex={-1} aria-labelledby="projects-title">
      <div className="container">
        <SectionHeading id="projects-title" title={title} lang={shownIn('/projects/title')}>
          {intro ? <p lang={shownIn('/projects/intro')}>{intro}</p> : null}
        </SectionHeading>
        {filter && filter.pages.size > 0 ? (
          <div className="tech-filter">
            {/* One live region, in the HTML from the start, so choosing a technology is announced. */}
            <p className="tech-filter__status" role="status" aria-live="polite">
              {tech
                ? fill(strings.sentence, {
                    text: countMessage(strings.techFilterCount, shown.length, lang, { name: tech.name }),
                  })
                : strings.techFilterPrompt}
            </p>
            {tech ? (
              <>
                <AppLink to={paths.tech(tech.slug)} className="button button--secondary button--small">
                  {fill(strings.techFilterPage, { name: tech.name })}
                  <Icon name="arrow-right" size={16} />
                </AppLink>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => filter.choose?.(undefined)}
                >
                  {strings.techFilterShowAll}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
        {featured ? <FeaturedProjectCard project={featured} /> : null}
        <div className="project-grid">
          {others.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </div>
      </div>
    </section>
  )
}
