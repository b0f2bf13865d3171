import { PostArticle } from '../components/post-article.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { notFoundMeta, postTitle } from '../page-meta.ts'
import { usePostView } from '../posts-loader.ts'
import { NotFoundPage } from './not-found-page.tsx'

/** /writing/<slug>: a post of posts/*.md (loaded before the server render, before hydration and, by PostLink, before client navigation). */
export function PostPage({ slug }: { slug: string }) {
  const view = usePostView(slug)
  useDocumentTitle(view ? postTitle(view.post) : notFoundMeta().title)
  if (!view) return <NotFoundPage />
  return <PostArticle view={view} />
}
