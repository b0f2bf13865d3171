import { PostArticle } from '../components/post-article.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { notFoundMeta, postTitle } from '../page-meta.ts'
import { usePostView } from '../posts-loader.ts'
import { NotFoundPage } from './not-found-page.tsx'

/** /writing/<slug>: a post of posts/*.md (loaded before the server render, before hydration and, by PostLink, before client navigation). */
export function PostPage({ slug }: { slug: string }) {
  const view = usePostView(slug)
  const words = usePageWords()
  useDocumentTitle(view ? postTitle(view.post, words) : notFoundMeta(words).title)
  if (!view) return <NotFoundPage />
  return <PostArticle view={view} />
}
