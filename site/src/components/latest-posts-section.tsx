import { paths } from '../paths.ts'
import { useLatestPosts } from '../posts-loader.ts'
import { useStrings } from '../i18n/language-context.ts'
import { Icon } from './icon.tsx'
import { PostsLink } from './post-links.tsx'
import { PostList } from './post-list.tsx'
import { SectionHeading } from './section-heading.tsx'

/** The home page's newest posts (after the projects), with a link to all of them; only when the site has posts. */
export function LatestPostsSection() {
  const posts = useLatestPosts()
  const strings = useStrings()
  if (posts.length === 0) return null
  return (
    <section id="writing" className="section" tabIndex={-1} aria-labelledby="writing-title">
      <div className="container">
        <SectionHeading id="writing-title" title={strings.latestWriting} />
        <PostList posts={posts} heading="h3" />
        <PostsLink to={paths.writing} className="button button--secondary latest-posts__all">
          {strings.allPosts}
          <Icon name="arrow-right" size={18} />
        </PostsLink>
      </div>
    </section>
  )
}
