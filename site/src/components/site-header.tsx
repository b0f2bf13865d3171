import { useCallback, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { portfolio } from '../generated/content.ts'
import { useEscapeKey } from '../hooks/use-escape-key.ts'
import { useSectionNavigation } from '../hooks/use-section-navigation.ts'
import { homeSections, paths, type HomeSectionId } from '../paths.ts'
import { Icon } from './icon.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

const MENU_ID = 'site-menu'

/** Fixed top bar: brand, section buttons, dark-mode toggle; below 768px the buttons fold into a menu. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const goToSection = useSectionNavigation()

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
        <Link to={paths.home} className="brand" onClick={() => setMenuOpen(false)}>
          <span className="brand__mark" aria-hidden="true">
            {initials(portfolio.owner.name)}
          </span>
          {portfolio.owner.name}
        </Link>
        <nav aria-label="Main" className="site-nav">
          <ul id={MENU_ID} className="site-nav__list" data-open={menuOpen}>
            {homeSections.map((section) => (
              <li key={section.id}>
                <button type="button" className="site-nav__item" onClick={() => choose(section.id)}>
                  {section.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <ThemeToggle />
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
        </div>
      </div>
    </header>
  )
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('')
}
