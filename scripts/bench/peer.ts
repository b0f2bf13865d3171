import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Timed } from './measure.ts'

/** The peers' own package (scripts/bench/peers): installed here on first use, never by the product's npm ci. */
const peers = path.join(import.meta.dirname, 'peers')
const eleventy = path.join(peers, 'node_modules/@11ty/eleventy/cmd.cjs')

export function installPeers(): void {
  if (existsSync(eleventy)) return
  process.stderr.write('installing the peers (npm ci --prefix scripts/bench/peers)…\n')
  const result = spawnSync('npm', ['ci', '--prefix', peers, '--no-audit', '--no-fund'], { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`npm ci --prefix ${peers} exited ${result.status}`)
}

/** Eleventy 3 building a folder of markdown pages into HTML, from an empty output folder each time. */
export function eleventyBuild(input: string, output: string): Timed {
  return {
    args: [
      eleventy,
      `--input=${input}`,
      `--output=${output}`,
      `--config=${path.join(peers, 'eleventy.config.mjs')}`,
      '--quiet',
    ],
    cwd: peers,
    before: () => rmSync(output, { recursive: true, force: true }),
  }
}
