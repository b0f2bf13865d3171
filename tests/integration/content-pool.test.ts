/**
 * Project files checked and compiled as jobs on the worker pool (cli/workers/pool.ts) must give
 * exactly what the same jobs give in this thread. Under the test runner the pool runs in-thread, so
 * check.test.ts only ever takes that path; here every case is checked both ways (workers forced with
 * a pool opened 'always'), and the real content is checked and compiled both ways.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { locatePointer } from '../../cli/diagnostics/locate.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { checkAndCompile, checkPortfolio, checkProjects } from '../../cli/pipeline/check-and-compile.ts'
import { openPool } from '../../cli/pipeline/jobs.ts'
import { projectChat } from '../../cli/generate/chat-index.ts'
import { browserProject, projectCard, safeJson } from '../../cli/generate/project-data.ts'
import { openStore } from '../../cli/cache/store.ts'
import { poolCounters } from '../../cli/workers/pool.ts'
import { ParsedDocuments } from '../../cli/content/parsed-documents.ts'
import { copyRepoContent, listCases, materializeCase, REPO_ROOT, type FixtureRoot } from '../helpers/fixtures.ts'
import { noStore } from '../../cli/cache/no-store.ts'

/** What a parsed file offers later stages: its data, its lines, and where its nodes are. */
// A test that starts workers loads a stage's modules through tsx in each of them: slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 })

/** One pool each way for the file: workers start once, not per call. */
const pools = { never: openPool('never'), always: openPool('always') }
afterAll(() => Promise.all([pools.never.close(), pools.always.close()]))

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

describe('every bad-input case gives the same result with workers as without', () => {
  // Isolated cases can take a process down; they are checked in a child process by check.test.ts.
  const cases = listCases().filter((c) => !c.isolate)
  const fixtures = new Map<string, Promise<FixtureRoot>>()
  // One store for every case's pooled run: the valid project files most cases share are checked and
  // compiled once (on a worker), not once per case; a file with a problem is never kept, so each
  // case's bad file is checked on a worker every time.
  const storeRoot = mkdtempSync(path.join(os.tmpdir(), 'portfolio-content-pool-'))
  const store = openStore(storeRoot, 'content-pool')
  /** Project files (path and text) an earlier case already ran through the store. */
  const seen = new Set<string>()
  beforeAll(() => {
    for (const testCase of cases) fixtures.set(testCase.name, materializeCase(testCase.name))
  }, 60_000)
  afterAll(async () => {
    for (const fixture of fixtures.values()) (await fixture.catch(() => undefined))?.cleanup()
    rmSync(storeRoot, { recursive: true, force: true })
  }, 60_000)

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const fixture = await fixtures.get(testCase.name)
      if (!fixture) throw new Error('no fixture')
      const alone = await checkContent(fixture.root)
      const before = poolCounters.onWorkers
      const pooled = await checkAndCompile(fixture.root, { pool: pools.always, store })
      expect(comparable(pooled)).toEqual(comparable(alone))
      // A project file no earlier case had cannot be in the store: a worker checked it.
      const projectFiles = [...pooled.sources].filter(([file]) => /^projects\/[^./]+\.yaml$/.test(file))
      const fresh = projectFiles.filter(([file, text]) => !seen.has(`${file}\0${text}`))
      if (fresh.length > 0) expect(poolCounters.onWorkers).toBeGreaterThan(before)
      for (const [file, text] of projectFiles) seen.add(`${file}\0${text}`)
      expect(pooled.parsed).toBeInstanceOf(ParsedDocuments)
      // Documents of files checked in a worker are parsed here on demand, and must be the same.
      expect(parsedSummary(pooled)).toEqual(parsedSummary(alone))
    })
  }
})

describe('the real content, checked and compiled with workers and without', () => {
  it('gives the diagnostics and content of checkContent, and the same compiled content on workers as in this thread', async () => {
    const reference = await checkContent(REPO_ROOT)
    expect(reference.content).toBeDefined()
    const inThread = await checkAndCompile(REPO_ROOT, { pool: pools.never, store: noStore })
    const expected = { compiled: inThread.compiled! }
    // Compiled: markdown is HTML, every diagram carries its SVG.
    expect(expected.compiled.portfolio.about.body).toMatch(/^<p>/)
    const diagrams = expected.compiled.projects.flatMap((p) =>
      p.sections.flatMap((s) => ('diagrams' in s ? s.diagrams : [])),
    )
    expect(diagrams.length).toBeGreaterThan(0)
    for (const diagram of diagrams) expect(diagram.svg).toMatch(/^<svg/)
    const before = poolCounters.onWorkers
    for (const workers of ['never', 'always'] as const) {
      const both = await checkAndCompile(REPO_ROOT, { pool: pools[workers], store: noStore })
      expect(comparable(both)).toEqual(comparable(reference))
      expect(both.compileDiagnostics).toEqual([])
      expect(both.compiled).toEqual(expected.compiled)
      expect(both.compileStats).toEqual({ compiled: 6, cached: 0 })
      // With a data folder, each compiled project's data file is written where it was compiled, and
      // the result holds its card, with the file's hash and the chat's summary of it beside it (its passages in a file of their own), in content order.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-data-'))
      try {
        const kept = await checkAndCompile(REPO_ROOT, { pool: pools[workers], store: noStore, dataDir })
        expect(kept.compiled?.projects).toEqual(expected.compiled.projects.map(projectCard))
        expect(kept.compiled?.portfolio).toEqual(expected.compiled.portfolio)
        expect(kept.kept?.map((project) => project.id)).toEqual(expected.compiled.projects.map((p) => String(p.id)))
        for (const [i, project] of expected.compiled.projects.entries()) {
          const text = readFileSync(path.join(dataDir, `data/projects/${String(project.id)}.json`), 'utf8')
          expect(text).toBe(safeJson(browserProject(project)))
          const chat = projectChat(project)
          expect(kept.kept?.[i]?.chat).toEqual(chat.summary)
          expect(readFileSync(path.join(dataDir, `data/chat/${String(project.id)}.json`), 'utf8')).toBe(chat.json)
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
    expect(poolCounters.onWorkers).toBeGreaterThan(before)
  })

  it('compiles nothing when the content has errors', async () => {
    const fixture = await materializeCase('j1-duplicate-id')
    try {
      for (const workers of ['never', 'always'] as const) {
        const invalid = await checkAndCompile(fixture.root, { pool: pools[workers], store: noStore })
        expect(invalid.diagnostics.length).toBeGreaterThan(0)
        expect(invalid.content).toBeUndefined()
        expect(invalid.compiled).toBeUndefined()
        expect(invalid.compileDiagnostics).toEqual([])
      }
    } finally {
      fixture.cleanup()
    }
  })

  it('gives the compiled portfolio before any project is checked, and a valid one only', async () => {
    const reference = await checkAndCompile(REPO_ROOT, { pool: pools.never, store: noStore })
    for (const workers of ['never', 'always'] as const) {
      const pool = pools[workers]
      {
        const jobsRun = () => poolCounters.onWorkers + poolCounters.inThread
        const first = await checkPortfolio(REPO_ROOT, { store: noStore })
        const before = jobsRun()
        // Compiled before the first project file was checked, and it is the portfolio the build gets.
        const portfolio = await first.portfolio
        expect(jobsRun()).toBe(before)
        const result = await checkProjects(REPO_ROOT, first, { pool })
        expect(jobsRun() - before).toBe(6)
        expect(portfolio).toBe(result.compiled?.portfolio)
        expect(result.compiled).toEqual(reference.compiled)
      }
    }

    // A valid portfolio is compiled even when a project then fails the content; an invalid one never.
    const duplicate = await materializeCase('j1-duplicate-id')
    const brokenPortfolio = copyRepoContent()
    try {
      const first = await checkPortfolio(duplicate.root, { store: noStore })
      expect(await first.portfolio).toBeDefined()
      const pool = openPool('never')
      const invalid = await checkProjects(duplicate.root, first, { pool })
      expect(invalid.diagnostics.map((d) => d.code)).toContain('DUPLICATE_ID')
      const portfolioFile = path.join(brokenPortfolio.root, 'portfolio.yaml')
      writeFileSync(portfolioFile, readFileSync(portfolioFile, 'utf8').replace(/^footer:/m, 'fotter:'))
      const rejected = await checkPortfolio(brokenPortfolio.root, { store: noStore })
      expect(rejected.portfolio).toBeUndefined()
      expect((await checkProjects(brokenPortfolio.root, rejected, { pool })).diagnostics.map((d) => d.code)).toContain(
        'SCHEMA_UNKNOWN_KEY',
      )
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
      const expected = await checkAndCompile(fixture.root, { pool: pools.never, store: noStore })
      expect(expected.compileDiagnostics.map((d) => `${d.code}@${d.file}`)).toEqual([
        'DIAGRAM_SYNTAX@projects/logic-i.yaml',
      ])
      expect(expected.compileDiagnostics[0]?.line).toBeGreaterThan(1)
      for (const workers of ['never', 'always'] as const) {
        const both = await checkAndCompile(fixture.root, { pool: pools[workers], store: noStore })
        expect(both.compileDiagnostics).toEqual(expected.compileDiagnostics)
        expect(both.compiled).toBeUndefined()
        expect(both.content).toEqual(reference.content)
      }
    })

    it('reports it the same when the diagrams are drawn on a worker, with a store or without, and keeps only the drawn ones', async () => {
      const expected = await checkAndCompile(fixture.root, { pool: pools.never, store: noStore })
      const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-diagram-worker-'))
      const before = poolCounters.onWorkers
      try {
        for (const store of [noStore, openStore(cacheDir, 'diagram-worker-test')]) {
          const drawn = await checkAndCompile(fixture.root, { pool: pools.always, store })
          expect(drawn.compileDiagnostics).toEqual(expected.compileDiagnostics)
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
