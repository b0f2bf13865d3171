/* The only module that writes to the terminal: results on stdout, diagnostics and progress on stderr. */

export interface Logger {
  /** Machine-readable results (json diagnostics, URLs). */
  result(text: string): void
  /** Progress, diagnostics, errors. */
  info(text: string): void
  color: boolean
}

/** Colour only on a terminal, never with NO_COLOR (https://no-color.org) or FORCE_COLOR=0. */
export function useColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR === '0') return false
  return Boolean(stream.isTTY)
}

export function createLogger(): Logger {
  return {
    result: (text) => void process.stdout.write(text.endsWith('\n') ? text : text + '\n'),
    info: (text) => void process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
    color: useColor(process.stderr),
  }
}
