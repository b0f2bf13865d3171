/** A box in viewport pixels, as getBoundingClientRect gives it. */
export interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/**
 * How far a floating button resting at `rest` must rise so that its box, grown by `gap` on every
 * side, overlaps none of `obstacles`: 0 when nothing is under it, else the smallest lift that places
 * its bottom `gap` above one obstacle's top and clear of all the others. Only obstacles in the
 * button's column can be in the way. null when every free slot would take its top above `ceiling`
 * (the fixed header's bottom edge).
 */
export function liftClearOf(rest: Box, obstacles: readonly Box[], ceiling: number, gap: number): number | null {
  const column = obstacles.filter((o) => o.right > rest.left - gap && o.left < rest.right + gap)
  const clearAt = (lift: number) =>
    column.every((o) => o.bottom <= rest.top - lift - gap || o.top >= rest.bottom - lift + gap)
  // The lowest free slot is at rest or right above some obstacle: those are the only candidates.
  const candidates = [0, ...column.map((o) => rest.bottom + gap - o.top)]
    .filter((lift) => lift >= 0)
    .sort((a, b) => a - b)
  for (const lift of candidates) {
    if (rest.top - lift < ceiling) return null
    if (clearAt(lift)) return lift
  }
  return null
}
