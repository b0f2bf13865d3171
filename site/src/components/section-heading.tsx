import type { ReactNode } from 'react'

/** A section's h2 (with the id its section is labelled by) and optional lead text. */
export function SectionHeading({ id, title, children }: { id?: string; title: string; children?: ReactNode }) {
  return (
    <div className="section-heading">
      <h2 id={id}>{title}</h2>
      {children ? <div className="section-heading__lead">{children}</div> : null}
    </div>
  )
}
