/** See v8-flags.mjs. */
export function applyV8Flags(): void
/** See v8-flags.mjs. */
export const INTERRUPT_BUDGET: string
