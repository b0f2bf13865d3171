import { useStrings } from '../i18n/language-context.ts'

/** One link of a table of contents: an anchor of the page, its text, and (for a post's h3) level 3. */
export interface TocEntry {
  id: string
  title: string
  level?: 2 | 3
}

/** In-page links to a case study's sections or a post's headings (plain hash links: they work without JavaScript). */
export function TableOfContents({ entries }: { entries: readonly TocEntry[] }) {
  const strings = useStrings()
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title" className="toc__title">
        {strings.onThisPage}
      </h2>
      <ol className="toc__list">
        {entries.map((entry) => (
          <li key={entry.id} className={entry.level === 3 ? 'toc__sub' : undefined}>
            <a href={`#${entry.id}`}>{entry.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
