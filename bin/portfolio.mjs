#!/usr/bin/env node
// The CLI is written in TypeScript. It runs from a bundle that is rebuilt whenever a source file
// changes (bin/compiled-cli.mjs), so there is no build step to forget; where no bundle can be
// written, tsx compiles it on the fly instead.
import { fileURLToPath } from 'node:url'
import { compiledCli, runCompiledCli } from './compiled-cli.mjs'
import { startViteWorkerEarly } from './early-vite-worker.mjs'
import { applyV8Flags } from './v8-flags.mjs'

// Before any code runs hot (see v8-flags.mjs).
applyV8Flags()

const compiled = process.env.PORTFOLIO_NO_BUNDLE ? undefined : await compiledCli()
if (compiled) {
  // Before the CLI loads (see early-vite-worker.mjs); the folders are site-paths.ts's and site-cache.ts's.
  const folder = (relative) => fileURLToPath(new URL(relative, import.meta.url))
  startViteWorkerEarly({ command: process.argv[2], cliFile: compiled, siteDirectory: folder('../site/'), siteCache: folder('../node_modules/.cache/portfolio/site/') })
  runCompiledCli(compiled)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../cli/bin.ts')
}
