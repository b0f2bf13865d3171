/** A problem with how the tool was invoked or its environment (exit code 2), not with the content. */
export class CliError extends Error {
  override name = 'CliError'
  constructor(
    message: string,
    readonly hint?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** A broken invariant inside the tool: a bug, never the user's fault. */
export class InternalError extends Error {
  override name = 'InternalError'
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InternalError(message)
}
