import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { recycleTree, SpareDirectories } from '../../cli/cache/spare-directories.ts'
import { swapDirectory } from '../../cli/build/swap-directory.ts'

const tempDir = tempDirsPerTest('portfolio-spare-')

/** A site-like tree: 5 folders (itself, projects, projects/a, projects/b, og) and 5 files. */
function site(dir: string): string {
  const root = path.join(dir, 'site')
  mkdirSync(path.join(root, 'projects', 'a'), { recursive: true })
  mkdirSync(path.join(root, 'projects', 'b'))
  mkdirSync(path.join(root, 'og'))
  for (const file of ['index.html', 'projects/a/index.html', 'projects/b/index.html', 'og/a.png', 'og/b.png']) writeFileSync(path.join(root, file), file)
  return root
}

const inodes = (folder: string) => readdirSync(folder).map((name) => statSync(path.join(folder, name)).ino)

describe('recycling the folders of a replaced site', () => {
  it('removes the tree and keeps each of its folders, emptied, in the pool', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    const root = site(dir)
    const folderInodes = ['', 'projects', 'projects/a', 'projects/b', 'og'].map((f) => statSync(path.join(root, f)).ino)
    recycleTree(root, pool)
    expect(existsSync(root)).toBe(false)
    expect(inodes(pool).sort()).toEqual(folderInodes.sort())
    for (const name of readdirSync(pool)) expect(readdirSync(path.join(pool, name))).toEqual([])
  })

  it('unlinks a link to a folder elsewhere, never what it points to', () => {
    const dir = tempDir()
    const root = site(dir)
    mkdirSync(path.join(dir, 'elsewhere'))
    writeFileSync(path.join(dir, 'elsewhere', 'keep.txt'), 'keep')
    symlinkSync(path.join(dir, 'elsewhere'), path.join(root, 'projects', 'link'))
    recycleTree(root, path.join(dir, 'pool'))
    expect(existsSync(root)).toBe(false)
    expect(readFileSync(path.join(dir, 'elsewhere', 'keep.txt'), 'utf8')).toBe('keep')
  })

  it('fills the pool only up to as many folders as the tree had', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    for (const name of ['x', 'y', 'z']) mkdirSync(path.join(pool, name), { recursive: true })
    recycleTree(site(dir), pool)
    expect(readdirSync(pool)).toHaveLength(5)
  })

  it('removes every folder when the pool cannot take them', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'not-a-folder')
    writeFileSync(pool, '')
    const root = site(dir)
    recycleTree(root, pool)
    expect(existsSync(root)).toBe(false)
  })

  it('is what swapDirectory does with the site it replaced', async () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    const out = site(dir)
    mkdirSync(path.join(dir, 'new'))
    writeFileSync(path.join(dir, 'new', 'index.html'), 'new')
    await swapDirectory(path.join(dir, 'new'), out, path.join(dir, 'site.old'), pool)
    expect(readdirSync(out)).toEqual(['index.html'])
    expect(existsSync(path.join(dir, 'site.old'))).toBe(false)
    expect(readdirSync(pool)).toHaveLength(5)
  })
})

describe('page folders made from spares', () => {
  it('moves spares into place while there are any, then makes new folders', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    for (const name of ['s1', 's2']) mkdirSync(path.join(pool, name), { recursive: true })
    const spareInodes = inodes(pool)
    const spares = new SpareDirectories(pool)
    const made = ['a', 'b', 'c'].map((id) => path.join(dir, 'site', 'projects', id))
    for (const folder of made) spares.make(folder)
    for (const folder of made) expect(readdirSync(folder)).toEqual([])
    expect(made.slice(0, 2).map((f) => statSync(f).ino).sort()).toEqual(spareInodes.sort())
    expect(spareInodes).not.toContain(statSync(made[2]!).ino)
    expect(readdirSync(pool)).toEqual([])
  })

  it('never carries into the site what a spare holds', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    mkdirSync(path.join(pool, 's1'), { recursive: true })
    writeFileSync(path.join(pool, 's1', 'planted.html'), '<script>alert(1)</script>')
    const folder = path.join(dir, 'site', 'projects', 'a')
    new SpareDirectories(pool).make(folder)
    expect(readdirSync(folder)).toEqual([])
  })

  it('leaves a folder that is already there as it is', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    mkdirSync(path.join(pool, 's1'), { recursive: true })
    const folder = path.join(dir, 'site', 'projects', 'a')
    mkdirSync(folder, { recursive: true })
    writeFileSync(path.join(folder, 'index.html'), 'page')
    new SpareDirectories(pool).make(folder)
    expect(readFileSync(path.join(folder, 'index.html'), 'utf8')).toBe('page')
  })

  it('lets threads share one pool: a spare taken by another is skipped, and every folder is made', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    for (let i = 0; i < 6; i++) mkdirSync(path.join(pool, `s${i}`), { recursive: true })
    const threads = [new SpareDirectories(pool, { index: 0, of: 2 }), new SpareDirectories(pool, { index: 1, of: 2 })]
    const made: string[] = []
    for (let i = 0; i < 10; i++) {
      const folder = path.join(dir, 'site', 'projects', `p${i}`)
      threads[i < 7 ? 0 : 1]!.make(folder)
      made.push(folder)
    }
    for (const folder of made) expect(readdirSync(folder)).toEqual([])
    expect(readdirSync(pool)).toEqual([])
  })

  it('takes no spare for a folder it made already or was told is there', () => {
    const dir = tempDir()
    const pool = path.join(dir, 'pool')
    for (const name of ['s1', 's2']) mkdirSync(path.join(pool, name), { recursive: true })
    const site = path.join(dir, 'site')
    mkdirSync(site)
    writeFileSync(path.join(site, 'index.html'), 'home')
    const spares = new SpareDirectories(pool)
    spares.have(site)
    spares.make(site)
    spares.make(path.join(site, 'projects', 'a'))
    spares.make(path.join(site, 'projects', 'a', '.'))
    expect(readFileSync(path.join(site, 'index.html'), 'utf8')).toBe('home')
    expect(readdirSync(pool)).toHaveLength(1)
  })

  it('makes folders the usual way without a pool', () => {
    const dir = tempDir()
    const folder = path.join(dir, 'site', 'projects', 'a')
    new SpareDirectories(path.join(dir, 'no-pool')).make(folder)
    expect(readdirSync(folder)).toEqual([])
  })
})
