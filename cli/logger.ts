/* The only module that writes to the terminal: results on stdout, diagnostics and progress on stderr. */

export interface Logger {
  /** Machine-readable results (json diagnostics, URLs). */
  result(text: string): void
  /** Progress, diagnostics, errors. */
  info(text: string): void
  color: boolean
  /** True when `status` may rewrite a line in place (see useLiveLine). */
  live?: boolean
  /** Writes `text` over the line `status` last wrote (empty: clears it). Only when `live`. */
  status?(text: string): void
}

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org) or FORCE_COLOR=0. */
export function useColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR === '0') return false
  return Boolean(stream.isTTY)
}

/**
 * A line rewritten in place (a long step's live count) only on a terminal: in CI, where a log keeps
 * every rewrite, or on a terminal that cannot move its cursor, plain lines only.
 */
export function useLiveLine(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0') return false
  if (env.TERM === 'dumb') return false
  return stream.isTTY === true
}

export function createLogger(): Logger {
  return {
    result: (text) => void process.stdout.write(text.endsWith('\n') ? text : text + '\n'),
    info: (text) => void process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
    color: useColor(process.stderr),
    live: useLiveLine(process.stderr),
    // Back to the line's start, the line cleared (ECMA-48 EL), then the text without a newline.
    status: (text) => void process.stderr.write(`\r\x1b[2K${text}`),
  }
}
