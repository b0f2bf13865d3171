/**
 * In the page: each responsive image's `sizes` (what the browser picked a file by) against the width
 * the CSS gave it. A page script as a string, so the test runner's transforms cannot wrap its helpers.
 */
export interface SlotWidth {
  slot: string
  alt: string
  /** The width `sizes` says at this viewport, CSS px. */
  sizes: number
  /** The <img>'s laid-out width, CSS px. */
  rendered: number
}

export const MEASURE_SLOTS = `(() => {
  const probe = document.createElement('div')
  probe.style.cssText = 'position:absolute;visibility:hidden;height:0'
  document.body.append(probe)
  const widthOf = (length) => {
    probe.style.width = length
    return probe.getBoundingClientRect().width
  }
  const evaluate = (sizes) => {
    for (const entry of sizes.split(',').map((s) => s.trim())) {
      const match = /^(\\(.*\\))\\s+(\\S.*)$/.exec(entry)
      if (!match) return widthOf(entry)
      if (matchMedia(match[1]).matches) return widthOf(match[2])
    }
    return NaN
  }
  const found = [...document.querySelectorAll('picture > img')].map((img) => ({
    slot: img.closest('picture').className.replace('picture', '').trim() || img.closest('[class]').className,
    alt: img.alt,
    sizes: Math.round(evaluate(img.sizes) * 10) / 10,
    rendered: Math.round(img.getBoundingClientRect().width * 10) / 10,
  }))
  probe.remove()
  return found
})()`
