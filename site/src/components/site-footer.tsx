import { useLanguage } from '../i18n/language-context.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { ProfileLinks } from './profile-links.tsx'
import { ResumeLink } from './resume-link.tsx'

/** On every page. Deliberately year-free: render output must not depend on the clock. */
export function SiteFooter() {
  const portfolio = usePortfolio()
  const { shownIn } = useLanguage()
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div>
          <p className="site-footer__name">{portfolio.owner.name}</p>
          <p className="site-footer__text" lang={shownIn('/footer/text')}>
            {portfolio.footer.text}
          </p>
        </div>
        <div className="site-footer__links">
          <ResumeLink className="footer-link" />
          <ProfileLinks className="footer-link" />
        </div>
      </div>
    </footer>
  )
}
