import { paths } from '../paths.ts'
import { techSlug } from '../technologies.ts'
import { PostsLink } from './post-links.tsx'

/** A post's tags, each a link to its tag page (plain links in the HTML: they work without JavaScript). */
export function PostTags({ tags, label, active }: { tags: readonly string[]; label: string; active?: string }) {
  if (tags.length === 0) return null
  return (
    <ul className="tags" aria-label={label}>
      {tags.map((tag) => {
        const slug = techSlug(tag)
        return (
          <li key={slug}>
            <PostsLink to={paths.tag(slug)} className="tag tag--link" current={slug === active}>
              {tag}
            </PostsLink>
          </li>
        )
      })}
    </ul>
  )
}
