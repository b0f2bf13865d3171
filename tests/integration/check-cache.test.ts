/**
 * The check cache (check-cache.ts): a valid project file checked before is not parsed again, a file
 * with a problem is never kept (its diagnostics are found afresh), and a damaged entry is checked
 * again. Either way the result is exactly what checking every file gives.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkerKey, type CheckCache } from '../../cli/pipeline/check-cache.ts'
import { checkAndCompile } from '../../cli/pipeline/check-content.ts'
import { copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'

let fixture: FixtureRoot
let checkCache: CheckCache
const entries = () => readdirSync(checkCache.directory).filter((file) => file.endsWith('.bin'))
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
  it('keeps one entry per valid project file and gives the same result from it', async () => {
    const expected = comparable(await reference())
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(6)
    expect(comparable(await cached())).toEqual(expected)
    expect(entries()).toHaveLength(6)
  })

  it('never keeps a file with a problem, which is found and located every time', async () => {
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace('method: POST', 'method: FETCH'))
    try {
      const before = entries().length
      const expected = comparable(await reference())
      expect(expected.diagnostics.map((d) => d.code)).toContain('ENDPOINT_METHOD')
      expect(comparable(await cached())).toEqual(expected)
      expect(comparable(await cached())).toEqual(expected)
      expect(entries()).toHaveLength(before)
    } finally {
      writeFileSync(file, original)
    }
  })

  it('checks a file again when its entry is damaged, with the same result', async () => {
    const expected = comparable(await reference())
    await cached()
    for (const entry of entries()) appendFileSync(path.join(checkCache.directory, entry), 'x')
    expect(comparable(await cached())).toEqual(expected)
  })
})
