import { createHash } from 'node:crypto'
import { readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openFileDigests } from '../../cli/cache/file-digests.ts'
import { noStore } from '../../cli/cache/no-store.ts'
import { TIMESTAMP_GRANULARITY_NS } from '../../cli/cache/file-identity.ts'
import { openStore } from '../../cli/cache/store.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('portfolio-digests-')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Whole seconds, so that a time set on a file is given back to it exactly (utimes takes seconds as a double). */
const seconds = (ms: number) => Math.floor(ms / 1000)
/** An hour ago: far outside any timestamp granularity of a cache opened now. */
const anHourAgo = () => seconds(Date.now()) - 3600

/** A file's mtime in whole seconds (the tests set only such times). */
function mtimeOf(file: string): number {
  const { mtimeNs } = statSync(file, { bigint: true })
  expect(mtimeNs % 1_000_000_000n).toBe(0n)
  return Number(mtimeNs / 1_000_000_000n)
}

/**
 * Writes `text` over `file` in place (the same inode) and gives it back the mtime it had, so that
 * only its bytes changed: what a cache trusting identities cannot see unless it reads the file.
 */
function rewriteKeepingIdentity(file: string, text: string): void {
  const mtime = mtimeOf(file)
  writeFileSync(file, text)
  utimesSync(file, mtime, mtime)
}

describe('file digests', () => {
  it("gives a file's SHA-256, and nothing for a file that is missing or a folder", () => {
    const dir = tempDir()
    const file = path.join(dir, 'a.txt')
    writeFileSync(file, 'hello')
    const digests = openFileDigests(openStore(path.join(dir, 'cache'), 'v1'))
    expect(digests.digest(file)).toBe(sha256('hello'))
    expect(digests.digest(path.join(dir, 'missing.txt'))).toBeUndefined()
    expect(digests.digest(dir)).toBeUndefined()
  })

  it('does not read again a file whose size, mtime and inode are the ones recorded long enough before', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const file = path.join(dir, 'a.txt')
    writeFileSync(file, 'first')
    utimesSync(file, anHourAgo(), anHourAgo())
    const first = openFileDigests(store)
    expect(first.digest(file)).toBe(sha256('first'))
    first.save()

    // Other bytes behind the same identity: the recorded digest is given, so the file was not read.
    rewriteKeepingIdentity(file, 'other')
    expect(openFileDigests(store).digest(file)).toBe(sha256('first'))
  })

  it('hashes a file again when its size, mtime or inode differ from the record', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const file = path.join(dir, 'a.txt')
    const save = (text: string) => {
      writeFileSync(file, text)
      utimesSync(file, anHourAgo(), anHourAgo())
      const digests = openFileDigests(store)
      expect(digests.digest(file)).toBe(sha256(text))
      digests.save()
    }
    save('one')
    // Another size, the same mtime.
    rewriteKeepingIdentity(file, 'three')
    expect(openFileDigests(store).digest(file)).toBe(sha256('three'))

    save('four')
    // The same size, another mtime.
    writeFileSync(file, 'five')
    utimesSync(file, anHourAgo() - 60, anHourAgo() - 60)
    expect(openFileDigests(store).digest(file)).toBe(sha256('five'))

    save('six')
    // The same size and mtime, another inode: a file renamed over it.
    const mtime = mtimeOf(file)
    const replacement = path.join(dir, 'replacement.txt')
    writeFileSync(replacement, 'sev')
    utimesSync(replacement, mtime, mtime)
    renameSync(replacement, file)
    expect(openFileDigests(store).digest(file)).toBe(sha256('sev'))
  })

  it("hashes again a file whose mtime falls within the timestamp granularity of the cache's time (racy)", () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const file = path.join(dir, 'a.txt')
    writeFileSync(file, 'first')
    const digests = openFileDigests(store)
    // Modified after the cache's session began: an edit in the same tick would keep this mtime.
    const recent = seconds(Date.now())
    utimesSync(file, recent, recent)
    expect(digests.digest(file)).toBe(sha256('first'))
    digests.save()
    rewriteKeepingIdentity(file, 'other')
    expect(openFileDigests(store).digest(file)).toBe(sha256('other'))

    // Just older than the granularity before the cache's time: trusted by its identity again.
    const before = seconds(Date.now() - Number(TIMESTAMP_GRANULARITY_NS / 1_000_000n)) - 1
    utimesSync(file, before, before)
    const again = openFileDigests(store)
    expect(again.digest(file)).toBe(sha256('other'))
    again.save()
    rewriteKeepingIdentity(file, 'third')
    expect(openFileDigests(store).digest(file)).toBe(sha256('other'))
  })

  it('reads a file with its digest, the recorded one when its identity is unchanged', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const file = path.join(dir, 'a.yaml')
    writeFileSync(file, 'id: a\n')
    utimesSync(file, anHourAgo(), anHourAgo())
    const first = openFileDigests(store)
    const read = first.read(file)
    expect([read.bytes.toString(), read.sha256]).toEqual(['id: a\n', sha256('id: a\n')])
    first.save()
    rewriteKeepingIdentity(file, 'id: b\n')
    expect(openFileDigests(store).read(file).sha256).toBe(sha256('id: a\n'))
    writeFileSync(file, 'id: c\n')
    expect(openFileDigests(store).read(file)).toEqual({ bytes: Buffer.from('id: c\n'), sha256: sha256('id: c\n') })
    expect(() => openFileDigests(store).read(path.join(dir, 'missing.yaml'))).toThrow(/ENOENT/)
  })

  it('trusts no record when its store entry is damaged', () => {
    const dir = tempDir()
    const store = openStore(path.join(dir, 'cache'), 'v1')
    const file = path.join(dir, 'a.txt')
    writeFileSync(file, 'first')
    utimesSync(file, anHourAgo(), anHourAgo())
    const digests = openFileDigests(store)
    digests.digest(file)
    digests.save()
    const entries = path.join(dir, 'cache', 'store', 'digests')
    for (const entry of readdirSync(entries)) writeFileSync(path.join(entries, entry), 'damaged')
    rewriteKeepingIdentity(file, 'other')
    expect(openFileDigests(store).digest(file)).toBe(sha256('other'))
  })

  it('hashes every file without a store, and keeps nothing', () => {
    const dir = tempDir()
    const file = path.join(dir, 'a.txt')
    writeFileSync(file, 'first')
    utimesSync(file, anHourAgo(), anHourAgo())
    const digests = openFileDigests(noStore)
    expect(digests.digest(file)).toBe(sha256('first'))
    digests.save()
    rewriteKeepingIdentity(file, 'other')
    expect(openFileDigests(noStore).digest(file)).toBe(sha256('other'))
  })
})
