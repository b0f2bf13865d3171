import type { ProjectCard } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
import { fill } from '../i18n/strings.ts'
import { imageSizes } from '../image-sizes.ts'
import { ExternalLink } from './external-link.tsx'
import { Icon } from './icon.tsx'
import { Picture } from './picture.tsx'
import { ProjectLink } from './project-link.tsx'
import { TagList } from './tag-list.tsx'

/** The flagship project: large, first, with metrics and achievements. */
export function FeaturedProjectCard({ project }: { project: ProjectCard }) {
  const metrics = Object.entries(project.metrics ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined,
  )
  const { cover } = project
  const strings = useStrings()
  const title = { title: project.title }
  return (
    <article className="card featured" aria-labelledby={`card-${project.id}`}>
      {cover ? <Picture image={cover} sizes={imageSizes.featured} className="featured__cover" /> : null}
      <div className="featured__main">
        <div className="card__top">
          <span className="project-icon project-icon--large">
            <Icon name={project.icon} size={28} />
          </span>
          <span className="badge">{strings.flagshipProject}</span>
        </div>
        <h3 id={`card-${project.id}`} className="featured__title">
          {project.title}
        </h3>
        <p className="featured__description">{project.description}</p>
        <TagList items={project.tech} label={fill(strings.techStackOf, title)} tech />
        <ul className="achievements">
          {project.achievements.map((item) => (
            <li key={item}>
              <Icon name="check" size={18} />
              {item}
            </li>
          ))}
        </ul>
        <div className="button-row">
          <ProjectLink id={project.id} className="button button--primary">
            {strings.viewDetails}
            <span className="visually-hidden">{fillNodes(strings.ofProject, title)}</span>
            <Icon name="arrow-right" size={18} />
          </ProjectLink>
          <ExternalLink href={project.liveUrl} className="button button--secondary">
            <Icon name="external" size={18} />
            {strings.visitLiveSite}
          </ExternalLink>
        </div>
      </div>
      {metrics.length > 0 ? (
        <dl className="metrics" aria-label={strings.performanceMetrics}>
          {metrics.map(([label, value]) => (
            <div key={label} className="metric">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </article>
  )
}
