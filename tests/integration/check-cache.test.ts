/**
 * The check cache (check-cache.ts): a valid file (portfolio.yaml or a project) checked before is not checked again, a file
 * with a problem is never kept (its diagnostics are found afresh), and a damaged entry or pack is
 * checked again. Either way the result is exactly what checking every file gives.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkerKey, encodeChecked, type CheckCache } from '../../cli/content/check-cache.ts'
import { checkAndCompile } from '../../cli/build/check-and-compile.ts'
import { packEntries } from '../../cli/cache/entry-pack.ts'
import { copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'

let fixture: FixtureRoot
let checkCache: CheckCache
/** The one pack the fixture's checks are kept in. */
const packFile = () => {
  const packs = readdirSync(checkCache.directory).filter((file) => file.endsWith('.pack'))
  expect(packs).toHaveLength(1)
  return path.join(checkCache.directory, packs[0] as string)
}
const entries = () => [...packEntries(readFileSync(packFile())).values()]
/** What the content gives when every file is checked and compiled. */
const reference = () => checkAndCompile(fixture.root, { workers: 'never', cache: false, checkCache: false })
const cached = () => checkAndCompile(fixture.root, { workers: 'never', cache: false, checkCache })
const comparable = (result: Awaited<ReturnType<typeof checkAndCompile>>) => ({ diagnostics: result.diagnostics, content: result.content, compiled: result.compiled, compileDiagnostics: result.compileDiagnostics })

beforeAll(() => {
  fixture = copyRepoContent()
  const key = checkerKey()
  if (!key) throw new Error('no checker key: the CLI sources cannot be read')
  checkCache = { directory: mkdtempSync(path.join(os.tmpdir(), 'portfolio-check-cache-')), checkerKey: key }
})

afterAll(() => {
  fixture.cleanup()
  rmSync(checkCache.directory, { recursive: true, force: true })
})

describe('check cache', () => {
  it('keeps one entry per valid file (portfolio.yaml and each project) in one pack and gives the same result from it', async () => {
    const expected = comparable(await reference())
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(7)
    const written = statSync(packFile()).ino
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(7)
    // Nothing changed, so the pack was not written again.
    expect(statSync(packFile()).ino).toBe(written)
  })

  it('never keeps a file with a problem, which is found and located every time', async () => {
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace('method: POST', 'method: FETCH'))
    try {
      const expected = comparable(await reference())
      expect(expected.diagnostics.map((d) => d.code)).toContain('ENDPOINT_METHOD')
      expect(comparable(await cached())).toEqual(expected)
      expect(comparable(await cached())).toEqual(expected)
      // The six valid files; the pack follows the content, so the file's valid version is gone too.
      expect(entries()).toHaveLength(6)
    } finally {
      writeFileSync(file, original)
    }
    await cached()
    expect(entries()).toHaveLength(7)
  })

  it('checks a file again when its entry is damaged, with the same result, and mends the pack', async () => {
    const expected = comparable(await reference())
    await cached()
    const damaged = entries().map((entry) => {
      const copy = Buffer.from(entry)
      copy[copy.length - 10] = (copy[copy.length - 10] ?? 0) ^ 0xff
      return copy
    })
    writeFileSync(packFile(), Buffer.concat(damaged))
    expect(entries()).toHaveLength(7) // still well-formed: only the checksums tell
    expect(comparable(await cached())).toEqual(expected)
    expect(entries().map((entry) => entry.toString('latin1'))).not.toContain(damaged[0]?.toString('latin1'))
    expect(entries()).toHaveLength(7)
  })

  it('keeps the whole entries of a pack cut short, and checks the rest again', async () => {
    const expected = comparable(await reference())
    await cached()
    const bytes = readFileSync(packFile())
    const third = entries()[2] as Buffer
    writeFileSync(packFile(), bytes.subarray(0, third.byteOffset - bytes.byteOffset + 40))
    expect(entries()).toHaveLength(2)
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(7)
  })

  it('takes portfolio.yaml from the cache, and still locates in it what a rule across files finds there', async () => {
    await cached()
    // The kept entry is what the build gets: one planted under portfolio.yaml's key shows in the content.
    const source = { path: 'portfolio.yaml', text: readFileSync(path.join(fixture.root, 'portfolio.yaml'), 'utf8') }
    const { content } = await reference()
    const planted = structuredClone(content!.portfolio) as { owner: { name: string } }
    planted.owner.name = 'Planted Name'
    const entry = encodeChecked(checkCache, source, { data: planted, links: [] })!
    writeFileSync(packFile(), Buffer.concat([...entries().filter((bytes) => !bytes.toString('latin1').includes(entry.key)), entry.bytes]))
    expect(((await cached()).content?.portfolio.owner as { name: string }).name).toBe('Planted Name')
    rmSync(packFile())
    await cached()
    // A project file gone while portfolio.yaml (from the cache) still lists it: located at its line there.
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    rmSync(file)
    try {
      const expected = comparable(await reference())
      expect(expected.diagnostics.some((d) => d.code === 'UNKNOWN_PROJECT' && d.file === 'portfolio.yaml' && d.line > 1)).toBe(true)
      expect(comparable(await cached())).toEqual(expected)
    } finally {
      writeFileSync(file, original)
    }
  })
})
