import { useEffect, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { AppLink } from '../components/app-link.tsx'
import { Icon } from '../components/icon.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { notFoundMeta } from '../page-meta.ts'
import { paths } from '../paths.ts'

/** Unknown path or project id. Prerendered once as dist/404.html, which hosts serve for any unknown
 * URL, so the requested path is shown only after hydration (the HTML cannot know it). */
export function NotFoundPage() {
  const { pathname } = useLocation()
  const [requested, setRequested] = useState<string | null>(null)
  useEffect(() => setRequested(pathname), [pathname])
  useDocumentTitle(notFoundMeta(usePageWords()).title)
  const strings = useStrings()

  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <div className="container status-page__inner">
        <p className="status-page__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{strings.notFoundTitle}</h1>
        <p className="status-page__text">
          {requested ? fillNodes(strings.notFoundAt, { path: <code>{requested}</code> }) : strings.notFoundHere}{' '}
          {strings.notFoundHelp}
        </p>
        <div className="button-row button-row--center">
          <AppLink to={paths.home} className="button button--primary">
            <Icon name="arrow-left" size={18} />
            {strings.goHome}
          </AppLink>
          <AppLink to={{ pathname: paths.home, hash: '#projects' }} className="button button--secondary">
            {strings.browseProjects}
          </AppLink>
        </div>
      </div>
    </section>
  )
}
