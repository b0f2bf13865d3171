import { Fragment, useCallback, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { AppLink } from './app-link.tsx'
import { hasPosts, portfolio } from '../generated/content.ts'
import { useEscapeKey } from '../hooks/use-escape-key.ts'
import { useSectionNavigation } from '../hooks/use-section-navigation.ts'
import { homeSections, paths, type HomeSectionId } from '../paths.ts'
import { Icon } from './icon.tsx'
import { PostsLink } from './post-links.tsx'
import { ThemeToggle } from './theme-toggle.tsx'
import { initials } from '../initials.ts'

const MENU_ID = 'site-menu'

/** Fixed top bar: brand, section buttons, dark-mode toggle; below 768px the buttons fold into a menu
 * that opens below the bar (Escape closes it and returns focus to its button). */
export function SiteHeader() {
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
        <nav aria-label="Main" className="site-nav">
          {/* Before the list it shows and hides, so Tab goes from the button into the open menu. */}
          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="visually-hidden">Menu</span>
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
                      Writing
                    </PostsLink>
                  </li>
                ) : null}
                <li>
                  <button type="button" className="site-nav__item" onClick={() => choose(section.id)}>
                    {section.label}
                  </button>
                </li>
              </Fragment>
            ))}
          </ul>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  )
}
