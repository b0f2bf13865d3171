/**
 * Project files checked and compiled as jobs on the worker pool (cli/workers/pool.ts) must give
 * exactly what the same jobs give in this thread. Under the test runner the pool runs in-thread, so
 * check.test.ts only ever takes that path; here every case is checked both ways (workers forced with
 * `workers: 'always'`), and the real content is checked and compiled both ways.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locatePointer } from '../../cli/diagnostics/locate.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { checkAndCompile } from '../../cli/build/check-and-compile.ts'
import { compileContent } from '../../cli/compile/compile-content.ts'
import { loadDiagramRenderer } from '../../cli/compile/render-diagram.ts'
import { openStore } from '../../cli/cache/store.ts'
import { poolCounters, stopPool, workerCount } from '../../cli/workers/pool.ts'
import { ParsedDocuments } from '../../cli/content/parsed-documents.ts'
import { copyRepoContent, listCases, materializeCase, REPO_ROOT, type FixtureRoot } from '../helpers/fixtures.ts'

afterAll(() => stopPool())

/** What a parsed file offers later stages: its data, its lines, and where its nodes are. */
function parsedSummary(result: CheckResult) {
  return [...result.parsed].map(([file, doc]) => ({
    file,
    path: doc.path,
    text: doc.text,
    data: doc.data,
    lineStarts: doc.lineCounter.lineStarts,
    range: doc.contents?.range,
    id: doc.contents ? locatePointer(doc, '/id') : undefined,
  }))
}

function comparable(result: CheckResult) {
  return {
    diagnostics: result.diagnostics,
    sources: [...result.sources],
    fileCount: result.fileCount,
    content: result.content,
  }
}

describe('when the pool uses workers', () => {
  it('runs few jobs in this thread, and many with workers when they share the work or this thread has other work', () => {
    const stillUnderVitest = process.env.VITEST
    delete process.env.VITEST
    try {
      expect(workerCount(6, { workers: 'auto', alongside: true })).toBe(0)
      expect(workerCount(0, { workers: 'always' })).toBe(0)
      expect(workerCount(2, { workers: 'always' })).toBeGreaterThan(0)
      expect(workerCount(5000, { workers: 'never' })).toBe(0)
      // A worker per core but this thread's, which takes jobs too when it has nothing else to do.
      const cores = os.availableParallelism()
      expect(workerCount(1000, { workers: 'auto', alongside: true })).toBe(Math.min(Math.max(1, cores - 1), 10))
      expect(workerCount(1000, { workers: 'auto' })).toBe(cores > 1 ? Math.min(cores - 1, 9) : 0)
      // Cheap jobs need more of them to pay for a worker.
      expect(workerCount(1000, { workers: 'auto', perWorker: 2000 })).toBe(0)
    } finally {
      process.env.VITEST = stillUnderVitest
    }
    // The test runner runs the same handlers in this thread unless told otherwise.
    expect(workerCount(1000, { workers: 'auto', alongside: true })).toBe(0)
  })
})

describe('every bad-input case gives the same result with workers as without', () => {
  // Isolated cases can take a process down; they are checked in a child process by check.test.ts.
  const cases = listCases().filter((c) => !c.isolate)
  const fixtures = new Map<string, Promise<FixtureRoot>>()
  beforeAll(() => {
    for (const testCase of cases) fixtures.set(testCase.name, materializeCase(testCase.name))
  }, 60_000)
  afterAll(async () => {
    for (const fixture of fixtures.values()) (await fixture.catch(() => undefined))?.cleanup()
  }, 60_000)

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const fixture = await fixtures.get(testCase.name)
      if (!fixture) throw new Error('no fixture')
      const alone = await checkContent(fixture.root)
      const before = poolCounters.onWorkers
      const pooled = await checkAndCompile(fixture.root, { workers: 'always', compile: false, store: false })
      expect(comparable(pooled)).toEqual(comparable(alone))
      // Unless no project file could be read, a worker checked some of them.
      const projectFiles = [...pooled.sources.keys()].filter((f) => f.startsWith('projects/')).length
      if (projectFiles > 0) expect(poolCounters.onWorkers).toBeGreaterThan(before)
      expect(pooled.parsed).toBeInstanceOf(ParsedDocuments)
      // Documents of files checked in a worker are parsed here on demand, and must be the same.
      expect(parsedSummary(pooled)).toEqual(parsedSummary(alone))
    })
  }
})

describe('the real content, checked and compiled with workers and without', () => {
  it('gives the same diagnostics, content and compiled content as checkContent + compileContent', async () => {
    const reference = await checkContent(REPO_ROOT)
    expect(reference.content).toBeDefined()
    const expected = compileContent(reference.content!, reference.parsed, await loadDiagramRenderer())
    const before = poolCounters.onWorkers
    for (const workers of ['never', 'always'] as const) {
      const checked = await checkAndCompile(REPO_ROOT, { workers, compile: false, store: false })
      expect(comparable(checked)).toEqual(comparable(reference))
      const both = await checkAndCompile(REPO_ROOT, { workers, store: false })
      expect(comparable(both)).toEqual(comparable(reference))
      expect(both.compileDiagnostics).toEqual([])
      expect(both.compiled).toEqual(expected.compiled)
      expect(both.compileStats).toEqual({ compiled: 6, cached: 0 })
      // With `keep`, each compiled project is handed over once, whole, and the result holds what keep gave back.
      const handed: Record<string, unknown>[] = []
      const kept = await checkAndCompile(REPO_ROOT, {
        workers,
        store: false,
        keep: (project) => (handed.push(project), { id: project.id, kept: true }),
      })
      expect(handed.sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
        [...expected.compiled.projects].sort((a, b) => String(a.id).localeCompare(String(b.id))),
      )
      expect(kept.compiled?.projects).toEqual(
        expected.compiled.projects.map((project) => ({ id: project.id, kept: true })),
      )
      expect(kept.compiled?.portfolio).toEqual(expected.compiled.portfolio)
    }
    expect(poolCounters.onWorkers).toBeGreaterThan(before)
  })

  it('compiles nothing when asked not to, or when the content has errors', async () => {
    const checkOnly = await checkAndCompile(REPO_ROOT, { compile: false })
    expect(checkOnly.compiled).toBeUndefined()
    expect(checkOnly.compileStats).toBeUndefined()
    const fixture = await materializeCase('j1-duplicate-id')
    try {
      for (const workers of ['never', 'always'] as const) {
        const invalid = await checkAndCompile(fixture.root, { workers, store: false })
        expect(invalid.diagnostics.length).toBeGreaterThan(0)
        expect(invalid.content).toBeUndefined()
        expect(invalid.compiled).toBeUndefined()
        expect(invalid.compileDiagnostics).toEqual([])
      }
    } finally {
      fixture.cleanup()
    }
  })

  it('hands over the compiled portfolio before any project is checked, and a valid one only', async () => {
    const reference = await checkAndCompile(REPO_ROOT, { workers: 'never', store: false })
    for (const workers of ['never', 'always'] as const) {
      const handed: { portfolio: Record<string, unknown>; jobsRun: number }[] = []
      const jobsRun = () => poolCounters.onWorkers + poolCounters.inThread
      const checked: unknown[] = []
      const result = await checkAndCompile(REPO_ROOT, {
        workers,
        store: false,
        alongside: true,
        onPortfolio: (portfolio) => handed.push({ portfolio, jobsRun: jobsRun() }),
        onChecked: (content) => checked.push(content),
      })
      // The checked content, once, as the result gives it.
      expect(checked).toEqual([result.content])
      expect(handed).toHaveLength(1)
      // Handed over before the first project file was checked, and it is the portfolio the build gets.
      expect(jobsRun() - handed[0]!.jobsRun).toBe(6)
      expect(handed[0]?.portfolio).toBe(result.compiled?.portfolio)
      expect(result.compiled).toEqual(reference.compiled)
    }

    // A valid portfolio is handed over even when a project then fails the content; an invalid one never.
    const duplicate = await materializeCase('j1-duplicate-id')
    const brokenPortfolio = copyRepoContent()
    try {
      const calls: string[] = []
      const invalid = await checkAndCompile(duplicate.root, {
        store: false,
        onPortfolio: () => calls.push('duplicate'),
        onChecked: () => calls.push('duplicate checked'),
      })
      expect(invalid.diagnostics.map((d) => d.code)).toContain('DUPLICATE_ID')
      const portfolioFile = path.join(brokenPortfolio.root, 'portfolio.yaml')
      writeFileSync(portfolioFile, readFileSync(portfolioFile, 'utf8').replace(/^footer:/m, 'fotter:'))
      const rejected = await checkAndCompile(brokenPortfolio.root, {
        store: false,
        onPortfolio: () => calls.push('broken portfolio'),
      })
      expect(rejected.diagnostics.map((d) => d.code)).toContain('SCHEMA_UNKNOWN_KEY')
      expect(calls).toEqual(['duplicate'])
    } finally {
      duplicate.cleanup()
      brokenPortfolio.cleanup()
    }
  })

  describe('a diagram that passes the checks but cannot be rendered', () => {
    let fixture: FixtureRoot
    beforeAll(() => {
      fixture = copyRepoContent()
      const file = path.join(fixture.root, 'projects/logic-i.yaml')
      const text = readFileSync(file, 'utf8')
      const header = 'mermaid: |\n          flowchart TB\n'
      if (!text.includes(header)) throw new Error('logic-i.yaml has no flowchart to break')
      // "flowchart XX" passes check-diagrams (the type is known) and fails in the renderer.
      writeFileSync(file, text.replace(header, 'mermaid: |\n          flowchart XX\n'))
    })
    afterAll(() => fixture.cleanup())

    it('reports DIAGRAM_SYNTAX at the same place, in content order, from a worker as from this thread', async () => {
      const reference = await checkContent(fixture.root)
      expect(reference.diagnostics).toEqual([])
      const expected = compileContent(reference.content!, reference.parsed, await loadDiagramRenderer())
      expect(expected.diagnostics.map((d) => `${d.code}@${d.file}`)).toEqual(['DIAGRAM_SYNTAX@projects/logic-i.yaml'])
      expect(expected.diagnostics[0]?.line).toBeGreaterThan(1)
      for (const workers of ['never', 'always'] as const) {
        // The checks pass, so what needs only checked content is told (and learns of the failure from the result).
        let checked = 0
        const both = await checkAndCompile(fixture.root, { workers, store: false, onChecked: () => (checked += 1) })
        expect(checked).toBe(1)
        expect(both.compileDiagnostics).toEqual(expected.diagnostics)
        expect(both.compiled).toBeUndefined()
        expect(compileContent(both.content!, both.parsed, await loadDiagramRenderer())).toEqual(expected)
      }
    })

    it('reports it the same when the diagrams are drawn on a worker, with a store or without, and keeps only the drawn ones', async () => {
      const reference = await checkContent(fixture.root)
      const expected = compileContent(reference.content!, reference.parsed, await loadDiagramRenderer())
      const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-diagram-worker-'))
      const before = poolCounters.onWorkers
      try {
        for (const store of [false, openStore(cacheDir, 'diagram-worker-test')] as const) {
          const drawn = await checkAndCompile(fixture.root, { workers: 'always', store })
          expect(drawn.compileDiagnostics).toEqual(expected.diagnostics)
          expect(drawn.compiled).toBeUndefined()
        }
        // The seventeen diagrams that can be drawn (with the six entity-relationship ones) were kept; the broken one was not.
        expect(readdirSync(path.join(cacheDir, 'store', 'diagram')).filter((f) => f.endsWith('.bin'))).toHaveLength(17)
        expect(poolCounters.onWorkers).toBeGreaterThan(before)
      } finally {
        rmSync(cacheDir, { recursive: true, force: true })
      }
    })
  })
})
