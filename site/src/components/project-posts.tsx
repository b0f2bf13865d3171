import { usePostsAbout } from '../posts-loader.ts'
import { useStrings } from '../i18n/language-context.ts'
import { PostList } from './post-list.tsx'

/** The closing part of a case study: the posts that name the project among their related projects. */
export function ProjectPosts({ projectId }: { projectId: string }) {
  const posts = usePostsAbout(projectId)
  const strings = useStrings()
  if (posts.length === 0) return null
  return (
    <section className="case-section project-posts" aria-labelledby="project-posts-title">
      <h2 id="project-posts-title">{strings.writingAboutProject}</h2>
      <PostList posts={posts} heading="h3" />
    </section>
  )
}
