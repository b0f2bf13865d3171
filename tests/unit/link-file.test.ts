import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { linkFile, linkReplacing, linkTree, writeNewFile, writeOrLinkSame } from '../../cli/cache/link-file.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'link-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const at = (name: string) => path.join(dir, name)
const inode = (name: string) => statSync(at(name)).ino

describe('files shared between a build, its caches and the site it replaces', () => {
  it('links a file the previous site holds byte for byte, and writes one that differs', () => {
    mkdirSync(at('old'))
    mkdirSync(at('new'))
    writeFileSync(at('old/same.html'), '<p>same</p>')
    writeFileSync(at('old/changed.html'), '<p>before</p>')
    writeOrLinkSame(at('new'), 'same.html', '<p>same</p>', at('old'))
    writeOrLinkSame(at('new'), 'changed.html', '<p>after</p>', at('old'))
    writeOrLinkSame(at('new'), 'added.html', Buffer.from('<p>added</p>'), at('old'))
    writeOrLinkSame(at('new'), 'alone.html', '<p>same</p>', undefined)
    expect(inode('new/same.html')).toBe(inode('old/same.html'))
    expect(inode('new/changed.html')).not.toBe(inode('old/changed.html'))
    expect(readFileSync(at('new/changed.html'), 'utf8')).toBe('<p>after</p>')
    expect(readFileSync(at('old/changed.html'), 'utf8')).toBe('<p>before</p>')
    expect(readFileSync(at('new/added.html'), 'utf8')).toBe('<p>added</p>')
    expect(inode('new/alone.html')).not.toBe(inode('old/same.html'))
  })

  it('never writes into a file that is linked elsewhere: a file in the way is replaced', () => {
    writeFileSync(at('cache.png'), 'card v1')
    expect(linkFile(at('cache.png'), at('site.png'))).toBe(true)
    // The site file is the cache entry: writing the next card there must leave the entry alone.
    writeNewFile(at('site.png'), 'card v2')
    expect(readFileSync(at('cache.png'), 'utf8')).toBe('card v1')
    expect(readFileSync(at('site.png'), 'utf8')).toBe('card v2')
    expect(linkFile(at('cache.png'), at('site.png'))).toBe(true)
    writeOrLinkSame(dir, 'site.png', 'card v3', undefined)
    expect(readFileSync(at('cache.png'), 'utf8')).toBe('card v1')
    expect(readFileSync(at('site.png'), 'utf8')).toBe('card v3')
  })

  it('replaces a cache entry by a link in one step, and says when it cannot link', () => {
    writeFileSync(at('site.png'), 'card')
    writeFileSync(at('entry.png'), 'stale')
    writeFileSync(at('other-site.png'), 'stale')
    expect(linkFile(at('entry.png'), at('other-site.png'))).toBe(true)
    expect(linkReplacing(at('site.png'), at('entry.png'))).toBe(true)
    expect(inode('entry.png')).toBe(inode('site.png'))
    // The file the old entry was linked to kept its bytes.
    expect(readFileSync(at('other-site.png'), 'utf8')).toBe('stale')
    expect(linkReplacing(at('missing.png'), at('entry.png'))).toBe(false)
    expect(linkFile(at('missing.png'), at('x.png'))).toBe(false)
  })

  it('links a whole tree of files, folders made anew', () => {
    mkdirSync(at('build/assets'), { recursive: true })
    writeFileSync(at('build/index.html'), '<html></html>')
    writeFileSync(at('build/assets/app.js'), 'console.log(1)')
    linkTree(at('build'), at('entry'))
    expect(inode('entry/index.html')).toBe(inode('build/index.html'))
    expect(inode('entry/assets/app.js')).toBe(inode('build/assets/app.js'))
    expect(statSync(at('entry/assets')).ino).not.toBe(statSync(at('build/assets')).ino)
  })

  // /dev/shm is a tmpfs where there is one: no link can cross into it.
  const otherDevice = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(os.tmpdir()).dev
  it.runIf(otherDevice)('copies the files of a tree it cannot link (another file system)', () => {
    mkdirSync(at('build/assets'), { recursive: true })
    writeFileSync(at('build/assets/app.js'), 'console.log(1)')
    const elsewhere = mkdtempSync('/dev/shm/link-tree-')
    try {
      linkTree(at('build'), path.join(elsewhere, 'entry'))
      expect(readFileSync(path.join(elsewhere, 'entry/assets/app.js'), 'utf8')).toBe('console.log(1)')
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  })
})
