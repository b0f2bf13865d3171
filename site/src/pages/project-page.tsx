import { CaseStudy } from '../components/case-study.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { notFoundMeta, projectMeta } from '../page-meta.ts'
import { useProjectView } from '../project-loader.ts'
import { NotFoundPage } from './not-found-page.tsx'

/** /projects/:id. The case study's data is loaded before the server render, before hydration and,
 * by ProjectLink, before client navigation; otherwise the page suspends until it arrives. */
export function ProjectPage({ id }: { id: string }) {
  const view = useProjectView(id)
  const words = usePageWords()
  useDocumentTitle(view ? projectMeta(view.project, words).title : notFoundMeta(words).title)
  if (!view) return <NotFoundPage />
  return <CaseStudy project={view.project} />
}
