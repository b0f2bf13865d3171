import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'
import { idFromHash, scrollBehavior, scrollToId } from '../scroll.ts'

/** Scroll position per history entry, so Back and Forward return to where the visitor was. */
const savedPositions = new Map<string, number>()

/**
 * Page-level scrolling on every location change: to the hash target when the URL has one (also
 * after client navigation, e.g. /projects/logic-i#architecture or /#projects); back to the saved
 * position on Back/Forward; otherwise to the top (every page starts at the top on load). Moves
 * within the same page glide; moves to another page jump.
 */
export function useScrollOnNavigate(): void {
  const { key, pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  // The location this hook last acted on (effects can run twice for one location in StrictMode).
  const handled = useRef<{ key: string; pathname: string; hash: string } | null>(null)

  useEffect(() => {
    window.history.scrollRestoration = 'manual'
  }, [])

  useEffect(() => {
    const save = () => savedPositions.set(key, window.scrollY)
    window.addEventListener('scroll', save, { passive: true })
    return () => window.removeEventListener('scroll', save)
  }, [key])

  useEffect(() => {
    const previous = handled.current
    if (previous && previous.key === key && previous.pathname === pathname && previous.hash === hash) return
    handled.current = { key, pathname, hash }
    const samePage = previous?.pathname === pathname
    const isFirstRender = previous === null
    if (!(hash && scrollToId(idFromHash(hash), { smooth: samePage }))) {
      const saved = navigationType === 'POP' && !isFirstRender ? savedPositions.get(key) : undefined
      window.scrollTo({ top: saved ?? 0, behavior: scrollBehavior(samePage) })
    }
    // Only now let in-page links glide (base.css): with smooth scrolling on from the start, the
    // browser's own jump to a URL's #fragment during load would animate from the top, and a scroll
    // above would not stop that animation, so the page would overshoot its target.
    if (isFirstRender) document.documentElement.dataset.scroll = 'smooth'
  }, [key, pathname, hash, navigationType])
}
