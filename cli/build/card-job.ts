import { renderCard } from '../social/render-card.ts'

/** Cards a worker must have to pay for starting it (~0.1-0.2 s, resvg and its fonts): a handful stay in the calling thread. */
export const CARDS_PER_WORKER = 20

/** Cards given to the pool at once: a few seconds of work on two cores, enough to keep every worker busy. */
export const CARDS_PER_RUN = 100

/**
 * The per-card job of the worker pool: a social card's SVG as PNG bytes. resvg takes ~30-60 ms of
 * CPU a card, most of a cold build of a thousand projects, so the cards share the build's workers.
 */
export function renderCardJob(svg: string): Uint8Array {
  return renderCard(svg)
}
