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
