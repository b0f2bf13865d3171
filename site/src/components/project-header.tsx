import { Fragment } from 'react'
import { AppLink } from './app-link.tsx'
import type { RenderedProject } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
import { imageSizes } from '../image-sizes.ts'
import { paths } from '../paths.ts'
import { CopyButton } from './copy-button.tsx'
import { Icon } from './icon.tsx'
import { Picture } from './picture.tsx'
import { ProjectLinks } from './project-links.tsx'
import { TagList } from './tag-list.tsx'

/** Top of a case study: back link, title, description, audience, demo login and the two links. */
export function ProjectHeader({ project }: { project: RenderedProject }) {
  const { demo, cover } = project
  const strings = useStrings()
  return (
    <header className="project-header">
      <div className="container">
        <AppLink to={{ pathname: paths.home, hash: '#projects' }} className="back-link">
          <Icon name="arrow-left" size={18} />
          {strings.backToProjects}
        </AppLink>
        <div className="project-header__grid">
          <div>
            <span className="project-icon project-icon--large">
              <Icon name={project.icon} size={28} />
            </span>
            <p className="eyebrow">{strings.caseStudy}</p>
            <h1 className="project-header__title">{project.title}</h1>
            <p className="project-header__description">{project.description}</p>
            <div className="audience">
              <h2 className="audience__title">{strings.builtFor}</h2>
              <TagList items={project.audience} />
            </div>
            <ProjectLinks project={project} />
          </div>
          {cover ? (
            // Above the fold: fetched first, at once (the page's largest paint).
            <Picture
              image={cover}
              sizes={imageSizes.header}
              loading="eager"
              fetchPriority="high"
              className="project-header__cover project-header__cover--cropped"
            />
          ) : null}
          <aside className="card demo-login" aria-labelledby="demo-login-title">
            <h2 id="demo-login-title" className="demo-login__title">
              <Icon name="key" size={18} />
              {strings.demoLogin}
            </h2>
            <dl className="demo-login__list">
              <div>
                <dt>{strings.demoEmail}</dt>
                <dd>
                  <code>
                    <BreakableEmail email={demo.email} />
                  </code>
                  <CopyButton text={demo.email} label={strings.copyDemoEmail} />
                </dd>
              </div>
              <div>
                <dt>{strings.demoPassword}</dt>
                <dd>
                  <code>{demo.password}</code>
                  <CopyButton text={demo.password} label={strings.copyDemoPassword} />
                </dd>
              </div>
            </dl>
            <p className="demo-login__note">{fillNodes(strings.demoReset, { reset: demo.reset })}</p>
          </aside>
        </div>
      </div>
    </header>
  )
}

/**
 * An e-mail address that, when the box is too narrow, wraps after the "@" or before a "." (a
 * subdomain moves to the next line) instead of in the middle of a word.
 */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/)
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ))
}
