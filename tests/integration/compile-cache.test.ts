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
import { checkAndCompile } from '../../cli/build/check-and-compile.ts'
import { encodeEntry } from '../../cli/cache/cache-entries.ts'
import { compilerKey, compilerSources, entryKey, type CompileCache } from '../../cli/compile/compile-cache.ts'
import { poolCounters, startWorkers, stopWorkers } from '../../cli/workers/content-pool.ts'
import { packEntries } from '../../cli/cache/entry-pack.ts'
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
const portfolioSource = () => ({ path: 'portfolio.yaml', text: readFileSync(path.join(fixture.root, 'portfolio.yaml'), 'utf8') })
const files = (directory: string, extension: string) => readdirSync(directory).filter((f) => f.endsWith(extension))
/** The one pack the fixture's compiled files are kept in. */
const packFile = () => {
  expect(files(cacheDir, '.pack')).toHaveLength(1)
  return path.join(cacheDir, files(cacheDir, '.pack')[0] as string)
}
const packed = () => packEntries(readFileSync(packFile()))
/** Writes the pack back with the entry of `key` last (so damage to it cannot hide the others), as `damage` leaves it. */
const damageEntry = (key: string, damage: (entry: Buffer) => Buffer) => {
  const entries = packed()
  const entry = entries.get(key)
  if (!entry) throw new Error('no such entry in the pack')
  entries.delete(key)
  writeFileSync(packFile(), Buffer.concat([...entries.values(), damage(entry)]))
}

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
  it('keys compiled files by every module the compilers run: each one a compiler imports is hashed', () => {
    const pipeline = path.resolve(import.meta.dirname, '../../cli/compile')
    const hashed = new Set(compilerSources().map((file) => path.resolve(pipeline, file)))
    const compilers = ['compile-content.ts', 'compile-project.ts', 'compile-markdown.ts']
    const imported = compilers.flatMap((file) =>
      [...readFileSync(path.join(pipeline, file), 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.\.?\/[^']+)'/gm)].map((m) => path.resolve(pipeline, m[1]!)),
    )
    // The module of the highlighted languages was once left out.
    expect(imported).toContain(path.join(pipeline, 'highlight.ts'))
    for (const file of imported) expect(hashed, path.relative(pipeline, file)).toContain(file)
  })

  it('stores the compiled files in one pack and each diagram apart, and a second build compiles nothing', async () => {
    const first = await checkAndCompile(fixture.root, { workers: 'never', cache })
    expect(first.compileStats).toEqual({ compiled: 6, cached: 0 })
    expect(first.compiled).toEqual(expected.compiled)
    // six projects and the portfolio in the pack; each project's two diagrams in entries of their own
    expect(packed().size).toBe(7)
    expect(files(cacheDir, '.bin')).toHaveLength(12)
    expect(files(cacheDir, '.tmp')).toEqual([])
    for (const workers of ['never', 'always'] as const) {
      // Checked afresh (no check cache): a worker leaves the files the pack holds to the main thread.
      const workerFiles = poolCounters.workerFiles
      const again = await checkAndCompile(fixture.root, { workers, cache })
      expect(again.compileStats).toEqual({ compiled: 0, cached: 6 })
      expect(again.compiled).toEqual(expected.compiled)
      expect(again.compileDiagnostics).toEqual([])
      if (workers === 'always') expect(poolCounters.workerFiles).toBeGreaterThan(workerFiles)
    }
  })

  it('makes its folder when it is missing, also when it goes away between two builds of one process', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'portfolio-compile-cache-missing-'))
    try {
      const missing: CompileCache = { directory: path.join(parent, 'a', 'b'), compilerKey: cache.compilerKey }
      expect((await checkAndCompile(fixture.root, { workers: 'never', cache: missing })).compileStats).toEqual({ compiled: 6, cached: 0 })
      rmSync(parent, { recursive: true, force: true })
      expect((await checkAndCompile(fixture.root, { workers: 'never', cache: missing })).compileStats).toEqual({ compiled: 6, cached: 0 })
      expect(files(missing.directory, '.bin')).toHaveLength(12)
      expect(files(missing.directory, '.pack')).toHaveLength(1)
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
    // The pack follows the content: the edited version's entry goes once the file is back as it was.
    expect((await checkAndCompile(fixture.root, { workers: 'never', cache })).compileStats).toEqual({ compiled: 1, cached: 5 })
    expect(packed().size).toBe(7)
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

  it("reuses the markdown of the file's previous version that is unchanged, and compiles what changed", async () => {
    await checkAndCompile(fixture.root, { workers: 'never', cache })
    const source = projectSource('authstack')
    const key = entryKey(cache, 'project', source)
    // The previous version's entry, whole and its own, with one section's HTML made recognisable:
    // reused, that HTML shows up in the next compile; compiled again, it does not.
    const entry = v8.deserialize(payload(packed().get(key) as Buffer)) as { project: { sections: Record<string, unknown>[] }; markdown: string[] }
    const [reused, edited] = entry.project.sections.filter((section) => typeof section.body === 'string')
    if (!reused || !edited) throw new Error('the project has fewer than two sections with a body')
    reused.body = '<p>from the previous version</p>'
    damageEntry(key, () => encodeEntry(key, entry) as Buffer)
    const editedId = String(edited.id)
    const file = path.join(fixture.root, source.path)
    // The title changes, and the second section with a body gets a sentence more.
    const lines = source.text.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edited)`).split('\n')
    const bodies = lines.flatMap((line, i) => (/^\s+body: \|$/.test(line) ? [i] : []))
    lines[bodies[1]! + 1] += ' One more sentence.'
    writeFileSync(file, lines.join('\n'))
    try {
      const reference = await checkAndCompile(fixture.root, { workers: 'never', cache: false })
      const result = await checkAndCompile(fixture.root, { workers: 'never', cache })
      expect(result.compileStats).toEqual({ compiled: 1, cached: 5 })
      const compiled = result.compiled?.projects.find((p) => p.id === 'authstack') as { sections: Record<string, unknown>[] }
      const fresh = reference.compiled?.projects.find((p) => p.id === 'authstack') as { sections: Record<string, unknown>[] }
      const at = (project: typeof compiled, id: string) => project.sections.find((section) => section.id === id)
      expect(at(compiled, String(reused.id))?.body).toBe('<p>from the previous version</p>')
      expect(at(compiled, editedId)?.body).toContain('One more sentence.')
      expect(at(compiled, editedId)).toEqual(at(fresh, editedId))
      expect(compiled.sections.filter((section) => section.id !== reused.id)).toEqual(fresh.sections.filter((section) => section.id !== reused.id))
    } finally {
      writeFileSync(file, source.text)
    }
  })

  it("compiles a file whole when its previous version's entry is damaged", async () => {
    await checkAndCompile(fixture.root, { workers: 'never', cache })
    const source = projectSource('authstack')
    damageEntry(entryKey(cache, 'project', source), (entry) => {
      const copy = Buffer.from(entry)
      copy[copy.length - 20] = (copy[copy.length - 20] ?? 0) ^ 0xff
      return copy
    })
    const file = path.join(fixture.root, source.path)
    writeFileSync(file, source.text.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edited)`))
    try {
      const reference = await checkAndCompile(fixture.root, { workers: 'never', cache: false })
      const result = await checkAndCompile(fixture.root, { workers: 'never', cache })
      expect(result.compiled).toEqual(reference.compiled)
    } finally {
      writeFileSync(file, source.text)
    }
  })

  const todoKey = () => entryKey(cache, 'project', projectSource('todoapppro'))
  const payload = (entry: Buffer) => entry.subarray(entry.indexOf(0x0a) + 1)
  const corruptions: [string, (entry: Buffer) => Buffer][] = [
    ['random bytes in its place', () => Buffer.from('not an entry at all \u0000\u0001\u0002')],
    ['an entry cut short (the pack ends inside it)', (entry) => entry.subarray(0, 200)],
    ['one flipped byte in the payload (the checksum no longer matches)', (entry) => {
      const copy = Buffer.from(entry)
      copy[copy.length - 20] = (copy[copy.length - 20] ?? 0) ^ 0xff
      return copy
    }],
    ["another project's payload under its header", (entry) => Buffer.concat([entry.subarray(0, entry.indexOf(0x0a) + 1), payload(packed().get(entryKey(cache, 'project', projectSource('logic-i'))) as Buffer)])],
    ['a well-formed entry that does not hold a compiled project', () => encodeEntry(todoKey(), { project: 'not a project' }) as Buffer],
  ]

  for (const [what, corrupt] of corruptions) {
    for (const workers of ['never', 'always'] as const) {
      it(`ignores ${what} and compiles the file again (${workers === 'never' ? 'without workers' : 'with workers on'})`, async () => {
        await checkAndCompile(fixture.root, { workers: 'never', cache }) // every entry present and valid
        damageEntry(todoKey(), corrupt)
        const result = await checkAndCompile(fixture.root, { workers, cache })
        expect(result.compiled).toEqual(expected.compiled)
        expect(result.compileDiagnostics).toEqual([])
        expect(result.compileStats).toEqual({ compiled: 1, cached: 5 })
        // The bad entry was replaced by a good one.
        expect((await checkAndCompile(fixture.root, { workers: 'never', cache })).compileStats).toEqual({ compiled: 0, cached: 6 })
      })
    }
  }

  it('compiles everything again from an empty or garbled pack, and writes a whole one', async () => {
    for (const pack of [Buffer.alloc(0), Buffer.from('garbage\n{]')]) {
      await checkAndCompile(fixture.root, { workers: 'never', cache })
      writeFileSync(packFile(), pack)
      const result = await checkAndCompile(fixture.root, { workers: 'never', cache })
      expect(result.compileStats).toEqual({ compiled: 6, cached: 0 })
      expect(result.compiled).toEqual(expected.compiled)
      expect(packed().size).toBe(7)
    }
  })

  it('ignores a corrupt portfolio entry', async () => {
    await checkAndCompile(fixture.root, { workers: 'never', cache })
    damageEntry(entryKey(cache, 'portfolio', portfolioSource()), () => Buffer.from('garbage\n{]'))
    const result = await checkAndCompile(fixture.root, { workers: 'never', cache })
    expect(result.compiled).toEqual(expected.compiled)
    expect(packed().size).toBe(7)
  })

  it('keys entries by compiler: another compiler key finds nothing', async () => {
    const other = { directory: cacheDir, compilerKey: `${cache.compilerKey}-other` }
    const result = await checkAndCompile(fixture.root, { workers: 'never', cache: other })
    expect(result.compileStats).toEqual({ compiled: 6, cached: 0 })
    expect(result.compiled).toEqual(expected.compiled)
  })
})
