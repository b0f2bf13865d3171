import type { PostSummary } from '../generated/types.ts'
import { formatDay } from '../period.ts'
import { dateOnly, readingTime } from '../writing.ts'

/** A post's dates and reading time: "March 14, 2026 · Updated April 2, 2026 · 6 min read". */
export function PostMeta({ post }: { post: PostSummary }) {
  return (
    <p className="post-meta">
      <span>
        <span className="visually-hidden">Published </span>
        <time dateTime={dateOnly(post.published)}>{formatDay(post.published)}</time>
      </span>
      {post.updated && dateOnly(post.updated) !== dateOnly(post.published) ? (
        <span>
          Updated <time dateTime={dateOnly(post.updated)}>{formatDay(post.updated)}</time>
        </span>
      ) : null}
      {post.external ? null : <span>{readingTime(post.readingMinutes)}</span>}
      {post.draft ? <span className="post-meta__draft">Draft</span> : null}
    </p>
  )
}
