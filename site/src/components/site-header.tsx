import { Fragment, useCallback, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { AppLink } from './app-link.tsx'
import { hasPosts } from '../generated/content.ts'
import { useEscapeKey } from '../hooks/use-escape-key.ts'
import { useSectionNavigation } from '../hooks/use-section-navigation.ts'
import { homeSections, paths, type HomeSectionId } from '../paths.ts'
import { Icon } from './icon.tsx'
import { PostsLink } from './post-links.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { initials } from '../initials.ts'
import { useStrings } from '../i18n/language-context.ts'
import type { TextKey } from '../i18n/strings.ts'
import { usePortfolio } from '../i18n/use-portfolio.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { multilingual } from '../generated/strings/index.ts'

const MENU_ID = 'site-menu'

/** The words of the home page's sections in the nav (paths.ts lists them, in order). */
const sectionWords: Record<HomeSectionId, TextKey> = {
  hero: 'navHome',
  about: 'navAbout',
  projects: 'navProjects',
  contact: 'navContact',
}

/** Fixed top bar: brand, section buttons, dark-mode toggle; below 768px the buttons fold into a menu
 * that opens below the bar (Escape closes it and returns focus to its button). */
export function SiteHeader() {
  const portfolio = usePortfolio()
  const strings = useStrings()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const goToSection = useSectionNavigation()
  const { pathname } = useLocation()

  const closeMenu = useCallback(() => {
    setMenuOpen(false)
    menuButton.current?.focus()
  }, [])
  useEscapeKey(menuOpen, closeMenu)

  const choose = (id: HomeSectionId) => {
    setMenuOpen(false)
    goToSection(id)
  }

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <AppLink to={paths.home} className="brand" onClick={() => setMenuOpen(false)}>
          <span className="brand__mark" aria-hidden="true">
            {initials(portfolio.owner.name)}
          </span>
          {portfolio.owner.name}
        </AppLink>
        <nav aria-label={strings.navLabel} className="site-nav">
          {/* Before the list it shows and hides, so Tab goes from the button into the open menu. */}
          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="visually-hidden">{strings.navMenu}</span>
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
          <ul id={MENU_ID} className="site-nav__list" data-open={menuOpen}>
            {homeSections.map((section) => (
              <Fragment key={section.id}>
                {/* A page of its own rather than a section of /: only when there are posts, after Projects. */}
                {section.id === 'contact' && hasPosts ? (
                  <li>
                    <PostsLink
                      to={paths.writing}
                      className="site-nav__item"
                      current={pathname === paths.writing}
                      onClick={() => setMenuOpen(false)}
                    >
                      {strings.navWriting}
                    </PostsLink>
                  </li>
                ) : null}
                <li>
                  <button type="button" className="site-nav__item" onClick={() => choose(section.id)}>
                    {strings[sectionWords[section.id]]}
                  </button>
                </li>
              </Fragment>
            ))}
          </ul>
        </nav>
        {multilingual ? <LanguageSwitcher /> : null}
        <ThemeToggle />
      </div>
    </header>
  )
}
