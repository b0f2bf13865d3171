import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { buildSite } from '../../cli/build/build-site.ts'
import { restoreSiteBuild, siteKey, storeSiteBuild, type SiteCache } from '../../cli/build/site-cache.ts'
import { SERVER_ENTRY } from '../../cli/build/vite-builds.ts'

const tempDir = tempDirsPerTest('portfolio-site-cache-')

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
}

/** A site folder shaped like site/: sources, generated modules and generated case-study JSON. */
function siteFolder(): string {
  const site = tempDir()
  write(path.join(site, 'index.html'), '<html></html>')
  write(path.join(site, 'src/app.tsx'), 'export const App = 1')
  write(path.join(site, 'src/generated/content.ts'), 'export const portfolio = {}')
  write(path.join(site, 'src/generated/cards.json'), '[]')
  write(path.join(site, 'src/generated/projects/a.json'), '{"id":"a"}')
  return site
}

/** What a Vite client and server build leave behind, in two folders. */
function fakeBuild(): { client: string; server: string } {
  const dir = tempDir()
  const client = path.join(dir, 'client')
  const server = path.join(dir, 'server')
  write(path.join(client, 'index.html'), '<html><!--app-html--></html>')
  write(path.join(client, 'assets/index-abc.js'), 'console.log(1)')
  write(path.join(server, SERVER_ENTRY), 'export const render = () => {}')
  return { client, server }
}

function files(folder: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out[path.relative(folder, path.join(entry.parentPath, entry.name))] = readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
  }
  return out
}

describe('site cache key', () => {
  it('changes with the site sources, the generated content module and the base path, not with cards or case-study JSON', async () => {
    const site = siteFolder()
    const key = await siteKey(site, '/')
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(await siteKey(site, '/')).toBe(key)
    expect(await siteKey(site, '/sub/')).not.toBe(key)

    write(path.join(site, 'src/generated/projects/a.json'), '{"id":"a","title":"edited"}')
    write(path.join(site, 'src/generated/projects/b.json'), '{"id":"b"}')
    write(path.join(site, 'src/generated/cards.json'), '[{"id":"a"},{"id":"b"}]')
    expect(await siteKey(site, '/')).toBe(key)

    appendFileSync(path.join(site, 'src/generated/content.ts'), '\n// portfolio.yaml changed')
    const afterContent = await siteKey(site, '/')
    expect(afterContent).not.toBe(key)

    appendFileSync(path.join(site, 'src/app.tsx'), '\nexport const B = 2')
    expect(await siteKey(site, '/')).not.toBe(afterContent)
  })

  it('is undefined (nothing cached) when the site folder cannot be read', async () => {
    expect(await siteKey(path.join(tempDir(), 'missing'), '/')).toBeUndefined()
  })
})

describe('site cache entries', () => {
  const cacheFor = (key = 'a'.repeat(64)): SiteCache => ({ directory: tempDir(), key })

  it('gives back exactly the stored client and server builds', async () => {
    const cache = cacheFor()
    const built = fakeBuild()
    await storeSiteBuild(cache, built.client, built.server)
    const target = tempDir()
    expect(await restoreSiteBuild(cache, path.join(target, 'client'), path.join(target, 'server'))).toBe(true)
    expect(files(path.join(target, 'client'))).toEqual(files(built.client))
    expect(files(path.join(target, 'server'))).toEqual(files(built.server))
  })

  it('keeps its build when the site it was stored from or restored into gets its pages written', async () => {
    const cache = cacheFor()
    const built = fakeBuild()
    const shell = readFileSync(path.join(built.client, 'index.html'), 'utf8')
    await storeSiteBuild(cache, built.client, built.server)
    writeFileSync(path.join(built.client, 'index.html'), '<html>home page</html>')
    const target = tempDir()
    expect(await restoreSiteBuild(cache, path.join(target, 'client'), path.join(target, 'server'))).toBe(true)
    expect(readFileSync(path.join(target, 'client/index.html'), 'utf8')).toBe(shell)
    writeFileSync(path.join(target, 'client/index.html'), '<html>home page</html>')
    const again = tempDir()
    expect(await restoreSiteBuild(cache, path.join(again, 'client'), path.join(again, 'server'))).toBe(true)
    expect(readFileSync(path.join(again, 'client/index.html'), 'utf8')).toBe(shell)
  })

  it('is a miss for another key', async () => {
    const cache = cacheFor()
    const built = fakeBuild()
    await storeSiteBuild(cache, built.client, built.server)
    const target = tempDir()
    expect(await restoreSiteBuild({ ...cache, key: 'b'.repeat(64) }, path.join(target, 'client'), path.join(target, 'server'))).toBe(false)
  })

  const corruptions: [string, (entry: string) => void][] = [
    ['an edited file', (entry) => appendFileSync(path.join(entry, 'client/assets/index-abc.js'), ';alert(1)')],
    ['a missing file', (entry) => rmSync(path.join(entry, 'server', SERVER_ENTRY))],
    ['an extra file', (entry) => write(path.join(entry, 'client/assets/extra.js'), 'x')],
    ['a missing manifest', (entry) => rmSync(path.join(entry, 'manifest.json'))],
    ['a manifest that is not JSON', (entry) => writeFileSync(path.join(entry, 'manifest.json'), '{"format":1,')],
    ['a manifest of another key', (entry) => {
      const manifest = JSON.parse(readFileSync(path.join(entry, 'manifest.json'), 'utf8')) as { key: string }
      writeFileSync(path.join(entry, 'manifest.json'), JSON.stringify({ ...manifest, key: 'c'.repeat(64) }))
    }],
  ]
  for (const [name, corrupt] of corruptions) {
    it(`is a miss, copying nothing, for an entry with ${name}`, async () => {
      const cache = cacheFor()
      const built = fakeBuild()
      await storeSiteBuild(cache, built.client, built.server)
      corrupt(path.join(cache.directory, cache.key))
      const target = tempDir()
      expect(await restoreSiteBuild(cache, path.join(target, 'client'), path.join(target, 'server'))).toBe(false)
      expect(existsSync(path.join(target, 'client'))).toBe(false)
    })
  }

  it('keeps the four most recently stored builds', async () => {
    const directory = tempDir()
    for (const letter of 'abcdef') {
      const built = fakeBuild()
      await storeSiteBuild({ directory, key: letter.repeat(64) }, built.client, built.server)
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
    expect(readdirSync(directory).sort()).toEqual(['c', 'd', 'e', 'f'].map((l) => l.repeat(64)))
  })
})

describe('buildSite from the cache', () => {
  it('skips Vite, and copies the content public folder in without overwriting built files', async () => {
    const cache: SiteCache = { directory: tempDir(), key: 'd'.repeat(64) }
    const built = fakeBuild()
    await storeSiteBuild(cache, built.client, built.server)
    const root = tempDir()
    write(path.join(root, 'public/resume.pdf'), '%PDF-1.4')
    write(path.join(root, 'public/index.html'), 'a public file must not replace the app shell')
    const out = tempDir()
    const result = await buildSite({ root, base: '/', clientDir: path.join(out, 'client'), serverDir: path.join(out, 'server'), cache })
    expect(result).toEqual({ cached: true, key: cache.key, serverEntry: path.join(out, 'server', SERVER_ENTRY) })
    expect(files(path.join(out, 'client'))).toEqual({ ...files(built.client), 'resume.pdf': '%PDF-1.4' })
  })
})
