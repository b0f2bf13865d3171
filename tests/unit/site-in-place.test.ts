import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openSiteInPlace, type Outputs } from '../../cli/cache/site-in-place.ts'
import { sha256Hex } from '../../cli/sha256.ts'
import { entryKind, openStore, type Store } from '../../cli/cache/store.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('portfolio-in-place-')

/** An hour ago in whole seconds: outside any timestamp granularity, and given back exactly by utimes. */
const anHourAgo = () => Math.floor(Date.now() / 1000) - 3600

/** Two kinds of output, each record labelled with a string. */
const PAGES = entryKind<Outputs<string>>('pages')
const CARDS = entryKind<Outputs<string>>('cards')

describe('the site in place', () => {
  /**
   * One build of `files` into `site` (file -> [key, text]): each file taken from the site in place
   * when it can be, else written and dated `mtime` (whole seconds: by default an hour back, a build
   * long past), then the new folder swapped in. Gives the files taken.
   */
  function build(store: Store, site: string, files: Record<string, [string, string]>, mtime = anHourAgo()): string[] {
    const into = `${site}.new`
    mkdirSync(into, { recursive: true })
    const outputs = openSiteInPlace({ store, site, into, kind: PAGES })
    const taken: string[] = []
    for (const [file, [key, text]] of Object.entries(files)) {
      if (outputs.take(file, key, (label) => label === `label of ${file}`)) {
        taken.push(file)
        continue
      }
      const target = path.join(into, file)
      mkdirSync(path.dirname(target), { recursive: true })
      writeFileSync(target, text)
      utimesSync(target, mtime, mtime)
      outputs.record(file, key, sha256Hex(text), `label of ${file}`)
    }
    outputs.save()
    rmSync(site, { recursive: true, force: true })
    renameSync(into, site)
    return taken
  }

  const files = { 'index.html': ['k1', 'home'], 'projects/a/index.html': ['k2', 'page a'] } satisfies Record<
    string,
    [string, string]
  >

  it('hard-links an unchanged file from the site in place: the same inode, not read or copied', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const site = path.join(dir, 'dist')
    expect(build(store, site, files)).toEqual([])
    const inode = statSync(path.join(site, 'projects/a/index.html')).ino
    expect(build(store, site, files)).toEqual(['index.html', 'projects/a/index.html'])
    expect(statSync(path.join(site, 'projects/a/index.html')).ino).toBe(inode)
    expect(readFileSync(path.join(site, 'projects/a/index.html'), 'utf8')).toBe('page a')

    // Another key (what the file is made from changed): made again, a file of its own.
    expect(build(store, site, { ...files, 'projects/a/index.html': ['k3', 'page a, edited'] })).toEqual(['index.html'])
    expect(statSync(path.join(site, 'projects/a/index.html')).ino).not.toBe(inode)
    expect(readFileSync(path.join(site, 'projects/a/index.html'), 'utf8')).toBe('page a, edited')
  })

  it('takes nothing whose record does not match: another folder, data refused, a damaged manifest', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const site = path.join(dir, 'dist')
    build(store, site, files)
    const other = path.join(dir, 'other')
    mkdirSync(other)
    for (const file of Object.keys(files)) {
      mkdirSync(path.dirname(path.join(other, file)), { recursive: true })
      writeFileSync(path.join(other, file), readFileSync(path.join(site, file)))
    }
    expect(build(store, other, files)).toEqual([])

    const outputs = openSiteInPlace({ store, site, into: path.join(dir, 'unused'), kind: PAGES })
    expect(outputs.take('index.html', 'k1', () => false)).toBeUndefined()
    // The same folder's manifest of another kind of output.
    const cards = openSiteInPlace({ store, site, into: path.join(dir, 'unused'), kind: CARDS })
    expect(cards.take('index.html', 'k1')).toBeUndefined()

    const manifests = path.join(dir, 'cache', 'store', 'pages')
    for (const name of readdirSync(manifests)) writeFileSync(path.join(manifests, name), 'damaged')
    expect(build(store, site, files)).toEqual([])
  })

  it('makes again a file edited, replaced or removed in the site in place', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const site = path.join(dir, 'dist')
    build(store, site, files)
    // Edited: another mtime (and size).
    writeFileSync(path.join(site, 'index.html'), 'edited by hand')
    // Replaced by a file of the same size and mtime: another inode.
    const page = path.join(site, 'projects/a/index.html')
    const mtime = statSync(page).mtime
    writeFileSync(`${page}.new`, 'page b')
    utimesSync(`${page}.new`, mtime, mtime)
    renameSync(`${page}.new`, page)
    expect(build(store, site, files)).toEqual([])
    expect(readFileSync(path.join(site, 'index.html'), 'utf8')).toBe('home')
    expect(readFileSync(page, 'utf8')).toBe('page a')

    rmSync(page)
    expect(build(store, site, files)).toEqual(['index.html'])
    expect(readFileSync(page, 'utf8')).toBe('page a')
  })

  it("reads a file whose mtime is within the timestamp granularity of the manifest's time, and takes it only if its bytes are the ones recorded", () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const site = path.join(dir, 'dist')
    /** The same size, mtime and inode, other bytes: only reading the file tells. */
    const editKeepingIdentity = (file: string) => {
      const { mtimeNs } = statSync(file, { bigint: true })
      writeFileSync(file, 'page A')
      const seconds = Number(mtimeNs / 1_000_000_000n)
      utimesSync(file, seconds, seconds)
      expect(statSync(file, { bigint: true }).mtimeNs).toBe(mtimeNs)
    }
    const page = path.join(site, 'projects/a/index.html')

    // Dated long before the manifest's time: trusted by identity, so such an edit goes unseen (as in git).
    build(store, site, files)
    editKeepingIdentity(page)
    expect(build(store, site, files)).toEqual(['index.html', 'projects/a/index.html'])
    expect(readFileSync(page, 'utf8')).toBe('page A')

    // Dated within the granularity of the manifest's time (here after it): read, found edited, made again.
    const racy = Math.floor(Date.now() / 1000) + 60
    rmSync(site, { recursive: true })
    build(store, site, files, racy)
    editKeepingIdentity(page)
    expect(build(store, site, files, racy)).toEqual(['index.html'])
    expect(readFileSync(page, 'utf8')).toBe('page a')
    // Racy and unchanged: read, found whole, linked.
    expect(build(store, site, files, racy)).toEqual(['index.html', 'projects/a/index.html'])
  })

  it("replaces a file of the new folder in the way, without writing through to the site in place's", () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const site = path.join(dir, 'dist')
    build(store, site, files)
    const into = path.join(dir, 'next')
    mkdirSync(into)
    writeFileSync(path.join(into, 'index.html'), 'the HTML shell')
    const outputs = openSiteInPlace({ store, site, into, kind: PAGES })
    expect(outputs.take('index.html', 'k1')).toBeDefined()
    expect(readFileSync(path.join(into, 'index.html'), 'utf8')).toBe('home')
    expect(readFileSync(path.join(site, 'index.html'), 'utf8')).toBe('home')
    expect(statSync(path.join(into, 'index.html')).ino).toBe(statSync(path.join(site, 'index.html')).ino)
  })

  /** A folder on another file system than the temporary folders (tmpfs beside a disk), where there is one. */
  const otherDevice =
    existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(os.tmpdir()).dev ? '/dev/shm' : undefined

  it.skipIf(otherDevice === undefined)('copies a file it cannot link across file systems', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const site = mkdtempSync(path.join(otherDevice!, 'portfolio-in-place-'))
    try {
      mkdirSync(path.join(site, 'projects/a'), { recursive: true })
      const into = path.join(dir, 'next')
      mkdirSync(into)
      const first = openSiteInPlace({ store, site, into: site, kind: PAGES })
      writeFileSync(path.join(site, 'index.html'), 'home')
      utimesSync(path.join(site, 'index.html'), anHourAgo(), anHourAgo())
      first.record('index.html', 'k1', sha256Hex('home'), 'label')
      first.save()
      const outputs = openSiteInPlace({ store, site, into, kind: PAGES })
      expect(outputs.take('index.html', 'k1')).toBeDefined()
      expect(readFileSync(path.join(into, 'index.html'), 'utf8')).toBe('home')
      expect(statSync(path.join(into, 'index.html')).ino).not.toBe(statSync(path.join(site, 'index.html')).ino)
    } finally {
      rmSync(site, { recursive: true, force: true })
    }
  })
})
