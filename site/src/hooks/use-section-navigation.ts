import { useCallback, useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { paths, type HomeSectionId } from '../paths.ts'
import { loadHomeData } from '../home-data.ts'
import { scrollToId } from '../scroll.ts'

/** Wait after navigating home before scrolling, so the home page has rendered (SPEC section 9). */
export const SCROLL_DELAY_MS = 100

/** Returns `goToSection(id)`: on / it scrolls smoothly at once; elsewhere it navigates to / first
 * and scrolls after SCROLL_DELAY_MS. */
export function useSectionNavigation(): (id: HomeSectionId) => void {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  return useCallback(
    (id: HomeSectionId) => {
      window.clearTimeout(timer.current)
      if (pathname === paths.home) {
        scrollToId(id)
        return
      }
      const go = () => {
        void navigate(paths.home)
        timer.current = window.setTimeout(() => scrollToId(id), SCROLL_DELAY_MS)
      }
      // The home page's cards are a chunk of their own: navigate once they are here.
      loadHomeData().then(go, go)
    },
    [navigate, pathname],
  )
}
