import { portfolio } from '../generated/content.ts'
import { SectionHeading } from './section-heading.tsx'
import { StackGroups } from './stack-groups.tsx'

/** The home page's tech stack. It has no id (SPEC section 2), so it is named by aria-label. */
export function TechStackSection() {
  const { title, intro, groups } = portfolio.techStack
  return (
    <section className="section" aria-label={title}>
      <div className="container">
        <SectionHeading title={title}>{intro ? <p>{intro}</p> : null}</SectionHeading>
        <StackGroups groups={groups} />
      </div>
    </section>
  )
}
