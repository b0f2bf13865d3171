import { FeedLinks } from '../components/feed-links.tsx'
import { PostList } from '../components/post-list.tsx'
import { PostTags } from '../components/post-tags.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { useStrings } from '../i18n/language-context.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { notFoundMeta, writingTitle } from '../page-meta.ts'
import { usePostsIndex } from '../posts-loader.ts'
import { postTags } from '../writing.ts'
import { NotFoundPage } from './not-found-page.tsx'

/** /writing: every post, newest first (the posts of writing.external link out), the feeds and the tags. */
export function WritingPage() {
  const posts = usePostsIndex()
  const words = usePageWords()
  const strings = useStrings()
  useDocumentTitle(posts.length > 0 ? writingTitle(words) : notFoundMeta(words).title)
  if (posts.length === 0) return <NotFoundPage />
  const tags = postTags(posts)
  return (
    <section className="section writing-page" aria-labelledby="writing-title">
      <div className="container writing-page__inner">
        <div className="section-heading">
          <p className="eyebrow">{strings.writing}</p>
          <h1 id="writing-title">{strings.posts}</h1>
          <FeedLinks />
        </div>
        <PostList posts={posts} />
        {tags.length > 0 ? (
          <>
            <h2 className="writing-page__tags">{strings.tags}</h2>
            <PostTags tags={tags.map((tag) => tag.name)} label={strings.everyTag} />
          </>
        ) : null}
      </div>
    </section>
  )
}
