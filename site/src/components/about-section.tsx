import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { imageSizes } from '../image-sizes.ts'
import { CareerSection } from './career-section.tsx'
import { HtmlBlock } from './html-block.tsx'
import { Picture } from './picture.tsx'
import { SectionHeading } from './section-heading.tsx'

export function AboutSection() {
  const portfolio = usePortfolio()
  const { shownIn } = useLanguage()
  const { title, body, highlights = [] } = portfolio.about
  const { photo } = portfolio
  return (
    <section id="about" className="section" tabIndex={-1} aria-labelledby="about-title">
      <div className="container">
        <SectionHeading id="about-title" title={title} lang={shownIn('/about/title')} />
        <div className="about">
          <div className="about__main">
            {photo ? <Picture image={photo} sizes={imageSizes.photo} className="about__photo" /> : null}
            <HtmlBlock html={body} className="prose about__body" lang={shownIn('/about/body')} />
          </div>
          {highlights.length > 0 ? (
            <ul className="about__highlights">
              {highlights.map((item) => (
                <li key={item.title} className="card highlight">
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <CareerSection content={portfolio} />
      </div>
    </section>
  )
}
