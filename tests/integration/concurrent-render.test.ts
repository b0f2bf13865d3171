import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scanPage } from '../../cli/pipeline/scan-page.ts'
import { runGenerate } from '../../cli/pipeline/run.ts'
import { siteConfigFile } from '../../cli/pipeline/vite-builds.ts'
import { openContentSession } from '../../cli/dev/content-session.ts'
import { contentPlugin } from '../../cli/dev/dev-plugin.ts'
import { siteDirectory } from '../../cli/paths.ts'
import type { CompiledContent } from '../../cli/compile/compile-content.ts'
import { browserProject, cardsJson, projectCards, projectDataJson } from '../../cli/generate/project-data.ts'
import { noStore } from '../../cli/cache/no-store.ts'

/** entry-server's render(url, base, projects, cards), as the build's workers and the dev server call it. */
type Render = (
  url: string,
  base: string,
  projects: (id: string) => Promise<unknown>,
  cards: () => Promise<unknown[]>,
) => Promise<{ html: string; status: number }>

interface Project {
  id: string
  title: string
  description: string
}

const repo = path.resolve(import.meta.dirname, '../..')
let generated = ''
let server: ViteDevServer | undefined
let render: Render

beforeAll(async () => {
  generated = mkdtempSync(path.join(os.tmpdir(), 'portfolio-concurrent-render-'))
  const result = await runGenerate(repo, generated)
  if (!result.compiled) throw new Error('the shipped content did not generate')
  compiled = result.compiled
  // The dev server's own way of loading entry-server (its content plugin maps site/src/generated to
  // the session's folder), without listening on a port.
  server = await createServer({
    configFile: siteConfigFile(siteDirectory),
    root: siteDirectory,
    mode: 'development',
    appType: 'custom',
    logLevel: 'silent',
    optimizeDeps: { noDiscovery: true, entries: [] },
    plugins: [
      contentPlugin({
        siteDirectory,
        generatedDir: generated,
        session: openContentSession(repo, generated, noStore),
        state: { generated: true, problem: undefined },
        root: repo,
        firstRun: Promise.resolve(),
        modulesWritten: Promise.resolve(),
      }),
    ],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  })
  render = ((await server.ssrLoadModule('/src/entry-server.tsx')) as { render: Render }).render
}, 120_000)

afterAll(async () => {
  await server?.close()
  rmSync(generated, { recursive: true, force: true })
})

let compiled: CompiledContent | undefined

/** A case study as the browser loads it: the data file build and dev serve. */
function project(id: string): Project {
  const found = compiled?.projects.find((p) => p.id === id)
  if (!found) throw new Error(`no project ${id}`)
  return JSON.parse(projectDataJson(browserProject(found))) as Project
}

/** A source of one case study that answers only when released, so two renders can be interleaved. */
function heldSource(id: string): { source: (asked: string) => Promise<unknown>; release: () => void } {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  return { source: async (asked) => (await held, asked === id ? project(id) : null), release }
}

const noCards = async () => []

interface Card {
  id: string
  title: string
}

function cards(): Card[] {
  return JSON.parse(cardsJson(compiled ? projectCards(compiled) : [])) as Card[]
}

/** The <main> of a page, checked as the build's output check reads it. */
function mainOf(html: string): string {
  expect(scanPage('page.html', html).main).toBeUndefined()
  return /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? ''
}

describe('server render of two pages at once (a worker runs two jobs; the dev server serves requests concurrently)', () => {
  it('gives each case study its own content, whichever render started last', async () => {
    const first = heldSource('logic-i')
    const second = heldSource('authstack')
    const firstPage = render('/projects/logic-i', '/', first.source, noCards)
    const secondPage = render('/projects/authstack', '/', second.source, noCards)
    first.release()
    const firstHtml = (await firstPage).html
    second.release()
    const secondHtml = (await secondPage).html
    for (const [html, id] of [
      [firstHtml, 'logic-i'],
      [secondHtml, 'authstack'],
    ] as const) {
      const main = mainOf(html)
      // A case study that suspended ships React's client-render marker (a <template>) instead of its content.
      expect(main).not.toContain('<template')
      expect(main).toContain(project(id).title)
    }
  })

  it('gives each home page its own project cards', async () => {
    const [one, two] = cards()
    if (!one || !two) throw new Error('the shipped content has fewer than two projects')
    // Both lists arrive in the same turn, so each render resumes after the other's list came.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const firstPage = render(
      '/',
      '/',
      async () => null,
      async () => (await held, [one]),
    )
    const secondPage = render(
      '/',
      '/',
      async () => null,
      async () => (await held, [two]),
    )
    release()
    const firstMain = mainOf((await firstPage).html)
    const secondMain = mainOf((await secondPage).html)
    expect(firstMain).toContain(`/projects/${one.id}"`)
    expect(firstMain).not.toContain(`/projects/${two.id}"`)
    expect(secondMain).toContain(`/projects/${two.id}"`)
    expect(secondMain).not.toContain(`/projects/${one.id}"`)
  })
})
