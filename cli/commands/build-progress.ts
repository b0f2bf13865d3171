import type { Logger } from '../logger.ts'

/** How long a step runs before its live count shows, and how often the count is written again. */
export const LIVE_AFTER_MS = 1000
const REDRAW_MS = 100

/** A build's steps as the terminal shows them (see BuildOptions: onStepStart, onProgress, onStep). */
export interface StepPrinter {
  start(step: string): void
  progress(step: string, done: number, total: number): void
  end(step: string, milliseconds: number, detail?: string): void
  /** The build ended, maybe in the middle of a step (it failed): a live line still shown is cleared. */
  close(): void
}

/**
 * One plain line per step when it ends, as always. On a live terminal (logger.live), a step that
 * has run for LIVE_AFTER_MS and counts its items also shows `  prerender   412/1002` on one line
 * rewritten in place, which the step's plain line replaces. `now` is the clock (tests give their own).
 */
export function stepPrinter(logger: Logger, now: () => number = Date.now): StepPrinter {
  const counts = new Map<string, { done: number; total: number }>()
  let current: { step: string; started: number; timer?: NodeJS.Timeout } | undefined
  let shown = false
  let drawn = 0
  const draw = () => {
    const count = current && counts.get(current.step)
    if (!current || !count || !logger.live || !logger.status) return
    logger.status(`  ${current.step.padEnd(30)} ${count.done}/${count.total}`)
    shown = true
    drawn = now()
  }
  return {
    start(step) {
      clearTimeout(current?.timer)
      current = { step, started: now() }
      if (!logger.live) return
      current.timer = setTimeout(draw, LIVE_AFTER_MS)
      current.timer.unref()
    },
    progress(step, done, total) {
      counts.set(step, { done, total })
      if (current?.step !== step) return
      const at = now()
      if (at - current.started >= LIVE_AFTER_MS && (at - drawn >= REDRAW_MS || done === total)) draw()
    },
    end(step, milliseconds, detail) {
      if (current?.step === step) {
        clearTimeout(current.timer)
        current = undefined
      }
      if (shown) logger.status?.('')
      shown = false
      logger.info(`  ${step.padEnd(30)} ${formatMs(milliseconds).padStart(7)}${detail ? `  ${detail}` : ''}`)
    },
    close() {
      clearTimeout(current?.timer)
      current = undefined
      if (shown) logger.status?.('')
      shown = false
    },
  }
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`
}
