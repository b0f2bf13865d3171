/**
 * The compile cache (compile-cache.ts): a rebuild after editing one project compiles that project
 * only, and an entry that is corrupt, foreign or malformed is never trusted: the file is compiled
 * again and the output is exactly what an uncached compile gives.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import v8 from 'node:v8'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAndCompile } from '../../cli/pipeline/check-content.ts'
import { writeEntry } from '../../cli/pipeline/cache-entries.ts'
import { compilerKey, entryKey, type CompileCache } from '../../cli/pipeline/compile-cache.ts'
import { startWorkers, stopWorkers } from '../../cli/pipeline/content-pool.ts'
import { copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'

let fixture: FixtureRoot
let cacheDir: string
let cache: CompileCache
/** What compiling the content without any cache gives. */
let expected: Awaited<ReturnType<typeof checkAndCompile>>

const projectSource = (id: string) => {
  const rel = `projects/${id}.yaml`
  return { path: rel, text: readFileSync(path.join(fixture.root, rel), 'utf8') }
}
const entryFile = (id: string) => path.join(cacheDir, `${entryKey(cache, 'project', projectSource(id))}.bin`)

beforeAll(async () => {
  fixture = copyRepoContent()
  cacheDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-compile-cache-'))
  const key = compilerKey()
  if (!key) throw new Error('no compiler key: the compile sources or packages cannot be read')
  cache = { directory: cacheDir, compilerKey: key }
  expected = await checkAndCompile(fixture.root, { workers: 'never', cache: false })
  expect(expected.compiled).toBeDefined()
  await startWorkers(1)
}, 60_000)

afterAll(async () => {
  await stopWorkers()
  fixture.cleanup()
  rmSync(cacheDir, { recursive: true, force: true })
})

describe('compile cache', () => {
  it('stores one entry per compiled file, and a second build compiles nothing', async () => {
    const first = await checkAndCompile(fixture.root, { workers: 'never', cache })
    expect(first.compileStats).toEqual({ compiled: 6, cached: 0 })
    expect(first.compiled).toEqual(expected.compiled)
    // six projects, the portfolio, and each project's two diagrams
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.bin'))).toHaveLength(7 + 12)
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.tmp'))).toEqual([])
    for (const workers of ['never', 'always'] as const) {
      const again = await checkAndCompile(fixture.root, { workers, cache })
      expect(again.compileStats).toEqual({ compiled: 0, cached: 6 })
      expect(again.compiled).toEqual(expected.compiled)
      expect(again.compileDiagnostics).toEqual([])
    }
  })

  it('makes its folder when it is missing, also when it goes away between two builds of one process', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'portfolio-compile-cache-missing-'))
    try {
      const missing: CompileCache = { directory: path.join(parent, 'a', 'b'), compilerKey: cache.compilerKey }
      expect((await checkAndCompile(fixture.root, { workers: 'never', cache: missing })).compileStats).toEqual({ compiled: 6, cached: 0 })
      rmSync(parent, { recursive: true, force: true })
      expect((await checkAndCompile(fixture.root, { workers: 'never', cache: missing })).compileStats).toEqual({ compiled: 6, cached: 0 })
      expect(readdirSync(missing.directory).filter((f) => f.endsWith('.bin'))).toHaveLength(7 + 12)
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })

  it('recompiles only the project that was edited', async () => {
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edited)`))
    try {
      const reference = await checkAndCompile(fixture.root, { workers: 'never', cache: false })
      for (const workers of ['never', 'always'] as const) {
        const edited = await checkAndCompile(fixture.root, { workers, cache })
        expect(edited.compileStats).toEqual(workers === 'never' ? { compiled: 1, cached: 5 } : { compiled: 0, cached: 6 })
        expect(edited.compiled).toEqual(reference.compiled)
        expect(JSON.stringify(edited.compiled)).toContain('(edited)')
      }
    } finally {
      writeFileSync(file, original)
    }
  })

  it('keeps diagrams apart: an edit that leaves them alone reuses them, and a corrupt diagram entry is drawn again', async () => {
    await checkAndCompile(fixture.root, { workers: 'never', cache })
    const diagramEntries = readdirSync(cacheDir).filter((f) => {
      const bytes = readFileSync(path.join(cacheDir, f))
      const value: unknown = v8.deserialize(bytes.subarray(bytes.indexOf(0x0a) + 1))
      return typeof value === 'object' && value !== null && Object.keys(value).join() === 'svg'
    })
    expect(diagramEntries).toHaveLength(12)
    for (const entry of diagramEntries) writeFileSync(path.join(cacheDir, entry), readFileSync(path.join(cacheDir, entry)).subarray(0, 300))
    const file = path.join(fixture.root, 'projects/logic-i.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(file, original.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edited)`))
    try {
      const reference = await checkAndCompile(fixture.root, { workers: 'never', cache: false })
      const edited = await checkAndCompile(fixture.root, { workers: 'never', cache })
      expect(edited.compileStats).toEqual({ compiled: 1, cached: 5 })
      expect(edited.compiled).toEqual(reference.compiled)
    } finally {
      writeFileSync(file, original)
    }
  })

  const corruptions: [string, (file: string) => void][] = [
    ['random bytes', (file) => writeFileSync(file, Buffer.from('not an entry at all \u0000\u0001\u0002')) ],
    ['an empty file', (file) => writeFileSync(file, '')],
    ['a truncated entry', (file) => writeFileSync(file, readFileSync(file).subarray(0, 200))],
    ['one flipped byte in the payload (the checksum no longer matches)', (file) => {
      const bytes = readFileSync(file)
      bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0xff
      writeFileSync(file, bytes)
    }],
    ["another project's entry under this name (it names another key)", (file) => writeFileSync(file, readFileSync(entryFile('logic-i')))],
    ['a well-formed entry that does not hold a compiled project', () => writeEntry(cache.directory, entryKey(cache, 'project', projectSource('todoapppro')), { project: 'not a project' })],
  ]

  for (const [what, corrupt] of corruptions) {
    for (const workers of ['never', 'always'] as const) {
      it(`ignores ${what} and compiles the file again (${workers === 'never' ? 'without workers' : 'with workers on'})`, async () => {
        await checkAndCompile(fixture.root, { workers: 'never', cache }) // every entry present and valid
        corrupt(entryFile('todoapppro'))
        const result = await checkAndCompile(fixture.root, { workers, cache })
        expect(result.compiled).toEqual(expected.compiled)
        expect(result.compileDiagnostics).toEqual([])
        expect(result.compileStats).toEqual({ compiled: 1, cached: 5 })
        // The bad entry was replaced by a good one.
        expect((await checkAndCompile(fixture.root, { workers: 'never', cache })).compileStats).toEqual({ compiled: 0, cached: 6 })
      })
    }
  }

  it('ignores a corrupt portfolio entry', async () => {
    await checkAndCompile(fixture.root, { workers: 'never', cache })
    const portfolio = { path: 'portfolio.yaml', text: readFileSync(path.join(fixture.root, 'portfolio.yaml'), 'utf8') }
    writeFileSync(path.join(cacheDir, `${entryKey(cache, 'portfolio', portfolio)}.bin`), 'garbage\n{]')
    const result = await checkAndCompile(fixture.root, { workers: 'never', cache })
    expect(result.compiled).toEqual(expected.compiled)
  })

  it('keys entries by compiler: another compiler key finds nothing', async () => {
    const other = { directory: cacheDir, compilerKey: `${cache.compilerKey}-other` }
    const result = await checkAndCompile(fixture.root, { workers: 'never', cache: other })
    expect(result.compileStats).toEqual({ compiled: 6, cached: 0 })
    expect(result.compiled).toEqual(expected.compiled)
  })
})
