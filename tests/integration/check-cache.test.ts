import { createHash } from 'node:crypto'
/**
 * Checked files in the store (check-cache.ts): a valid file (portfolio.yaml or a project) checked
 * before is not checked again, a file with a problem is never kept (its diagnostics are found
 * afresh), and a damaged entry is checked again. Either way the result is exactly what checking
 * every file gives.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../cli/cache/store.ts'
import { checkAndCompile } from '../../cli/pipeline/check-and-compile.ts'
import { copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'
import { noStore } from '../../cli/cache/no-store.ts'

let fixture: FixtureRoot
let root: string
let store: Store
const folder = () => path.join(root, 'store', 'checked')
const entries = () => readdirSync(folder()).filter((name) => name.endsWith('.bin'))
/** What the content gives when every file is checked and compiled. */
const reference = () => checkAndCompile(fixture.root, { workers: 'never', store: noStore })
const cached = () => checkAndCompile(fixture.root, { workers: 'never', store })
const comparable = (result: Awaited<ReturnType<typeof checkAndCompile>>) => ({
  diagnostics: result.diagnostics,
  content: result.content,
  compiled: result.compiled,
  compileDiagnostics: result.compileDiagnostics,
})
const checkedKey = (file: string) =>
  store.key(
    'checked',
    file === 'portfolio.yaml' ? 'portfolio' : 'project',
    file,
    // Kept under the digest of the file's bytes (cache/file-digests.ts).
    createHash('sha256')
      .update(readFileSync(path.join(fixture.root, file)))
      .digest('hex'),
  )

beforeAll(() => {
  fixture = copyRepoContent()
  root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-check-cache-'))
  store = openStore(root, 'check-cache-test')
})

afterAll(() => {
  fixture.cleanup()
  rmSync(root, { recursive: true, force: true })
})

describe('checked files in the store', () => {
  it('keeps one entry per valid file (portfolio.yaml and each project) and gives the same result from them', async () => {
    const expected = comparable(await reference())
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(7)
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(7)
  })

  it('never keeps a file with a problem, which is found and located every time', async () => {
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace('method: POST', 'method: FETCH'))
    try {
      const expected = comparable(await reference())
      expect(expected.diagnostics.map((d) => d.code)).toContain('ENDPOINT_METHOD')
      const before = entries().length
      expect(comparable(await cached())).toEqual(expected)
      expect(comparable(await cached())).toEqual(expected)
      expect(entries()).toHaveLength(before)
    } finally {
      writeFileSync(file, original)
    }
  })

  it('checks a file again when its entry is damaged, with the same result, and writes it whole again', async () => {
    const expected = comparable(await reference())
    await cached()
    const file = path.join(folder(), `${checkedKey('projects/authstack.yaml')}.bin`)
    const whole = readFileSync(file)
    const flipped = Buffer.from(whole)
    flipped[flipped.length - 10] = (flipped[flipped.length - 10] ?? 0) ^ 0xff
    for (const damaged of [flipped, whole.subarray(0, whole.length - 5)]) {
      writeFileSync(file, damaged)
      expect(comparable(await cached())).toEqual(expected)
      expect(readFileSync(file)).toEqual(whole)
    }
  })

  it('takes portfolio.yaml from the store, and still locates in it what a rule across files finds there', async () => {
    await cached()
    // The kept entry is what the build gets: one planted under portfolio.yaml's key shows in the content.
    const { content } = await reference()
    const planted = structuredClone(content!.portfolio) as { owner: { name: string } }
    planted.owner.name = 'Planted Name'
    store.set('checked', checkedKey('portfolio.yaml'), { data: planted, links: [] })
    expect(((await cached()).content!.portfolio.owner as { name: string }).name).toBe('Planted Name')
    rmSync(path.join(folder(), `${checkedKey('portfolio.yaml')}.bin`))
    await cached()
    // A project file gone while portfolio.yaml (from the store) still lists it: located at its line there.
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    rmSync(file)
    try {
      const expected = comparable(await reference())
      expect(
        expected.diagnostics.some((d) => d.code === 'UNKNOWN_PROJECT' && d.file === 'portfolio.yaml' && d.line > 1),
      ).toBe(true)
      expect(comparable(await cached())).toEqual(expected)
    } finally {
      writeFileSync(file, original)
    }
  })
})
