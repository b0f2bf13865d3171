/** Browser-only helpers for moving to a section; call them from effects and event handlers. */

/** 'smooth' unless the visitor prefers reduced motion (or smooth is not wanted). */
export function scrollBehavior(smooth: boolean): ScrollBehavior {
  return smooth && !window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'smooth' : 'instant'
}

/**
 * Scrolls to the element with this id (smoothly unless the visitor prefers reduced motion) and
 * moves focus there when it is focusable, so keyboard and screen-reader users land there too.
 * Returns false when no such element exists.
 */
export function scrollToId(id: string, { smooth = true } = {}): boolean {
  const target = document.getElementById(id)
  if (!target) return false
  target.scrollIntoView({ behavior: scrollBehavior(smooth), block: 'start' })
  if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true })
  return true
}

/** `#architecture` -> `architecture` (decoded); empty for no hash. */
export function idFromHash(hash: string): string {
  const raw = hash.replace(/^#/, '')
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/**
 * Calls `found` once an element with this id is in the document: at once if it is there, else when
 * the page renders it (a case study reached in the app renders once its data has loaded). Gives up
 * after `timeoutMs`. Returns a function that stops waiting.
 */
export function whenElementAppears(id: string, found: () => void, timeoutMs: number): () => void {
  if (document.getElementById(id)) {
    found()
    return () => undefined
  }
  const observer = new MutationObserver(() => {
    if (!document.getElementById(id)) return
    stop()
    found()
  })
  const timer = window.setTimeout(() => stop(), timeoutMs)
  function stop(): void {
    observer.disconnect()
    window.clearTimeout(timer)
  }
  observer.observe(document.body, { childList: true, subtree: true })
  return stop
}
