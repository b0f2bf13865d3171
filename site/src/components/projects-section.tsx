import { portfolio } from '../generated/content.ts'
import { useProjectCards } from '../project-cards.ts'
import { FeaturedProjectCard } from './featured-project-card.tsx'
import { ProjectCard } from './project-card.tsx'
import { SectionHeading } from './section-heading.tsx'

export function ProjectsSection() {
  const { title, intro } = portfolio.projects
  const projectCards = useProjectCards()
  const featured = projectCards.find((project) => project.featured)
  const others = projectCards.filter((project) => project !== featured)
  return (
    <section id="projects" className="section section--tinted" tabIndex={-1} aria-labelledby="projects-title">
      <div className="container">
        <SectionHeading id="projects-title" title={title}>
          {intro ? <p>{intro}</p> : null}
        </SectionHeading>
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
