import { setFlagsFromString } from 'node:v8'

/**
 * V8 optimises a function (TurboFan, on background threads) once it has run a set amount of
 * bytecode, and does it again in every isolate: the main thread and each worker. A build is short
 * and spread over several workers, so much of that work was never paid back: a quarter of a build's
 * CPU on the shipped content went to TurboFan. Waiting 16 times longer leaves only the truly hot
 * code (the loops of a large build) to be optimised: interleaved cold builds, shipped content
 * 1.27 -> 1.09 s (CPU 2.1 -> 1.7 s), 1000 projects ~5.7 -> ~5.5 s. Flags are process-wide, so the
 * workers get it too; a budget given on the command line is kept.
 *
 * Also part of what V8 checks a code cache against (code-cached-bundle.ts): a process with other
 * flags (the bench timing diagrams in-process, tests) has the renderer's code cache refused.
 */
export function applyV8Flags() {
  if (!process.execArgv.some((flag) => flag.startsWith('--interrupt-budget'))) setFlagsFromString(INTERRUPT_BUDGET)
}

/**
 * The flag itself, for processes that take it on their command line: the test runner's workers,
 * which draw diagrams and compile markdown in-process; under V8's default flags they had the code
 * caches refused and saved their own, which the next build refused in turn (~50 ms, once).
 */
export const INTERRUPT_BUDGET = '--interrupt-budget=1081344'
