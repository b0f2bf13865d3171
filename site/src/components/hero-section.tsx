import { fillNodes } from '../i18n/fill-nodes.tsx'
import { useLanguage } from '../i18n/language-context.ts'
import { pluralForm } from '../i18n/strings.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { Icon } from './icon.tsx'
import { ResumeLink } from './resume-link.tsx'

export function HeroSection() {
  const { hero, owner } = usePortfolio()
  const { strings, lang, shownIn } = useLanguage()
  /** The years are written as the content gives them ("7+"); their number picks the plural form. */
  const years = (message: typeof strings.heroYearsFullStack, value: string) =>
    fillNodes(pluralForm(message, Number.parseFloat(value), lang), { count: <strong>{value}</strong> })
  return (
    <section id="hero" className="hero" tabIndex={-1} aria-labelledby="hero-title">
      <div className="container hero__inner">
        {hero.eyebrow ? (
          <p className="eyebrow" lang={shownIn('/hero/eyebrow')}>
            {hero.eyebrow}
          </p>
        ) : null}
        <p className="hero__owner">
          {owner.name}
          <span aria-hidden="true"> · </span>
          <span className="hero__role" lang={shownIn('/owner/role')}>
            {owner.role}
          </span>
        </p>
        <h1 id="hero-title" className="hero__headline" lang={shownIn('/hero/headline')}>
          {hero.headline}
        </h1>
        <p className="hero__tagline" lang={shownIn('/hero/tagline')}>
          {hero.tagline}
        </p>
        <ul className="hero__experience" aria-label={strings.heroExperienceLabel}>
          <li>{years(strings.heroYearsInOperations, owner.yearsInOperations)}</li>
          <li>{years(strings.heroYearsFullStack, owner.yearsFullStack)}</li>
          {owner.location ? <li lang={shownIn('/owner/location')}>{owner.location}</li> : null}
        </ul>
        <div className="button-row">
          <a href="#projects" className="button button--primary">
            {strings.viewProjects}
            <Icon name="arrow-right" size={18} />
          </a>
          <ResumeLink className="button button--secondary" />
        </div>
        <dl className="claims">
          {hero.claims.map((claim) => (
            <div key={claim.label} className="claim">
              <dt className="claim__label">{claim.label}</dt>
              <dd className="claim__value">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
