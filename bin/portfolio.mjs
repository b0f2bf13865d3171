#!/usr/bin/env node
// The CLI runs from the JavaScript `npm run build:cli` compiles into lib/ (at `prepare`, so
// `npm ci` builds it). PORTFOLIO_DEV=1 runs the TypeScript in cli/ through tsx instead, for
// trying an edit without rebuilding.
import { existsSync } from 'node:fs'

const compiled = new URL('../lib/cli/bin.js', import.meta.url)

if (process.env.PORTFOLIO_DEV) {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../cli/bin.ts')
} else if (existsSync(compiled)) {
  await import(compiled.href)
} else {
  console.error(
    "portfolio: the CLI is not compiled yet (lib/ is missing).\n  Hint: run `npm run build:cli` in the tool's folder (`npm ci` and `npm install` run it too).",
  )
  process.exitCode = 2
}
