/** See v8-flags.mjs. */
export function applyV8Flags(): void
