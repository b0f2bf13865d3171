import { useCallback, useEffect, useState } from 'react'

export type Theme = 'light' | 'dark'

/** Same key as the inline script in index.html, which applies the theme before first paint. */
export const THEME_STORAGE_KEY = 'theme'

const darkQuery = '(prefers-color-scheme: dark)'

function storedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY)
    return value === 'dark' || value === 'light' ? value : null
  } catch {
    return null
  }
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
}

/**
 * The current theme and a toggle. It is null during the server render and the first client render
 * (so both match), and read from <html data-theme> in an effect after hydration. Until the visitor
 * toggles, the theme follows the system preference; after that the choice is remembered.
 */
export function useTheme(): { theme: Theme | null; toggleTheme: () => void } {
  const [theme, setTheme] = useState<Theme | null>(null)

  useEffect(() => {
    const current = document.documentElement.dataset.theme
    setTheme(current === 'dark' || current === 'light' ? current : null)
    const media = window.matchMedia(darkQuery)
    const followSystem = () => {
      if (storedTheme()) return
      const next: Theme = media.matches ? 'dark' : 'light'
      applyTheme(next)
      setTheme(next)
    }
    media.addEventListener('change', followSystem)
    return () => media.removeEventListener('change', followSystem)
  }, [])

  const toggleTheme = useCallback(() => {
    const current = document.documentElement.dataset.theme
    const next: Theme = current === 'dark' ? 'light' : 'dark'
    applyTheme(next)
    setTheme(next)
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, next)
    } catch {
      // Storage blocked: the choice lasts for this page view only.
    }
  }, [])

  return { theme, toggleTheme }
}
