import { portfolio } from '../generated/content.ts'
import { Icon } from './icon.tsx'
import { ResumeLink } from './resume-link.tsx'

export function HeroSection() {
  const { hero, owner } = portfolio
  return (
    <section id="hero" className="hero" tabIndex={-1} aria-labelledby="hero-title">
      <div className="container hero__inner">
        {hero.eyebrow ? <p className="eyebrow">{hero.eyebrow}</p> : null}
        <p className="hero__owner">
          {owner.name}
          <span aria-hidden="true"> · </span>
          <span className="hero__role">{owner.role}</span>
        </p>
        <h1 id="hero-title" className="hero__headline">
          {hero.headline}
        </h1>
        <p className="hero__tagline">{hero.tagline}</p>
        <ul className="hero__experience" aria-label="Experience">
          <li>
            <strong>{owner.yearsInOperations}</strong> years in business operations
          </li>
          <li>
            <strong>{owner.yearsFullStack}</strong> {owner.yearsFullStack === '1' ? 'year' : 'years'} of full-stack
            development
          </li>
          {owner.location ? <li>{owner.location}</li> : null}
        </ul>
        <div className="button-row">
          <a href="#projects" className="button button--primary">
            View Projects
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
