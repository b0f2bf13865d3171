import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { openStore } from '../../cli/cache/store.ts'

const tempDir = tempDirsPerTest('portfolio-concurrent-builds-')

const HEADLINE = /^ {2}headline: .*$/m

/** The repository's content with its own hero headline, which the app bundle holds (content.ts). */
function contentWithHeadline(headline: string): FixtureRoot {
  const fixture = copyRepoContent()
  const file = path.join(fixture.root, 'portfolio.yaml')
  const text = readFileSync(file, 'utf8')
  if (!HEADLINE.test(text)) throw new Error('portfolio.yaml has no hero headline to replace')
  writeFileSync(file, text.replace(HEADLINE, `  headline: ${headline}`))
  return fixture
}

/** Which of the two headlines the home page and the scripts of a built site hold. */
function headlinesIn(out: string): { home: string[]; scripts: string[] } {
  const assets = path.join(out, 'assets')
  const scripts = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(assets, file), 'utf8'))
    .join('\n')
  const home = readFileSync(path.join(out, 'index.html'), 'utf8')
  const held = (text: string) =>
    ['first', 'second'].filter((which) => text.includes(`Headline of the ${which} portfolio`))
  return { home: held(home), scripts: held(scripts) }
}

describe('two builds at once in one install', () => {
  it('each site carries its own content, and the store keeps each app under its own content', async () => {
    const first = contentWithHeadline('Headline of the first portfolio')
    const second = contentWithHeadline('Headline of the second portfolio')
    try {
      const dir = tempDir()
      const store = openStore(path.join(dir, 'cache'))
      const build = (root: string, out: string, steps?: Map<string, string | undefined>) =>
        runBuild({
          root,
          outDir: path.join(dir, out),
          base: '/',
          store,
          ...(steps ? { onStep: (step: string, _ms: number, detail?: string) => steps.set(step, detail) } : {}),
        })
      const [a, b] = await Promise.all([build(first.root, 'first'), build(second.root, 'second')])
      expect([a.compiled, b.compiled]).toEqual([true, true])
      expect(headlinesIn(path.join(dir, 'first'))).toEqual({ home: ['first'], scripts: ['first'] })
      expect(headlinesIn(path.join(dir, 'second'))).toEqual({ home: ['second'], scripts: ['second'] })

      // A later build of each takes its app from the store, and that app holds its own content.
      for (const [fixture, own] of [
        [first, 'first'],
        [second, 'second'],
      ] as const) {
        const steps = new Map<string, string | undefined>()
        expect((await build(fixture.root, `${own}-again`, steps)).compiled).toBe(true)
        expect(steps.get('vite build (client + server)')).toBe('unchanged app: from the cache')
        expect(headlinesIn(path.join(dir, `${own}-again`))).toEqual({ home: [own], scripts: [own] })
      }
    } finally {
      first.cleanup()
      second.cleanup()
    }
  }, 180_000)
})
