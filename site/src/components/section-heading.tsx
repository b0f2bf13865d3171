import type { ReactNode } from 'react'

/** A section's h2 (with the id its section is labelled by) and optional lead text. */
export function SectionHeading({
  id,
  title,
  lang,
  children,
}: {
  id?: string
  title: string
  /** The title's language when it is not the page's (a fallback). */
  lang?: string | undefined
  children?: ReactNode
}) {
  return (
    <div className="section-heading">
      <h2 id={id} lang={lang}>
        {title}
      </h2>
      {children ? <div className="section-heading__lead">{children}</div> : null}
    </div>
  )
}
