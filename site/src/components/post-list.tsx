import type { PostSummary } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useStrings } from '../i18n/language-context.ts'
import { fill } from '../i18n/strings.ts'
import { ExternalLink } from './external-link.tsx'
import { Icon } from './icon.tsx'
import { PostLink } from './post-links.tsx'
import { PostMeta } from './post-meta.tsx'
import { PostTags } from './post-tags.tsx'

/**
 * Posts as a list, newest first: each its title (a link to its page, or out to where a post of
 * writing.external is read, with the feed's name), dates, reading time, summary and tags. `heading`
 * is the level of the titles under the list's own heading.
 */
export function PostList({
  posts,
  heading = 'h2',
  activeTag,
}: {
  posts: readonly PostSummary[]
  heading?: 'h2' | 'h3'
  activeTag?: string
}) {
  const Heading = heading
  const strings = useStrings()
  return (
    <ol className="post-list">
      {posts.map((post) => (
        <li key={post.slug}>
          <article className="card post-item" aria-labelledby={`post-${post.slug}`}>
            <Heading id={`post-${post.slug}`} className="post-item__title">
              {post.external ? (
                <ExternalLink href={post.external.url}>
                  {post.title}
                  <Icon name="external" size={16} />
                </ExternalLink>
              ) : (
                <PostLink slug={post.slug}>{post.title}</PostLink>
              )}
            </Heading>
            <PostMeta post={post} />
            {post.external ? (
              <p className="post-item__source">{fillNodes(strings.postSource, { feed: post.external.feed })}</p>
            ) : null}
            <p className="post-item__summary">{post.summary}</p>
            <PostTags tags={post.tags} label={fill(strings.tagsOf, { title: post.title })} active={activeTag} />
          </article>
        </li>
      ))}
    </ol>
  )
}
