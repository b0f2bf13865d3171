import type { MouseEvent } from 'react'
import { paths } from '../paths.ts'
import { useTechFilter, type TechFilter } from '../tech-filter.ts'
import { techSlug } from '../technologies.ts'
import { AppLink } from './app-link.tsx'

/**
 * Technology names (or other words) as small tags. With `tech`, inside a TechFilter (/ and the tech
 * pages), a technology that has a page is a link to it: a plain link in the HTML, so it works with
 * JavaScript off; on / a plain click narrows the list in place instead.
 */
export function TagList({ items, label, tech = false }: { items: readonly string[]; label?: string; tech?: boolean }) {
  const filter = useTechFilter()
  return (
    <ul className="tags" aria-label={label}>
      {items.map((item) => {
        const slug = tech && filter?.pages.has(techSlug(item)) ? techSlug(item) : undefined
        return slug && filter ? (
          <li key={item}>
            <TechLink name={item} slug={slug} filter={filter} />
          </li>
        ) : (
          <li key={item} className="tag">
            {item}
          </li>
        )
      })}
    </ul>
  )
}

function TechLink({ name, slug, filter }: { name: string; slug: string; filter: TechFilter }) {
  const { choose } = filter
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens the page in a new tab or window, as any link does.
    if (!choose || event.button || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    choose(slug, event.currentTarget)
  }
  return (
    <AppLink
      to={paths.tech(slug)}
      className="tag tag--link"
      aria-current={filter.active === slug || undefined}
      onClick={onClick}
    >
      {name}
    </AppLink>
  )
}
