import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { buildSite } from '../../cli/pipeline/build-site.ts'
import {
  readSiteBuild,
  siteKey,
  storedSiteBuild,
  storeSiteBuild,
  writeSiteBuild,
} from '../../cli/pipeline/site-cache.ts'
import { SERVER_ENTRY } from '../../cli/pipeline/vite-builds.ts'
import { openStore, type Store } from '../../cli/cache/store.ts'
import { openFileDigests } from '../../cli/cache/file-digests.ts'
import { noStore } from '../../cli/cache/no-store.ts'
import { siteDirectory } from '../../cli/paths.ts'

const tempDir = tempDirsPerTest('portfolio-site-cache-')

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
}

/** A site folder shaped like site/: sources, and what `portfolio generate` leaves in src/generated/. */
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
    if (entry.isFile())
      out[path.relative(folder, path.join(entry.parentPath, entry.name))] = readFileSync(
        path.join(entry.parentPath, entry.name),
        'utf8',
      )
  }
  return out
}

/** A build's content modules (see generateContentModules). */
const modules = (content: string) => [
  { path: 'types.ts', contents: 'export type SitePortfolio = object' },
  { path: 'content.ts', contents: content },
]

describe('site cache key', () => {
  it("changes with the site sources, the build's content modules and the base path, not with what site/src/generated/ holds", () => {
    const store = openStore(tempDir(), 'v1')
    const site = siteFolder()
    const generated = modules('export const portfolio = {}')
    const key = siteKey(store, openFileDigests(store), site, generated, '/')
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(siteKey(store, openFileDigests(store), site, generated, '/')).toBe(key)
    expect(siteKey(store, openFileDigests(store), site, generated, '/sub/')).not.toBe(key)

    // Another build's (or `portfolio generate`'s) files in the shared folder: not what this build bundles.
    write(path.join(site, 'src/generated/projects/b.json'), '{"id":"b"}')
    write(path.join(site, 'src/generated/cards.json'), '[{"id":"a"},{"id":"b"}]')
    appendFileSync(path.join(site, 'src/generated/content.ts'), '\n// another portfolio')
    expect(siteKey(store, openFileDigests(store), site, generated, '/')).toBe(key)

    const afterContent = siteKey(
      store,
      openFileDigests(store),
      site,
      modules('export const portfolio = { edited: true }'),
      '/',
    )
    expect(afterContent).not.toBe(key)

    appendFileSync(path.join(site, 'src/app.tsx'), '\nexport const B = 2')
    expect(siteKey(store, openFileDigests(store), site, generated, '/')).not.toBe(key)
    // Another version of the tool (its code, the installed Vite): another key for the same sources.
    expect(siteKey(openStore(tempDir(), 'v2'), openFileDigests(noStore), site, generated, '/')).not.toBe(
      siteKey(store, openFileDigests(store), site, generated, '/'),
    )
  })

  it('is undefined (nothing cached) when the site folder cannot be read', () => {
    expect(
      siteKey(openStore(tempDir(), 'v1'), openFileDigests(noStore), path.join(tempDir(), 'missing'), [], '/'),
    ).toBeUndefined()
  })
})

describe('site cache entries', () => {
  const storeFor = () => {
    const root = tempDir()
    return { root, store: openStore(root, 'v1'), key: 'a'.repeat(64) }
  }
  const entryFile = (root: string, key: string) => path.join(root, 'store', 'site', `${key}.bin`)
  const restore = (store: Store, key: string) => {
    const target = tempDir()
    const client = path.join(target, 'client')
    const server = path.join(target, 'server')
    const stored = storedSiteBuild(store, key)
    if (stored) writeSiteBuild(stored, { client, server })
    return { client, server, restored: stored !== undefined }
  }

  it('gives back exactly the stored client and server builds', () => {
    const { store, key } = storeFor()
    const built = fakeBuild()
    storeSiteBuild(store, key, readSiteBuild(built.client, built.server))
    const back = restore(store, key)
    expect(back.restored).toBe(true)
    expect(files(back.client)).toEqual(files(built.client))
    expect(files(back.server)).toEqual(files(built.server))
  })

  it('keeps its build when the site it was stored from or restored into gets its pages written', () => {
    const { store, key } = storeFor()
    const built = fakeBuild()
    const shell = readFileSync(path.join(built.client, 'index.html'), 'utf8')
    storeSiteBuild(store, key, readSiteBuild(built.client, built.server))
    writeFileSync(path.join(built.client, 'index.html'), '<html>home page</html>')
    const back = restore(store, key)
    expect(back.restored).toBe(true)
    expect(readFileSync(path.join(back.client, 'index.html'), 'utf8')).toBe(shell)
    writeFileSync(path.join(back.client, 'index.html'), '<html>home page</html>')
    const again = restore(store, key)
    expect(again.restored).toBe(true)
    expect(readFileSync(path.join(again.client, 'index.html'), 'utf8')).toBe(shell)
  })

  it('is a miss for another key', () => {
    const { store, key } = storeFor()
    const built = fakeBuild()
    storeSiteBuild(store, key, readSiteBuild(built.client, built.server))
    expect(restore(store, 'b'.repeat(64)).restored).toBe(false)
  })

  const corruptions: [string, (root: string, store: Store, key: string) => void][] = [
    [
      'an edited byte',
      (root, _store, key) => {
        const bytes = readFileSync(entryFile(root, key))
        const at = bytes.length - 10
        bytes.writeUInt8(bytes.readUInt8(at) ^ 1, at)
        writeFileSync(entryFile(root, key), bytes)
      },
    ],
    [
      'bytes cut short',
      (root, _store, key) => writeFileSync(entryFile(root, key), readFileSync(entryFile(root, key)).subarray(0, 200)),
    ],
    [
      "another key's entry in its place",
      (root, store, key) => {
        const built = fakeBuild()
        appendFileSync(path.join(built.client, 'assets/index-abc.js'), ';alert(1)')
        storeSiteBuild(store, 'c'.repeat(64), readSiteBuild(built.client, built.server))
        writeFileSync(entryFile(root, key), readFileSync(entryFile(root, 'c'.repeat(64))))
      },
    ],
    [
      'a file outside its folder',
      (_root, store, key) =>
        store.set('site', key, {
          files: [
            { path: `server/${SERVER_ENTRY}`, bytes: new Uint8Array(1) },
            { path: 'client/../../escaped.js', bytes: new Uint8Array(1) },
          ],
        }),
    ],
    [
      'no HTML shell',
      (_root, store, key) =>
        store.set('site', key, { files: [{ path: `server/${SERVER_ENTRY}`, bytes: new Uint8Array(1) }] }),
    ],
    [
      'no server bundle',
      (_root, store, key) =>
        store.set('site', key, { files: [{ path: 'client/index.html', bytes: new Uint8Array(1) }] }),
    ],
  ]
  for (const [name, corrupt] of corruptions) {
    it(`is a miss, writing nothing, for an entry with ${name}; the next build is kept again`, () => {
      const { root, store, key } = storeFor()
      const built = fakeBuild()
      storeSiteBuild(store, key, readSiteBuild(built.client, built.server))
      corrupt(root, store, key)
      const back = restore(store, key)
      expect(back.restored).toBe(false)
      expect(existsSync(back.client)).toBe(false)
      storeSiteBuild(store, key, readSiteBuild(built.client, built.server))
      const rebuilt = restore(store, key)
      expect(rebuilt.restored).toBe(true)
      expect(files(rebuilt.client)).toEqual(files(built.client))
    })
  }
})

describe('buildSite from the cache', () => {
  it('skips Vite, writes the app into the site folder beside what other steps wrote there, and gives the shell', async () => {
    const store = openStore(tempDir(), 'v1')
    const generated = modules('export const portfolio = {}')
    const key = siteKey(store, openFileDigests(store), siteDirectory, generated, '/')!
    const built = fakeBuild()
    storeSiteBuild(store, key, readSiteBuild(built.client, built.server))
    const out = tempDir()
    const siteDir = path.join(out, 'site')
    // A case study's data and a public index.html, written before the app is in.
    write(path.join(siteDir, 'data/projects/a.json'), '{"id":"a"}')
    write(path.join(siteDir, 'index.html'), 'a public file must not replace the app shell')
    const result = await buildSite({
      base: '/',
      siteDir,
      appDir: path.join(out, 'app'),
      serverDir: path.join(out, 'server'),
      generated,
      store,
      digests: openFileDigests(store),
    })
    const { 'index.html': shell, ...bundle } = files(built.client)
    expect(result).toEqual({ cached: true, key, shell, serverEntry: path.join(out, 'server', SERVER_ENTRY) })
    // The shell is the pages' template, not a file of the site: the home page takes its place.
    expect(files(siteDir)).toEqual({
      ...bundle,
      'index.html': 'a public file must not replace the app shell',
      [path.join('data', 'projects', 'a.json')]: '{"id":"a"}',
    })
    expect(existsSync(path.join(out, 'app'))).toBe(false)
  })
})
