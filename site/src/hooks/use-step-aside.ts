import { type RefObject, useEffect } from 'react'
import { type Box, liftClearOf } from '../step-aside.ts'

/** What a visitor taps or types into: a floating button must not lie over any of them. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])'
/** Room left between the button and a control it steps above, in px. */
const GAP = 8
/**
 * How long the page must rest after scrolling (or resizing) before the button moves. While the page
 * moves the button stays where it is: moving with every frame, it would ride along each control
 * that passes under it. 120 ms outlasts the gap between two scroll events of a fling.
 */
const SETTLE_MS = 120

/**
 * Keeps a fixed floating button off the page's controls: it rests where the CSS puts it (the same
 * place on every page), and while a visible control lies under it there, it rises to the lowest free
 * slot above, through the CSS variable --chat-lift on `button` (a `translate` in the stylesheet, so
 * nothing around it moves and no layout shifts). `frame` is the button's fixed container, whose box
 * the button's lift does not change; `active` false (the panel open above it) puts it back to rest.
 * Placed again when the page settles after a scroll, on resize, when the page's size changes and
 * when `page` (the route) changes.
 */
export function useStepAside(
  frame: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  active: boolean,
  page: string,
): void {
  useEffect(() => {
    const target = button.current
    const container = frame.current
    if (!target || !container) return
    if (!active) {
      target.style.setProperty('--chat-lift', '0px')
      target.dataset.placed = ''
      return
    }

    const place = () => {
      const outer = container.getBoundingClientRect()
      // offsetLeft/offsetTop ignore transforms: the rest box, whatever the lift or hover scale.
      const left = outer.left + target.offsetLeft
      const top = outer.top + target.offsetTop
      const rest: Box = { left, top, right: left + target.offsetWidth, bottom: top + target.offsetHeight }
      const obstacles: Box[] = []
      for (const element of document.querySelectorAll(CONTROLS)) {
        if (container.contains(element)) continue
        const r = element.getBoundingClientRect()
        if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue
        if (r.right <= rest.left - GAP || r.left >= rest.right + GAP) continue
        if (getComputedStyle(element).visibility === 'hidden') continue
        obstacles.push(r)
      }
      // The fixed header's height: the button never rises under it.
      const header = Number.parseFloat(getComputedStyle(target).getPropertyValue('--header-height')) || 0
      const lift = liftClearOf(rest, obstacles, header + GAP, GAP) ?? 0
      target.style.setProperty('--chat-lift', `${lift}px`)
      if (target.dataset.placed === undefined) {
        // Shown only now (chat.css), in its place at once: the style is taken with the lift before
        // the attribute brings back the transition, so it does not glide in over a control.
        void target.offsetWidth
        target.dataset.placed = ''
      }
    }

    let timer: number | undefined
    const placeWhenSettled = () => {
      window.clearTimeout(timer)
      timer = window.setTimeout(place, SETTLE_MS)
    }
    place()
    window.addEventListener('scroll', placeWhenSettled, { passive: true })
    window.addEventListener('resize', placeWhenSettled)
    // Content that grows or shrinks (a route's page arriving, an image's panel opening) moves controls.
    const resized = new ResizeObserver(placeWhenSettled)
    resized.observe(document.body)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('scroll', placeWhenSettled)
      window.removeEventListener('resize', placeWhenSettled)
      resized.disconnect()
    }
  }, [frame, button, active, page])
}
