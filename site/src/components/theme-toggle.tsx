import { useStrings } from '../i18n/language-context.ts'
import { useTheme } from '../theme.ts'
import { Icon } from './icon.tsx'

/** Dark-mode switch. Both icons are rendered and CSS shows the one for <html data-theme>, so the
 * button looks right before hydration and the markup is identical on server and client. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme()
  const strings = useStrings()
  return (
    <button type="button" className="icon-button theme-toggle" aria-pressed={theme === 'dark'} onClick={toggleTheme}>
      <span className="visually-hidden">{strings.darkMode}</span>
      <span className="theme-toggle__moon">
        <Icon name="moon" />
      </span>
      <span className="theme-toggle__sun">
        <Icon name="sun" />
      </span>
    </button>
  )
}
