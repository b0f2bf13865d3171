import type { RenderedSection } from '../generated/types.ts'

/** In-page links to a case study's sections (plain hash links: they work without JavaScript). */
export function TableOfContents({ sections }: { sections: readonly RenderedSection[] }) {
  return (
    <nav className="toc" aria-labelledby="toc-title">
      <h2 id="toc-title" className="toc__title">
        On this page
      </h2>
      <ol className="toc__list">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
