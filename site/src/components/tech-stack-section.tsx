import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { SectionHeading } from './section-heading.tsx'
import { StackGroups } from './stack-groups.tsx'

/** The home page's tech stack. It has no id (SPEC section 2), so it is named by aria-label. */
export function TechStackSection() {
  const portfolio = usePortfolio()
  const { shownIn } = useLanguage()
  const { title, intro, groups } = portfolio.techStack
  return (
    <section className="section" aria-label={title}>
      <div className="container">
        <SectionHeading title={title} lang={shownIn('/techStack/title')}>
          {intro ? <p lang={shownIn('/techStack/intro')}>{intro}</p> : null}
        </SectionHeading>
        <StackGroups groups={groups} />
      </div>
    </section>
  )
}
