import type { RenderedProject } from '../generated/types.ts'
import { useStrings } from '../i18n/language-context.ts'
import { ExternalLink } from './external-link.tsx'
import { Icon } from './icon.tsx'

/** "Live Demo" and "Source Code": in a case study's header and again in its closing section. */
export function ProjectLinks({ project }: { project: Pick<RenderedProject, 'liveUrl' | 'githubUrl'> }) {
  const strings = useStrings()
  return (
    <div className="button-row">
      <ExternalLink href={project.liveUrl} className="button button--primary">
        <Icon name="external" size={18} />
        {strings.liveDemo}
      </ExternalLink>
      {project.githubUrl ? (
        <ExternalLink href={project.githubUrl} className="button button--secondary">
          <Icon name="github" size={18} />
          {strings.sourceCode}
        </ExternalLink>
      ) : null}
    </div>
  )
}
