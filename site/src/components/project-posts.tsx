import { usePostsAbout } from '../posts-loader.ts'
import { PostList } from './post-list.tsx'

/** The closing part of a case study: the posts that name the project among their related projects. */
export function ProjectPosts({ projectId }: { projectId: string }) {
  const posts = usePostsAbout(projectId)
  if (posts.length === 0) return null
  return (
    <section className="case-section project-posts" aria-labelledby="project-posts-title">
      <h2 id="project-posts-title">Writing about this project</h2>
      <PostList posts={posts} heading="h3" />
    </section>
  )
}
