#!/usr/bin/env node
// The CLI is written in TypeScript. It runs from a bundle that is rebuilt whenever a source file
// changes (bin/compiled-cli.mjs), so there is no build step to forget; where no bundle can be
// written, tsx compiles it on the fly instead.
import { setFlagsFromString } from 'node:v8'
import { compiledCli } from './compiled-cli.mjs'

// V8 optimises a function (TurboFan, on background threads) once it has run a set amount of
// bytecode, and does it again in every isolate: the main thread and each worker. A build is short
// and spread over several workers, so much of that work was never paid back: a quarter of a build's
// CPU on the shipped content went to TurboFan. Waiting 16 times longer leaves only the truly hot
// code (the loops of a large build) to be optimised: interleaved cold builds, shipped content
// 1.27 -> 1.09 s (CPU 2.1 -> 1.7 s), 1000 projects ~5.7 -> ~5.5 s. Flags are process-wide, so the
// workers get it too; a budget given on the command line is kept.
if (!process.execArgv.some((flag) => flag.startsWith('--interrupt-budget'))) setFlagsFromString('--interrupt-budget=1081344')

const compiled = process.env.PORTFOLIO_NO_BUNDLE ? undefined : await compiledCli()
if (compiled) {
  await import(compiled)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../cli/bin.ts')
}
