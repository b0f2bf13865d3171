/**
 * checkContent end to end, on files: the clean fixtures, the real content, and one case per row
 * (and relative) of the bad-input catalogue (tests/fixtures/invalid/<case>/, see
 * tests/helpers/fixtures.ts for the folder format).
 */
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Diagnostic } from '../../cli/diagnostics/diagnostic.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import {
  brief,
  checkInChildProcess,
  copyRepoContent,
  copyToTemp,
  listCases,
  materializeCase,
  outOfBounds,
  REPO_ROOT,
  VALID_MINIMAL,
  type CaseInfo,
  type FixtureRoot,
  type IsolatedRun,
} from '../helpers/fixtures.ts'

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** The text a diagnostic's line/column refer to: the decoded source, or the file on disk when it was never loaded. */
function textOf(root: string, result: Pick<CheckResult, 'sources'> | undefined, file: string): string | undefined {
  const loaded = result?.sources.get(file)
  if (loaded !== undefined) return loaded
  const stats = lstatSync(path.join(root, file), { throwIfNoEntry: false })
  if (!stats?.isFile()) return undefined
  return new TextDecoder('utf-8').decode(readFileSync(path.join(root, file)))
}

function positionProblems(
  root: string,
  result: Pick<CheckResult, 'sources'> | undefined,
  diagnostics: readonly Diagnostic[],
): string[] {
  const problems: string[] = []
  for (const d of diagnostics) {
    const text = textOf(root, result, d.file)
    // Links, folders, pipes and missing files have no text: the only position inside them is 1:1.
    const problem =
      text === undefined
        ? d.line === 1 && d.column === 1
          ? undefined
          : `${d.line}:${d.column} in a file without text`
        : outOfBounds(d, text)
    if (problem) problems.push(`${brief(d)}: ${problem}`)
  }
  return problems
}

describe('clean content', () => {
  it('valid-minimal validates with no diagnostics and returns its content in projects.order', async () => {
    const result = await checkContent(VALID_MINIMAL)
    expect(result.diagnostics.map(brief)).toEqual([])
    expect(result.fileCount).toBe(3)
    expect(result.content).toBeDefined()
    expect(result.content?.portfolio).toMatchObject({ owner: { name: 'Jane Doe' } })
    expect(result.content?.projects.map((p) => p.id)).toEqual(['alpha', 'beta'])
  })

  it('valid-minimal uses every section kind and exactly one featured project with metrics', async () => {
    const result = await checkContent(VALID_MINIMAL)
    const projects = result.content?.projects ?? []
    // The checked content leaves the sections to each project's compile: read from the files.
    const kinds = projects.flatMap((p) => {
      const file = parse(readFileSync(path.join(VALID_MINIMAL, 'projects', `${p.id}.yaml`), 'utf8')) as {
        sections: { kind: string }[]
      }
      return file.sections.map((s) => s.kind)
    })
    expect(new Set(kinds)).toEqual(
      new Set(['prose', 'features', 'tech-stack', 'diagrams', 'database', 'endpoints', 'test-cards', 'call-to-action']),
    )
    expect(projects.filter((p) => p.featured === true).map((p) => p.id)).toEqual(['alpha'])
    expect(projects.filter((p) => p.metrics !== undefined).map((p) => p.id)).toEqual(['alpha'])
  })

  it('the real content of the repository validates clean', async () => {
    const result = await checkContent(REPO_ROOT)
    expect(result.diagnostics.map((d) => `${brief(d)} ${d.message}`)).toEqual([])
    expect(result.content?.projects.length).toBeGreaterThan(0)
  })
})

describe('the acceptance check: method FETCH in each real project file', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyRepoContent()
  })
  afterAll(() => fixture.cleanup())

  const projectFiles = readdirSync(path.join(REPO_ROOT, 'projects'))
    .filter((n) => n.endsWith('.yaml'))
    .sort()
    .map((n) => `projects/${n}`)

  it('finds "method: POST" in every project file', () => {
    expect(projectFiles.length).toBeGreaterThan(0)
    for (const file of projectFiles)
      expect(readFileSync(path.join(REPO_ROOT, file), 'utf8'), file).toContain('method: POST')
  })

  for (const file of projectFiles) {
    it(`changing the first "method: POST" to FETCH in ${file} gives ENDPOINT_METHOD at the exact place of FETCH`, async () => {
      const abs = path.join(fixture.root, file)
      const original = readFileSync(abs, 'utf8')
      const at = original.indexOf('method: POST')
      const broken = original.slice(0, at) + 'method: FETCH' + original.slice(at + 'method: POST'.length)
      writeFileSync(abs, broken)
      try {
        const before = original.slice(0, at)
        const line = before.split('\n').length
        const column = at - before.lastIndexOf('\n') + 'method: '.length
        const result = await checkContent(fixture.root)
        expect(result.diagnostics.map(brief)).toEqual([`ENDPOINT_METHOD@${file}:${line}:${column}`])
        const [d] = result.diagnostics
        expect(d?.file).toBe(file)
        expect(d?.end).toEqual({ line, column: column + 'FETCH'.length })
        expect(d?.message).toContain('"FETCH"')
        for (const method of HTTP_METHODS) expect(d?.hint).toContain(method)
        expect(result.content).toBeUndefined()
      } finally {
        writeFileSync(abs, original)
      }
    })
  }
})

/** Every case's content root, built up front and concurrently (building is mostly file I/O). */
const fixtures = new Map<string, Promise<FixtureRoot>>()
/** Cases that run in a child process start together, before the others, and overlap with them. */
const isolatedRuns = new Map<string, Promise<IsolatedRun>>()

describe('bad input: every case yields exactly its expected diagnostics', () => {
  const cases = listCases()

  beforeAll(() => {
    for (const testCase of cases) {
      const fixture = materializeCase(testCase.name)
      fixture.catch(() => undefined) // reported by the case's own tests
      fixtures.set(testCase.name, fixture)
      if (testCase.isolate)
        isolatedRuns.set(
          testCase.name,
          fixture.then((f) => checkInChildProcess([f.root, f.root])),
        )
    }
    // Each case's folder is copied before its first await: hundreds of copies, slow on a busy machine.
  }, 120_000)

  afterAll(async () => {
    for (const fixture of fixtures.values()) (await fixture.catch(() => undefined))?.cleanup()
  })

  it('has a case for every catalogue row the validator covers', () => {
    const rows = new Set(cases.map((c) => c.name.split('-')[0]))
    const required =
      'a1 a2 a3 a4 a6 a7 a8 a9 a10 a12 b1 b2 b3 b4 b5 b6 b8 b9 b10 c1 c2 c3 c4 c5 c6 c7 c8 c10 c11 c13 c15 c16 d1 d2 d3 d4 d5 e1 e2 e3 e4 e5 e6 e7 e9 e11 f1 f2 f3 f4 f5 f8 g1 g2 g3 g4 g5 g6 g8 g10 g11 h1 h2 h3 h4 h5 h8 h10 h11 i1 i2 i3 i4 i5 j1 j2 j3 j4 j5 j6 j7 j8 j9 j11 j12 e12 e13 f9 f10 g12 g13 g14 g15 g16 g17 g18 h12 h13 j16 p1 p2 p3 p4 p5 n1 n2 n3 n4 n5 n6 m1 m2 m3 m4 m5 m6 m7 m8'
    expect(required.split(' ').filter((row) => !rows.has(row))).toEqual([])
  })

  for (const testCase of cases) describeCase(testCase)
})

function describeCase(testCase: CaseInfo): void {
  describe(testCase.name, () => {
    let fixture: FixtureRoot | undefined
    /** One entry per run: a second run in the same process must give the same answer. */
    let runs: (
      | { result: Pick<CheckResult, 'diagnostics' | 'sources'> & { hasContent: boolean } }
      | { threw: string }
    )[] = []

    beforeAll(async () => {
      fixture = await fixtures.get(testCase.name)
      const isolated = isolatedRuns.get(testCase.name)
      if (isolated !== undefined) {
        const child = await isolated
        runs = child.runs.map((run) =>
          'threw' in run
            ? run
            : { result: { diagnostics: run.diagnostics, sources: new Map(), hasContent: run.hasContent } },
        )
        if (child.status !== 0)
          runs.push({ threw: `child process ended with status ${child.status} / ${child.signal}: ${child.stderr}` })
        return
      }
      try {
        const result = await checkContent(fixture?.root ?? '')
        runs = [
          {
            result: {
              diagnostics: result.diagnostics,
              sources: result.sources,
              hasContent: result.content !== undefined,
            },
          },
        ]
      } catch (error) {
        runs = [{ threw: String((error as Error)?.stack ?? error) }]
      }
      // The first case's hook waits for the copies and child processes every case started: on a busy
      // machine, more than the default 10 s.
    }, 120_000)
    const results = () => runs.map((run) => ('threw' in run ? undefined : run.result))
    const first = () => {
      const run = runs[0]
      if (!run || 'threw' in run) throw new Error(`checkContent threw: ${run?.threw ?? 'nothing ran'}`)
      return run.result
    }

    it('checkContent does not throw', () => {
      expect(runs.length).toBeGreaterThan(0)
      expect(runs.flatMap((run) => ('threw' in run ? [run.threw] : []))).toEqual([])
    })

    // A build case is valid content: what is wrong with it is found by the build (build-cases.test.ts).
    const expected = testCase.build ? [] : testCase.expected
    const exact = testCase.bug && !testCase.build ? it.fails : it
    exact(
      `reports exactly ${expected.length ? expected.join(', ') : 'nothing'}${exact === it.fails ? ' (known validator bug, see bug.md)' : ''}`,
      () => {
        for (const result of results()) expect(result?.diagnostics.map(brief)).toEqual(expected)
      },
    )

    it('returns content exactly when no diagnostic is an error', () => {
      for (const result of results()) {
        if (!result) throw new Error('checkContent threw')
        const errors = result.diagnostics.some((d) => d.severity === 'error')
        expect(result.hasContent).toBe(!errors)
      }
    })

    const inside = testCase.bugPositions ? it.fails : it
    inside(
      `places every diagnostic inside its file${testCase.bugPositions ? ' (known validator bug, see bug-positions.md)' : ''}`,
      () => {
        for (const result of results()) {
          if (!result || !fixture) throw new Error('checkContent threw')
          expect(positionProblems(fixture.root, testCase.isolate ? undefined : result, result.diagnostics)).toEqual([])
        }
      },
    )

    for (const [key, expectation] of Object.entries(testCase.build ? {} : testCase.messages)) {
      const test = expectation.bug ? it.fails : it
      const parts = [
        ...(expectation.message ?? []).map((s) => `message ${JSON.stringify(s)}`),
        ...(expectation.hint ?? []).map((s) => `hint ${JSON.stringify(s)}`),
      ]
      test(`explains ${key} with ${parts.join(', ')}${expectation.bug ? ' (known validator bug)' : ''}`, () => {
        const matches = first().diagnostics.filter((d) => brief(d) === key)
        expect(matches.length, `no diagnostic ${key}`).toBeGreaterThan(0)
        const ok = matches.some(
          (d) =>
            (expectation.message ?? []).every((s) => d.message.includes(s)) &&
            (expectation.hint ?? []).every((s) => (d.hint ?? '').includes(s)),
        )
        expect(ok, matches.map((d) => `${d.message} | hint: ${d.hint ?? ''}`).join('\n')).toBe(true)
      })
    }
  })
}

describe('resource bounds', () => {
  // How long these take is measured by scripts/bench/resource-bounds.ts, not here: a time moves with the machine's load.
  it('rejects a billion-laughs alias bomb', async () => {
    const fixture = await materializeCase('c4-billion-laughs')
    try {
      const result = await checkContent(fixture.root)
      expect(result.diagnostics.every((d) => d.code === 'YAML_ALIAS')).toBe(true)
    } finally {
      fixture.cleanup()
    }
  })

  it('rejects 5,000 levels of flow nesting', async () => {
    const fixture = await materializeCase('c8-deep-flow-nesting')
    try {
      const result = await checkContent(fixture.root)
      expect(result.diagnostics.map(brief)).toEqual(['YAML_TOO_DEEP@portfolio.yaml:63:71'])
    } finally {
      fixture.cleanup()
    }
  })

  // Known bug (see invalid/c8-deep-compact-block-sequence/bug.md): yaml 2.9.1 is handed block
  // nesting the pre-scan does not see; in one process, a 5,000-deep then a 20,000-deep compact
  // block sequence make V8 abort with "process out of memory". Run in a child so it cannot take
  // this worker down.
  it('survives a 5,000-deep then a 20,000-deep compact block sequence in the same process', () => {
    const parseModule = pathToFileURL(path.join(REPO_ROOT, 'cli/content/parse-yaml.ts')).href
    const script = `
      const { parseYaml } = await import(${JSON.stringify(parseModule)})
      for (const depth of [5000, 20000]) {
        const r = parseYaml({ path: 'portfolio.yaml', text: 'a:\\n  ' + '- '.repeat(depth) + 'x\\n' })
        process.stdout.write(depth + ' ' + r.diagnostics.map((d) => d.code + '@' + d.line + ':' + d.column).join(' ') + '\\n')
      }
    `
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(child.stderr).not.toContain('FATAL ERROR')
    expect(child.status).toBe(0)
    expect(child.stdout.trim().split('\n')).toEqual(['5000 YAML_TOO_DEEP@2:67', '20000 YAML_TOO_DEEP@2:67'])
  })

  it('checks the valid-minimal copy in a temp dir the same way as in place', async () => {
    const fixture = copyToTemp()
    try {
      expect((await checkContent(fixture.root)).diagnostics).toEqual([])
    } finally {
      fixture.cleanup()
    }
  })
})
