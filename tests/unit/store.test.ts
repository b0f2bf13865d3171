import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore, storeAt } from '../../cli/cache/store.ts'
import { toolKey } from '../../cli/cache/tool-key.ts'
import { memoryStore } from '../../cli/cache/memory-store.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('portfolio-store-')
const entryPath = (root: string, kind: string, key: string) => path.join(root, 'store', kind, `${key}.bin`)

describe('the store', () => {
  it('gives back what was set, exactly as V8 serialises it, and misses what was not', () => {
    const store = openStore(tempDir(), 'v1')
    const key = store.key('project', 'projects/a.yaml', 'id: a\n')
    expect(store.get('project', key)).toBeUndefined()
    const value = { n: -0, nan: Number.NaN, list: [1, 'two'], nested: { map: new Map([['k', 1]]) } }
    store.set('project', key, value)
    expect(store.get('project', key)).toEqual(value)
    expect(Object.is((store.get('project', key) as { n: number }).n, -0)).toBe(true)
    expect(store.get('diagram', key)).toBeUndefined()
  })

  it('keys by kind, tool version and every input, without two input lists colliding', () => {
    const store = openStore(tempDir(), 'v1')
    const keys = [
      store.key('project', 'ab', 'c'),
      store.key('project', 'a', 'bc'),
      store.key('project', 'abc'),
      store.key('checked', 'ab', 'c'),
      openStore(tempDir(), 'v2').key('project', 'ab', 'c'),
    ]
    expect(new Set(keys).size).toBe(keys.length)
    expect(store.key('project', 'ab', 'c')).toBe(keys[0])
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/)
  })

  it('misses an entry written under another tool version, and keeps nothing when the version is unknown', () => {
    const root = tempDir()
    const first = openStore(root, 'v1')
    first.set('project', first.key('project', 'x'), { ok: true })
    const second = openStore(root, 'v2')
    expect(second.get('project', second.key('project', 'x'))).toBeUndefined()
    const unknown = storeAt({ root: tempDir(), toolVersion: undefined })
    unknown.set('project', unknown.key('project', 'x'), { ok: true })
    expect(unknown.get('project', unknown.key('project', 'x'))).toBeUndefined()
    expect(readdirSync(unknown.address.root)).toEqual([])
  })

  const damages: [string, (entry: Buffer, other: Buffer) => Buffer][] = [
    ['cut short', (entry) => entry.subarray(0, entry.length - 3)],
    [
      'a flipped byte',
      (entry) => {
        const copy = Buffer.from(entry)
        copy[copy.length - 2] = (copy[copy.length - 2] ?? 0) ^ 0x01
        return copy
      },
    ],
    ['the entry of another key', (_entry, other) => other],
    ['empty', () => Buffer.alloc(0)],
  ]
  for (const [what, damage] of damages) {
    it(`treats an entry ${what} as a miss and removes it`, () => {
      const root = tempDir()
      const store = openStore(root, 'v1')
      const key = store.key('project', 'a')
      const otherKey = store.key('project', 'b')
      store.set('project', key, { value: 'a' })
      store.set('project', otherKey, { value: 'b' })
      const file = entryPath(root, 'project', key)
      writeFileSync(file, damage(readFileSync(file), readFileSync(entryPath(root, 'project', otherKey))))
      expect(store.get('project', key)).toBeUndefined()
      expect(readdirSync(path.dirname(file))).toEqual([`${otherKey}.bin`])
      store.set('project', key, { value: 'a' })
      expect(store.get('project', key)).toEqual({ value: 'a' })
    })
  }

  it('writes atomically: no temporary file is left beside the entries', () => {
    const root = tempDir()
    const store = openStore(root, 'v1')
    for (let i = 0; i < 20; i++) store.set('checked', store.key('checked', String(i)), { i })
    expect(readdirSync(path.join(root, 'store', 'checked')).every((name) => name.endsWith('.bin'))).toBe(true)
  })

  it('prunes the least recently used entries beyond its limit, across kinds, and renews an entry on use', () => {
    const root = tempDir()
    const store = openStore(root, 'v1')
    const keys = Array.from({ length: 6 }, (_, i) => store.key(i % 2 ? 'project' : 'diagram', String(i)))
    keys.forEach((key, i) => {
      const kind = i % 2 ? 'project' : 'diagram'
      store.set(kind, key, { i })
      const at = new Date(Date.UTC(2020, 0, 1 + i))
      utimesSync(entryPath(root, kind, key), at, at)
    })
    // The oldest entry is used now: it is kept, and the next two oldest go.
    expect(store.get('diagram', keys[0]!)).toEqual({ i: 0 })
    expect(store.prune(4)).toBe(2)
    const left = ['diagram', 'project'].flatMap((kind) => readdirSync(path.join(root, 'store', kind)))
    expect(left.sort()).toEqual([keys[0], keys[3], keys[4], keys[5]].map((key) => `${key}.bin`).sort())
    expect(store.prune(4)).toBe(0)
  })

  it('prunes the least recently used entries beyond its byte budget too, so a few large entries cannot fill the disk', () => {
    const root = tempDir()
    const store = openStore(root, 'v1')
    const keys = Array.from({ length: 4 }, (_, i) => store.key('site', String(i)))
    keys.forEach((key, i) => {
      store.set('site', key, new Uint8Array(10_000).fill(i))
      const at = new Date(Date.UTC(2020, 0, 1 + i))
      utimesSync(entryPath(root, 'site', key), at, at)
    })
    // Room for two and a half entries: the two oldest go, whatever the count limit.
    expect(store.prune(100, 25_000)).toBe(2)
    expect(readdirSync(path.join(root, 'store', 'site')).sort()).toEqual(
      [keys[2], keys[3]].map((key) => `${key}.bin`).sort(),
    )
    expect(store.get('site', keys[3]!)).toEqual(new Uint8Array(10_000).fill(3))
  })
})

describe('the tool version', () => {
  it('is computed from the tool itself, once per process', () => {
    const version = toolKey()
    expect(version).toMatch(/^[0-9a-f]{64}$/)
    expect(toolKey()).toBe(version)
    expect(openStore(tempDir()).address.toolVersion).toBe(version)
  })
})

describe('the memory store', () => {
  it('gives back the very value set, and after a prune only what was used since the last one', () => {
    const memo = memoryStore()
    const value = { result: 'checked' }
    const key = memo.key('project result', 'projects/a.yaml', 'id: a\n')
    expect(memo.key('project result', 'projects/a.yaml', 'id: a\n')).toBe(key)
    expect(memo.key('project result', 'projects/a.yaml', 'id: b\n')).not.toBe(key)
    expect(memo.key('project result', 'ab', 'c')).not.toBe(memo.key('project result', 'a', 'bc'))
    memo.set('project result', key, value)
    memo.set('project result', 'gone', { result: 'old' })
    expect(memo.prune()).toBe(0)
    expect(memo.get('project result', key)).toBe(value)
    expect(memo.get('post result', key)).toBeUndefined()
    // Only `key` was used since: the other entry goes.
    expect(memo.prune()).toBe(1)
    expect(memo.get('project result', 'gone')).toBeUndefined()
    expect(memo.get('project result', key)).toBe(value)
    // A worker given its address keeps nothing.
    expect(storeAt(memo.address).get('project result', key)).toBeUndefined()
  })
})
