import type { ReactNode } from 'react'
import { paths } from '../paths.ts'
import { loadProjectCards } from '../project-cards.ts'
import { loadPost, loadPostsIndex } from '../posts-loader.ts'
import { preloadWritingPages } from '../writing-preload.ts'
import { PreloadLink } from './preload-link.tsx'

/** What /writing or a tag page needs before it shows: its code and the posts index. */
const loadPostsPage = (): Promise<unknown> => Promise.all([loadPostsIndex(), preloadWritingPages()])

/** A post and what its page shows besides (its related projects' cards), loaded before it is shown. */
export async function loadPostPage(slug: string): Promise<void> {
  const [view] = await Promise.all([loadPost(slug), preloadWritingPages()])
  if (view && view.post.projects.length > 0) await loadProjectCards()
}

/** Router link to a post of posts/*.md. */
export function PostLink({ slug, className, children }: { slug: string; className?: string; children: ReactNode }) {
  return (
    <PreloadLink to={paths.post(slug)} load={() => loadPostPage(slug)} className={className}>
      {children}
    </PreloadLink>
  )
}

/** Router link to /writing or a tag page: both list the posts index. */
export function PostsLink({
  to,
  className,
  children,
  current,
  onClick,
}: {
  to: string
  className?: string
  children: ReactNode
  current?: boolean
  onClick?: () => void
}) {
  return (
    <PreloadLink
      to={to}
      load={loadPostsPage}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </PreloadLink>
  )
}
