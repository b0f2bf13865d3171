import { portfolio } from '../generated/content.ts'
import { HtmlBlock } from './html-block.tsx'
import { Icon } from './icon.tsx'
import { ProfileLinks } from './profile-links.tsx'

export function ContactSection() {
  const { title, body, email } = portfolio.contact
  return (
    <section id="contact" className="section section--tinted" tabIndex={-1} aria-labelledby="contact-title">
      <div className="container">
        <div className="card contact">
          <h2 id="contact-title">{title}</h2>
          <HtmlBlock html={body} className="prose contact__body" />
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
