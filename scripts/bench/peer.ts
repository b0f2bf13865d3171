import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Timed } from './measure.ts'

/**
 * The peers, each a package of its own with its own lockfile, installed here on first use, never by
 * the product's npm ci: Eleventy 3 (scripts/bench/peers), React Router 7 in framework mode
 * (scripts/bench/peers/react-router), Astro 7 (scripts/bench/peers/astro, on Node 24: see node24) and
 * Eleventy's base blog (scripts/bench/peers/blog).
 */
const peers = path.join(import.meta.dirname, 'peers')
const eleventy = path.join(peers, 'node_modules/@11ty/eleventy/cmd.cjs')
const reactRouterApp = path.join(peers, 'react-router')
const reactRouter = path.join(reactRouterApp, 'node_modules/@react-router/dev/bin.js')
/** Eleventy's base blog, the starter of its docs, as its repository has it (11ty/eleventy-base-blog at e37a55c, MIT). */
export const baseBlogTemplate = path.join(peers, 'blog')
const baseBlogEleventy = path.join(baseBlogTemplate, 'node_modules/@11ty/eleventy/cmd.cjs')

const astroApp = path.join(peers, 'astro')
const astro = path.join(astroApp, 'node_modules/astro/bin/astro.mjs')

export const PEERS = ['Eleventy', 'React Router', 'Astro'] as const
export type PeerName = (typeof PEERS)[number]

export function installPeers(): void {
  for (const [folder, entry] of [
    [peers, eleventy],
    [reactRouterApp, reactRouter],
    [baseBlogTemplate, baseBlogEleventy],
    [astroApp, astro],
  ] as const) {
    if (existsSync(entry)) continue
    const relative = path.relative(process.cwd(), folder)
    process.stderr.write(`installing a peer (npm ci --prefix ${relative})…\n`)
    const result = spawnSync('npm', ['ci', '--prefix', folder, '--no-audit', '--no-fund'], { stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`npm ci --prefix ${relative} exited ${result.status}`)
  }
}

/** A peer's cold build of a folder of markdown pages (scripts/bench/content.ts), from an empty output folder each time. */
export function peerBuild(peer: PeerName, input: string, output: string): Timed {
  if (peer === 'Astro') return astroBuild(input, output)
  return peer === 'Eleventy' ? eleventyBuild(input, output) : reactRouterBuild(input)
}

let node24Path: string | undefined

/**
 * Node 24, which Astro 7 needs (>= 22.12) and this machine's Node 20 is not: the npm package node@24
 * (what .ci/run runs the package test on), fetched by npx on first use.
 */
export function node24(): string {
  if (node24Path) return node24Path
  const found = spawnSync('npx', ['--yes', '--package=node@24', '-c', 'command -v node'], { encoding: 'utf8' })
  const node = found.stdout.trim()
  if (found.status !== 0 || !node) throw new Error(`npx --package=node@24 found no node: ${found.stderr.slice(-500)}`)
  node24Path = node
  return node
}

/**
 * Astro 7's static build of the pages as a content collection (a glob loader over the folder), one
 * page per entry, on Node 24. Its content store and Vite's cache are emptied too.
 */
function astroBuild(input: string, output: string): Timed {
  return {
    node: node24(),
    args: [astro, 'build', '--silent'],
    cwd: astroApp,
    env: { BENCH_CONTENT: input, BENCH_OUT: output },
    before: () =>
      [output, '.astro', 'node_modules/.astro', 'node_modules/.vite'].forEach((d) =>
        rmSync(path.resolve(astroApp, d), { recursive: true, force: true }),
      ),
  }
}

/** Eleventy 3 building a folder of markdown pages into HTML. */
function eleventyBuild(input: string, output: string): Timed {
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

/**
 * React Router 7's `react-router build`: a Vite build of the app, then every page prerendered, its
 * markdown rendered by marked in the route's loader. Its output stays in its folder (build/): the
 * server bundle the prerender runs imports the app's packages. Vite's cache is emptied too.
 */
function reactRouterBuild(input: string): Timed {
  return {
    args: [reactRouter, 'build'],
    cwd: reactRouterApp,
    env: { BENCH_CONTENT: input },
    before: () =>
      ['build', 'node_modules/.vite'].forEach((d) =>
        rmSync(path.join(reactRouterApp, d), { recursive: true, force: true }),
      ),
  }
}

/** Eleventy's base blog building its posts (content/blog/, see writeBaseBlog): pages, tag pages, the Atom feed, the sitemap. */
export function baseBlogBuild(directory: string): Timed {
  return {
    args: [baseBlogEleventy, '--quiet'],
    cwd: directory,
    before: () => rmSync(path.join(directory, '_site'), { recursive: true, force: true }),
  }
}
