import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'
import { idFromHash, scrollBehavior, scrollToId, whenElementAppears } from '../scroll.ts'

/** How long a URL's #target may take to appear: a case study reached in the app renders once its data has loaded. */
export const TARGET_WAIT_MS = 10_000

/** Scroll position per history entry, so Back and Forward return to where the visitor was. */
const savedPositions = new Map<string, number>()

/**
 * Page-level scrolling on every location change: to the hash target when the URL has one (also
 * after client navigation, e.g. /projects/logic-i#architecture or /#projects); back to the saved
 * position on Back/Forward; otherwise to the top (every page starts at the top on load). Moves
 * within the same page glide; moves to another page jump. A hash target not rendered yet (another
 * case study, still loading) is jumped to when it appears, so every in-app link to a section lands
 * on it.
 */
export function useScrollOnNavigate(): void {
  const { key, pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  // The location this hook last acted on (effects can run twice for one location in StrictMode).
  const handled = useRef<{ key: string; pathname: string; hash: string } | null>(null)
  // Stops waiting for the previous location's hash target. Not an effect cleanup: StrictMode's
  // second run of the effect returns early (see `handled`) and would not wait again.
  const stopWaiting = useRef<() => void>(() => {})

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
    stopWaiting.current()
    const target = idFromHash(hash)
    if (!(target && scrollToId(target, { smooth: samePage }))) {
      const saved = navigationType === 'POP' && !isFirstRender ? savedPositions.get(key) : undefined
      window.scrollTo({ top: saved ?? 0, behavior: scrollBehavior(samePage) })
      if (target)
        stopWaiting.current = whenElementAppears(target, () => scrollToId(target, { smooth: false }), TARGET_WAIT_MS)
    }
    // Only now let in-page links glide (base.css): with smooth scrolling on from the start, the
    // browser's own jump to a URL's #fragment during load would animate from the top, and a scroll
    // above would not stop that animation, so the page would overshoot its target.
    if (isFirstRender) document.documentElement.dataset.scroll = 'smooth'
  }, [key, pathname, hash, navigationType])
}
