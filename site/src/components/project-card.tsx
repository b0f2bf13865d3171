import type { ProjectCard as ProjectCardData } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
import { fill } from '../i18n/strings.ts'
import { imageSizes } from '../image-sizes.ts'
import { ExternalLink } from './external-link.tsx'
import { Icon } from './icon.tsx'
import { Picture } from './picture.tsx'
import { ProjectLink } from './project-link.tsx'
import { TagList } from './tag-list.tsx'

/** One of the other projects: a compact card with Details, Live and (when present) GitHub. */
export function ProjectCard({ project }: { project: ProjectCardData }) {
  const { cover } = project
  const strings = useStrings()
  const title = { title: project.title }
  return (
    <article className="card project-card" aria-labelledby={`card-${project.id}`}>
      {cover ? <Picture image={cover} sizes={imageSizes.card} className="project-card__cover" /> : null}
      <span className="project-icon">
        <Icon name={project.icon} size={22} />
      </span>
      <h3 id={`card-${project.id}`} className="project-card__title">
        {project.title}
      </h3>
      <p className="project-card__description">{project.description}</p>
      <TagList items={project.tech} label={fill(strings.techStackOf, title)} tech />
      <div className="project-card__actions">
        <ProjectLink id={project.id} className="button button--primary button--small">
          {strings.details}
          <span className="visually-hidden">{fillNodes(strings.ofProject, title)}</span>
        </ProjectLink>
        <ExternalLink href={project.liveUrl} className="button button--secondary button--small">
          <Icon name="external" size={16} />
          {strings.live}
          <span className="visually-hidden">{fillNodes(strings.liveDemoOf, title)}</span>
        </ExternalLink>
        {project.githubUrl ? (
          <ExternalLink href={project.githubUrl} className="button button--ghost button--small">
            <Icon name="github" size={16} />
            GitHub<span className="visually-hidden">{fillNodes(strings.sourceOf, title)}</span>
          </ExternalLink>
        ) : null}
      </div>
    </article>
  )
}
