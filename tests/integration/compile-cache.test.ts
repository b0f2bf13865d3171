/**
 * Compiled files in the store (compile-cache.ts): a rebuild compiles nothing, an edit compiles only
 * the edited project, and an entry that is damaged, foreign or malformed is never trusted: the file
 * is compiled again, in this thread or on a worker, and the output is exactly what compiling without
 * the store gives.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore, storeAt, type Store } from '../../cli/cache/store.ts'
import { checkAndCompile } from '../../cli/pipeline/check-and-compile.ts'
import { poolCounters } from '../../cli/workers/pool.ts'
import { openPool } from '../../cli/pipeline/jobs.ts'
import { copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'
import { noStore } from '../../cli/cache/no-store.ts'

let fixture: FixtureRoot
let root: string
let store: Store
/** What compiling the content without the store gives. */
let expected: Awaited<ReturnType<typeof checkAndCompile>>

/** Entries are kept under the digest of the file's bytes (cache/file-digests.ts). */
const digest = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(fixture.root, file)))
    .digest('hex')
const entryFile = (kind: string, file: string) =>
  path.join(root, 'store', kind, `${store.key(kind, file, digest(file))}.bin`)
const entries = (kind: string) => readdirSync(path.join(root, 'store', kind)).filter((name) => name.endsWith('.bin'))
const build = (workers: 'never' | 'always' = 'never', with_: Store = store) =>
  checkAndCompile(fixture.root, { pool: pools[workers], store: with_ })

beforeAll(async () => {
  fixture = copyRepoContent()
  root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-compile-cache-'))
  store = openStore(root, 'compile-cache-test')
  expected = await checkAndCompile(fixture.root, { pool: pools.never, store: noStore })
  expect(expected.compiled).toBeDefined()
}, 60_000)

/** One pool each way for the file: workers start once, not per call. */
const pools = { never: openPool('never'), always: openPool('always') }

afterAll(async () => {
  await Promise.all([pools.never.close(), pools.always.close()])
  fixture.cleanup()
  rmSync(root, { recursive: true, force: true })
})

describe('compiled files in the store', () => {
  it('keeps each project, the portfolio and each diagram (authored or entity-relationship) in an entry, and a second build compiles nothing, in this thread or on workers', async () => {
    const first = await build()
    expect(first.compileStats).toEqual({ compiled: 6, cached: 0 })
    expect(first.compiled).toEqual(expected.compiled)
    expect(entries('project')).toHaveLength(6)
    expect(entries('portfolio')).toHaveLength(1)
    expect(entries('diagram')).toHaveLength(18)
    for (const workers of ['never', 'always'] as const) {
      const jobs = { ...poolCounters }
      const again = await build(workers)
      expect(again.compileStats).toEqual({ compiled: 0, cached: 6 })
      expect(again.compiled).toEqual(expected.compiled)
      expect(again.compileDiagnostics).toEqual([])
      // Everything came from the store: no job ran, here or on a worker.
      expect(poolCounters).toEqual(jobs)
    }
    expect(readdirSync(path.join(root, 'store', 'project')).filter((name) => !name.endsWith('.bin'))).toEqual([])
  })

  it('makes its folder when it is missing, also when it goes away between two builds of one process', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'portfolio-compile-cache-missing-'))
    try {
      const missing = openStore(path.join(parent, 'a', 'b'), store.address.toolVersion)
      expect((await build('never', missing)).compileStats).toEqual({ compiled: 6, cached: 0 })
      rmSync(parent, { recursive: true, force: true })
      expect((await build('never', missing)).compileStats).toEqual({ compiled: 6, cached: 0 })
      expect((await build('never', missing)).compileStats).toEqual({ compiled: 0, cached: 6 })
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })

  it('compiles only the project that was edited, the same in this thread as on a worker', async () => {
    const file = path.join(fixture.root, 'projects/authstack.yaml')
    const original = readFileSync(file, 'utf8')
    try {
      for (const workers of ['never', 'always'] as const) {
        writeFileSync(
          file,
          original.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edited on ${workers})`),
        )
        const reference = await checkAndCompile(fixture.root, { pool: pools.never, store: noStore })
        const jobs = { ...poolCounters }
        const edited = await build(workers)
        expect(edited.compileStats).toEqual({ compiled: 1, cached: 5 })
        // One job, where it was asked to run.
        expect(poolCounters.onWorkers + poolCounters.inThread - jobs.onWorkers - jobs.inThread).toBe(1)
        if (workers === 'always') expect(poolCounters.onWorkers).toBe(jobs.onWorkers + 1)
        expect(edited.compiled).toEqual(reference.compiled)
        expect(JSON.stringify(edited.compiled)).toContain(`(edited on ${workers})`)
      }
    } finally {
      writeFileSync(file, original)
    }
  })

  it('keeps diagrams apart: a damaged diagram entry is drawn again, and an edit that leaves them alone reuses them', async () => {
    await build()
    for (const name of entries('diagram')) {
      const at = path.join(root, 'store', 'diagram', name)
      writeFileSync(at, readFileSync(at).subarray(0, 300))
    }
    const file = path.join(fixture.root, 'projects/logic-i.yaml')
    const original = readFileSync(file, 'utf8')
    writeFileSync(
      file,
      original.replace(/^title: (.*)$/m, (_, title: string) => `title: ${title} (edited)`),
    )
    try {
      const reference = await checkAndCompile(fixture.root, { pool: pools.never, store: noStore })
      const edited = await build()
      expect(edited.compileStats).toEqual({ compiled: 1, cached: 5 })
      expect(edited.compiled).toEqual(reference.compiled)
      // logic-i's three diagrams (two authored, its entity-relationship diagram) were drawn again, whole; the other fifteen are still cut short.
      const whole = entries('diagram').filter(
        (name) => readFileSync(path.join(root, 'store', 'diagram', name)).length > 300,
      )
      expect(whole).toHaveLength(3)
    } finally {
      writeFileSync(file, original)
    }
  })

  const todo = 'projects/todoapppro.yaml'
  const corruptions: [string, (entry: Buffer) => Buffer][] = [
    ['random bytes in its place', () => Buffer.from('not an entry at all \u0000\u0001\u0002')],
    ['an entry cut short', (entry) => entry.subarray(0, 200)],
    [
      'one flipped byte in the payload (the checksum no longer matches)',
      (entry) => {
        const copy = Buffer.from(entry)
        copy[copy.length - 20] = (copy[copy.length - 20] ?? 0) ^ 0xff
        return copy
      },
    ],
    [
      "another project's whole entry (of another key)",
      () => readFileSync(entryFile('project', 'projects/logic-i.yaml')),
    ],
    [
      "another project's payload under its own header",
      (entry) => {
        const other = readFileSync(entryFile('project', 'projects/logic-i.yaml'))
        return Buffer.concat([entry.subarray(0, entry.indexOf(0x0a) + 1), other.subarray(other.indexOf(0x0a) + 1)])
      },
    ],
  ]

  for (const [what, corrupt] of corruptions) {
    for (const workers of ['never', 'always'] as const) {
      it(`ignores ${what} and compiles the file again (${workers === 'never' ? 'in this thread' : 'on a worker'})`, async () => {
        await build() // every entry present and valid
        const file = entryFile('project', todo)
        writeFileSync(file, corrupt(readFileSync(file)))
        const result = await build(workers)
        expect(result.compiled).toEqual(expected.compiled)
        expect(result.compileDiagnostics).toEqual([])
        expect(result.compileStats).toEqual({ compiled: 1, cached: 5 })
        // The bad entry was replaced by a good one.
        expect((await build()).compileStats).toEqual({ compiled: 0, cached: 6 })
      })
    }
  }

  it('ignores a damaged portfolio entry and compiles portfolio.yaml again, keeping it anew', async () => {
    await build()
    const file = entryFile('portfolio', 'portfolio.yaml')
    const whole = readFileSync(file)
    writeFileSync(file, 'garbage\n{]')
    const result = await build()
    expect(result.compiled).toEqual(expected.compiled)
    expect(readFileSync(file)).toEqual(whole)
  })

  it('misses every entry under another tool version', async () => {
    await build()
    const result = await build('never', openStore(root, `${store.address.toolVersion}-other`))
    expect(result.compileStats).toEqual({ compiled: 6, cached: 0 })
    expect(result.compiled).toEqual(expected.compiled)
  })

  it('keeps nothing and compiles everything when the tool version is unknown', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'portfolio-compile-cache-unknown-'))
    try {
      const unknown = storeAt({ root: parent, toolVersion: undefined })
      for (let i = 0; i < 2; i++)
        expect((await build('never', unknown)).compileStats).toEqual({ compiled: 6, cached: 0 })
      expect(readdirSync(parent)).toEqual([])
    } finally {
      rmSync(parent, { recursive: true, force: true })
    }
  })
})
