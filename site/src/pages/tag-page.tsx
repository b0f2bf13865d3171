import { Icon } from '../components/icon.tsx'
import { PostsLink } from '../components/post-links.tsx'
import { PostList } from '../components/post-list.tsx'
import { PostTags } from '../components/post-tags.tsx'
import { useDocumentTitle } from '../hooks/use-document-title.ts'
import { useLanguage } from '../i18n/language-context.ts'
import { countMessage } from '../i18n/strings.ts'
import { usePageWords } from '../i18n/use-page-words.ts'
import { notFoundMeta, tagTitle } from '../page-meta.ts'
import { paths } from '../paths.ts'
import { usePostsIndex } from '../posts-loader.ts'
import { postTags, postsTagged } from '../writing.ts'
import { NotFoundPage } from './not-found-page.tsx'

/** /writing/tags/<slug>: the posts with one tag, newest first; its chips lead to the other tags. */
export function TagPage({ slug }: { slug: string }) {
  const posts = usePostsIndex()
  const tags = postTags(posts)
  const tag = tags.find((t) => t.slug === slug)
  const words = usePageWords()
  const { strings, lang } = useLanguage()
  useDocumentTitle(tag ? tagTitle(tag.name, words) : notFoundMeta(words).title)
  if (!tag) return <NotFoundPage />
  const shown = postsTagged(posts, slug)
  const others = tags.filter((t) => t !== tag)
  return (
    <section className="section writing-page" aria-labelledby="tag-title">
      <div className="container writing-page__inner">
        <PostsLink to={paths.writing} className="back-link">
          <Icon name="arrow-left" size={18} />
          {strings.allPosts}
        </PostsLink>
        <div className="section-heading">
          <p className="eyebrow">{strings.tag}</p>
          <h1 id="tag-title">{tag.name}</h1>
          <p className="writing-page__count">
            {countMessage(strings.postCount, shown.length, lang, { tag: tag.name })}
          </p>
        </div>
        <PostList posts={shown} activeTag={slug} />
        {others.length > 0 ? (
          <>
            <h2 className="writing-page__tags">{strings.otherTags}</h2>
            <PostTags tags={others.map((t) => t.name)} label={strings.otherTags} />
          </>
        ) : null}
      </div>
    </section>
  )
}
