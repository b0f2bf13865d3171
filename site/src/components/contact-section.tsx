import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { HtmlBlock } from './html-block.tsx'
import { Icon } from './icon.tsx'
import { ProfileLinks } from './profile-links.tsx'

export function ContactSection() {
  const portfolio = usePortfolio()
  const { shownIn } = useLanguage()
  const { title, body, email } = portfolio.contact
  return (
    <section id="contact" className="section section--tinted" tabIndex={-1} aria-labelledby="contact-title">
      <div className="container">
        <div className="card contact">
          <h2 id="contact-title" lang={shownIn('/contact/title')}>
            {title}
          </h2>
          <HtmlBlock html={body} className="prose contact__body" lang={shownIn('/contact/body')} />
          <div className="button-row button-row--center">
            <a href={email} className="button button--primary">
              <Icon name="mail" size={18} />
              {email.replace(/^mailto:/, '')}
            </a>
            <ProfileLinks />
          </div>
        </div>
      </div>
    </section>
  )
}
