import type { PostSummary } from '../generated/types.ts'
import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useLanguage } from '../i18n/language-context.ts'
import { countMessage } from '../i18n/strings.ts'
import { formatDay } from '../period.ts'
import { dateOnly } from '../writing.ts'

/** A post's dates and reading time: "March 14, 2026 · Updated April 2, 2026 · 6 min read" (in English). */
export function PostMeta({ post }: { post: PostSummary }) {
  const { strings, lang } = useLanguage()
  return (
    <p className="post-meta">
      <span>
        <span className="visually-hidden">{strings.published}</span>
        <time dateTime={dateOnly(post.published)}>{formatDay(post.published, lang)}</time>
      </span>
      {post.updated && dateOnly(post.updated) !== dateOnly(post.published) ? (
        <span>
          {fillNodes(strings.updated, {
            date: <time dateTime={dateOnly(post.updated)}>{formatDay(post.updated, lang)}</time>,
          })}
        </span>
      ) : null}
      {post.external ? null : (
        <span>{countMessage(strings.readingTime, Math.max(1, Math.round(post.readingMinutes)), lang)}</span>
      )}
      {post.draft ? <span className="post-meta__draft">{strings.draft}</span> : null}
    </p>
  )
}
