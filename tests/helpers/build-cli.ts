import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { writeContentTypes } from '../../scripts/write-content-types.ts'

/**
 * Vitest global setup: compiles the CLI and makes its prebuilt validators and types (npm run
 * build:cli's steps), so the tests that spawn bin/portfolio.mjs run the JavaScript users run, as of
 * this checkout, against the content types of this checkout's schemas (scripts/write-content-types.ts).
 * `tsc -b` skips the work when nothing changed since the last compile. Then the repository's content
 * modules (`portfolio generate`, as `npm run typecheck` does): tests that import the site's modules
 * (the chat's knowledge, for one) read them from site/src/generated/, which no build writes any more.
 */
export default async function setup(): Promise<void> {
  await writeContentTypes()
  const repo = path.resolve(import.meta.dirname, '../..')
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const result = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.cli.json'], { cwd: repo, encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`compiling the CLI failed (tsc -b tsconfig.cli.json):\n${result.stdout}${result.stderr}`)
  const prebuilt = spawnSync(process.execPath, ['lib/cli/prepare/main.js'], { cwd: repo, encoding: 'utf8' })
  if (prebuilt.status !== 0)
    throw new Error(`making the prebuilt validators and types failed:\n${prebuilt.stdout}${prebuilt.stderr}`)
  const generated = spawnSync(process.execPath, ['bin/portfolio.mjs', 'generate'], { cwd: repo, encoding: 'utf8' })
  if (generated.status !== 0)
    throw new Error(`generating the site's content modules failed:\n${generated.stdout}${generated.stderr}`)
}
