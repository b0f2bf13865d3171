/**
 * The worker-thread path (content-pool.ts) must give exactly what the in-process path gives. The
 * bad-input catalogue is far below the worker threshold, so check.test.ts only ever takes the
 * in-process path; here every case is checked both ways (workers forced with `workers: 'always'`),
 * and the real content is checked and compiled both ways.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locatePointer } from '../../cli/diagnostics/locate.ts'
import { checkAndCompile } from '../../cli/build/check-and-compile.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { compileContent } from '../../cli/compile/compile-content.ts'
import { diagramCounters, stopDiagramWorker } from '../../cli/compile/draw-diagrams.ts'
import { loadDiagramRenderer } from '../../cli/compile/render-diagram.ts'
import { poolCounters, startWorkers, stopWorkers, workerCount } from '../../cli/workers/content-pool.ts'
import { ParsedDocuments } from '../../cli/content/parsed-documents.ts'
import { copyRepoContent, listCases, materializeCase, REPO_ROOT, type FixtureRoot } from '../helpers/fixtures.ts'

// Workers loaded up front: a worker still loading gets no files, and the main thread would check them all.
beforeAll(() => startWorkers(Math.max(1, workerCount(1, 'always'))), 60_000)
afterAll(() => stopWorkers())

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
  return { diagnostics: result.diagnostics, sources: [...result.sources], fileCount: result.fileCount, content: result.content }
}

describe('worker threshold', () => {
  it('checks small content in this thread and large content with workers (when there is a spare core)', () => {
    expect(workerCount(6, 'auto')).toBe(0)
    expect(workerCount(0, 'always')).toBe(0)
    expect(workerCount(2, 'always')).toBeGreaterThan(0)
    expect(workerCount(5000, 'never')).toBe(0)
    // Checking alone takes more files to pay for a worker than checking and compiling.
    expect(workerCount(1000, 'auto', 800)).toBe(Math.min(1, workerCount(1000, 'always')))
    expect(workerCount(1000, 'auto', 2000)).toBe(0)
  })
})

describe('every bad-input case gives the same result with workers as without', () => {
  // Isolated cases can take a process down; they are checked in a child process by check.test.ts.
  const cases = listCases().filter((c) => !c.isolate)
  const fixtures = new Map<string, Promise<FixtureRoot>>()
  beforeAll(() => {
    for (const testCase of cases) fixtures.set(testCase.name, materializeCase(testCase.name))
  })
  afterAll(async () => {
    for (const fixture of fixtures.values()) (await fixture.catch(() => undefined))?.cleanup()
  })

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const fixture = await fixtures.get(testCase.name)
      if (!fixture) throw new Error('no fixture')
      const alone = await checkContent(fixture.root)
      const before = poolCounters.workerFiles
      const pooled = await checkAndCompile(fixture.root, { workers: 'always', compile: false })
      expect(comparable(pooled)).toEqual(comparable(alone))
      // Unless no project file could be read, a worker checked some of them.
      const projectFiles = [...pooled.sources.keys()].filter((f) => f.startsWith('projects/')).length
      if (projectFiles > 0) expect(poolCounters.workerFiles).toBeGreaterThan(before)
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
    const before = poolCounters.workerFiles
    for (const workers of ['never', 'always'] as const) {
      const checked = await checkAndCompile(REPO_ROOT, { workers, compile: false })
      expect(comparable(checked)).toEqual(comparable(reference))
      const both = await checkAndCompile(REPO_ROOT, { workers, cache: false })
      expect(comparable(both)).toEqual(comparable(reference))
      expect(both.compileDiagnostics).toEqual([])
      expect(both.compiled).toEqual(expected.compiled)
      expect(both.compileStats).toEqual({ compiled: 6, cached: 0 })
      // With `keep`, each compiled project is handed over once, whole, and the result holds what keep gave back.
      const handed: Record<string, unknown>[] = []
      const kept = await checkAndCompile(REPO_ROOT, { workers, cache: false, keep: (project) => (handed.push(project), { id: project.id, kept: true }) })
      expect(handed.sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual([...expected.compiled.projects].sort((a, b) => String(a.id).localeCompare(String(b.id))))
      expect(kept.compiled?.projects).toEqual(expected.compiled.projects.map((project) => ({ id: project.id, kept: true })))
      expect(kept.compiled?.portfolio).toEqual(expected.compiled.portfolio)
    }
    expect(poolCounters.workerFiles).toBeGreaterThan(before)
  })

  it('compiles nothing when asked not to, or when the content has errors', async () => {
    const checkOnly = await checkAndCompile(REPO_ROOT, { compile: false })
    expect(checkOnly.compiled).toBeUndefined()
    expect(checkOnly.compileStats).toBeUndefined()
    const fixture = await materializeCase('j1-duplicate-id')
    try {
      for (const workers of ['never', 'always'] as const) {
        const invalid = await checkAndCompile(fixture.root, { workers, cache: false })
        expect(invalid.diagnostics.length).toBeGreaterThan(0)
        expect(invalid.content).toBeUndefined()
        expect(invalid.compiled).toBeUndefined()
        expect(invalid.compileDiagnostics).toEqual([])
      }
    } finally {
      fixture.cleanup()
    }
  })

  it('hands over the compiled portfolio before any project is checked, and leaves the files to the workers while this thread is busy', async () => {
    const reference = await checkAndCompile(REPO_ROOT, { workers: 'never', cache: false })
    const handed: { portfolio: Record<string, unknown>; filesChecked: number }[] = []
    const filesChecked = () => poolCounters.workerFiles + poolCounters.mainFiles
    const mainBefore = poolCounters.mainFiles
    const checked: unknown[] = []
    const result = await checkAndCompile(REPO_ROOT, {
      workers: 'always',
      cache: false,
      onPortfolio: (portfolio) => handed.push({ portfolio, filesChecked: filesChecked() }),
      onChecked: (content) => checked.push(content),
      mainBusy: () => true,
    })
    // The checked content, once, as the result gives it.
    expect(checked).toEqual([result.content])
    const before = handed[0]?.filesChecked
    expect(handed).toHaveLength(1)
    expect(before).toBeDefined()
    // Handed over before the first project file was checked, and it is the portfolio the build gets.
    expect(filesChecked() - before!).toBe(6)
    expect(handed[0]?.portfolio).toBe(result.compiled?.portfolio)
    expect(result.compiled).toEqual(reference.compiled)
    // A worker was ready (loaded in beforeAll), so this thread, busy throughout, checked none.
    expect(poolCounters.mainFiles).toBe(mainBefore)

    // Without workers too, this thread hands the portfolio over before it has checked every project
    // file: while it is handing over (and while busy after), it checks one file per turn.
    const order: string[] = []
    await checkAndCompile(REPO_ROOT, { workers: 'never', cache: false, onPortfolio: () => order.push('portfolio'), mainBusy: () => (order.push('file'), false) })
    expect(order.filter((event) => event === 'portfolio')).toHaveLength(1)
    expect(order.slice(order.indexOf('portfolio') + 1)).toContain('file')

    // A valid portfolio is handed over even when a project then fails the content; an invalid one never.
    const duplicate = await materializeCase('j1-duplicate-id')
    const brokenPortfolio = copyRepoContent()
    try {
      const calls: string[] = []
      const invalid = await checkAndCompile(duplicate.root, { cache: false, onPortfolio: () => calls.push('duplicate'), onChecked: () => calls.push('duplicate checked') })
      expect(invalid.diagnostics.map((d) => d.code)).toContain('DUPLICATE_ID')
      const portfolioFile = path.join(brokenPortfolio.root, 'portfolio.yaml')
      writeFileSync(portfolioFile, readFileSync(portfolioFile, 'utf8').replace(/^footer:/m, 'fotter:'))
      const rejected = await checkAndCompile(brokenPortfolio.root, { cache: false, onPortfolio: () => calls.push('broken portfolio') })
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
      const header = 'mermaid: |\n          flowchart LR\n'
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
        const both = await checkAndCompile(fixture.root, { workers, cache: false, onChecked: () => (checked += 1) })
        expect(checked).toBe(1)
        expect(both.compileDiagnostics).toEqual(expected.diagnostics)
        expect(both.compiled).toBeUndefined()
        expect(compileContent(both.content!, both.parsed, await loadDiagramRenderer())).toEqual(expected)
      }
    })

    it('reports it the same when the diagrams are drawn on the diagram worker, with a cache or without', async () => {
      const reference = await checkContent(fixture.root)
      const expected = compileContent(reference.content!, reference.parsed, await loadDiagramRenderer())
      const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-diagram-worker-'))
      process.env.PORTFOLIO_DIAGRAM_WORKER = 'always'
      const before = diagramCounters.onWorker
      try {
        for (const cache of [false, { directory: cacheDir, compilerKey: 'diagram-worker-test' }] as const) {
          const drawn = await checkAndCompile(fixture.root, { workers: 'never', cache })
          expect(drawn.compileDiagnostics).toEqual(expected.diagnostics)
          expect(drawn.compiled).toBeUndefined()
        }
        // The eleven diagrams that can be drawn were kept; the broken one was not.
        expect(readdirSync(cacheDir).filter((f) => f.endsWith('.bin'))).toHaveLength(11)
        expect(diagramCounters.onWorker).toBeGreaterThan(before)
      } finally {
        delete process.env.PORTFOLIO_DIAGRAM_WORKER
        await stopDiagramWorker()
        rmSync(cacheDir, { recursive: true, force: true })
      }
    })
  })
})
