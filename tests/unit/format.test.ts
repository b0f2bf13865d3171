import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDiagnostic, type Diagnostic } from '../../cli/diagnostics/diagnostic.ts'
import { formatDiagnostics, githubAnnotation, type FormatOptions } from '../../cli/diagnostics/format.ts'
import { ruleNames } from '../../cli/diagnostics/rule-names.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { materializeCase, type FixtureRoot } from '../helpers/fixtures.ts'

// One failing fixture for all three formats: method FETCH in projects/beta.yaml (E1).
let fixture: FixtureRoot
let result: CheckResult
let options: FormatOptions

beforeAll(async () => {
  fixture = await materializeCase('e1-unknown-method')
  result = await checkContent(fixture.root)
  options = { color: false, sources: result.sources, fileCount: result.fileCount, outcome: 'nothing was written' }
})
afterAll(() => fixture.cleanup())

const ESC = '\u001b'

describe('pretty format', () => {
  it('prints the location, code, message, a code frame with a caret span, the hint and the summary, without colour', () => {
    expect(formatDiagnostics(result.diagnostics, 'pretty', options)).toBe(
      [
        'projects/beta.yaml:37:17  error  ENDPOINT_METHOD  sections[1].endpoints[1].method "FETCH" is not an HTTP method (allowed: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)',
        '  35 |         path: /users/{id}',
        '  36 |         summary: Read a user.',
        '> 37 |       - method: FETCH',
        '     |                 ^^^^^',
        '  38 |         path: /users',
        '  Hint: Use one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS.',
        '',
        '✖ 1 error, 0 warnings in 1 file — nothing was written',
        '',
      ].join('\n'),
    )
  })

  it('contains no ANSI escape without colour, and some with colour', () => {
    expect(formatDiagnostics(result.diagnostics, 'pretty', options)).not.toContain(ESC)
    expect(formatDiagnostics(result.diagnostics, 'pretty', { ...options, color: true })).toContain(`${ESC}[31m`)
  })

  it('prints only the summary when there is nothing to report', () => {
    expect(formatDiagnostics([], 'pretty', { ...options, fileCount: 3 })).toBe('✔ 3 files checked, no problems\n')
  })

  it('does not claim that nothing was written when there are only warnings', () => {
    const warning = createDiagnostic(
      'ORPHAN_PROJECT',
      { file: 'projects/x.yaml', start: { line: 1, column: 1 } },
      'not listed',
      undefined,
      'warning',
    )
    expect(formatDiagnostics([warning], 'pretty', options).trim().split('\n').at(-1)).toBe(
      '⚠ 0 errors, 1 warning in 1 file',
    )
  })

  it('prints at most `limit` diagnostics and counts the rest', () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      createDiagnostic('LIMIT', { file: 'portfolio.yaml', start: { line: i + 1, column: 1 } }, `problem ${i}`),
    )
    const text = formatDiagnostics(many, 'pretty', { ...options, sources: new Map(), limit: 2 })
    expect(text).toContain('problem 1')
    expect(text).not.toContain('problem 2')
    expect(text).toContain('… 3 more')
    expect(text.trim().split('\n').at(-1)).toBe('✖ 5 errors, 0 warnings in 1 file — nothing was written')
  })
})

describe('json format', () => {
  it('is a parseable array with code, severity, file, line, column, end, pointer, message and hint', () => {
    const parsed = JSON.parse(formatDiagnostics(result.diagnostics, 'json', options)) as Record<string, unknown>[]
    expect(parsed).toEqual([
      {
        code: 'ENDPOINT_METHOD',
        severity: 'error',
        file: 'projects/beta.yaml',
        line: 37,
        column: 17,
        endLine: 37,
        endColumn: 22,
        pointer: '/sections/1/endpoints/1/method',
        message:
          'sections[1].endpoints[1].method "FETCH" is not an HTTP method (allowed: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)',
        hint: 'Use one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS.',
      },
    ])
  })

  it('is an empty array, and nothing else, when there is nothing to report', () => {
    expect(JSON.parse(formatDiagnostics([], 'json', options))).toEqual([])
  })
})

describe('github format', () => {
  // Workflow commands only: the summary is for people and goes to stderr (the command prints it).
  it('prints one ::error workflow command per diagnostic and nothing else', () => {
    const lines = formatDiagnostics(result.diagnostics, 'github', options).split('\n')
    expect(lines).toEqual([
      '::error file=projects/beta.yaml,line=37,col=17,endLine=37,endColumn=22,title=ENDPOINT_METHOD::sections[1].endpoints[1].method "FETCH" is not an HTTP method (allowed: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)%0AUse one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS.',
      '',
    ])
  })

  it('escapes %, CR, LF, "," and ":" in properties and %, CR, LF in the message (same fixture plus a badly named file)', async () => {
    writeFileSync(path.join(fixture.root, 'projects', '100%,a:b.yml'), 'id: x\n')
    try {
      const withBadName = await checkContent(fixture.root)
      const [annotation] = formatDiagnostics(withBadName.diagnostics, 'github', options).split('\n')
      expect(annotation).toBe(
        '::error file=projects/100%25%2Ca%3Ab.yml,line=1,col=1,title=BAD_FILENAME::"projects/100%25,a:b.yml" is not a valid project file name%0ARename it to "projects/100-a-b.yaml": lowercase kebab-case with a .yaml extension.',
      )
    } finally {
      rmSync(path.join(fixture.root, 'projects', '100%,a:b.yml'))
    }
  })

  it('escapes every special character of a synthetic diagnostic exactly once', () => {
    const d: Diagnostic = {
      code: 'URL_FORMAT',
      severity: 'warning',
      file: 'a:b,c%.yaml',
      pointer: '',
      line: 2,
      column: 3,
      message: '50% off:\r\nnow, here',
      hint: 'x%0A',
    }
    expect(githubAnnotation(d)).toBe(
      '::warning file=a%3Ab%2Cc%25.yaml,line=2,col=3,title=URL_FORMAT::50%25 off:%0D%0Anow, here%0Ax%250A',
    )
  })

  it('prints nothing when there is nothing to report', () => {
    expect(formatDiagnostics([], 'github', { ...options, fileCount: 3 })).toBe('')
  })

  it('annotates a finding without a file (doctor: the environment) with no file property', () => {
    const d: Diagnostic = {
      code: 'ENCODING',
      severity: 'error',
      file: '',
      pointer: '',
      line: 1,
      column: 1,
      message: 'm',
    }
    expect(githubAnnotation(d)).toBe('::error title=ENCODING::m')
  })
})

describe('sarif format', () => {
  const sarif = (diagnostics: readonly Diagnostic[]) =>
    JSON.parse(formatDiagnostics(diagnostics, 'sarif', { ...options, root: fixture.root })) as {
      version: string
      $schema: string
      runs: {
        tool: {
          driver: {
            name: string
            informationUri: string
            rules: { id: string; name: string; shortDescription: { text: string }; help?: { text: string } }[]
          }
        }
        originalUriBaseIds: Record<string, { uri: string }>
        results: {
          ruleId: string
          ruleIndex: number
          level: string
          message: { text: string }
          locations: {
            physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: Record<string, number> }
          }[]
        }[]
      }[]
    }

  it('is a SARIF 2.1.0 log: one rule per code from the catalogue, one result located relative to the content root', () => {
    const log = sarif(result.diagnostics)
    expect(log.version).toBe('2.1.0')
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/)
    const [run] = log.runs
    expect(run?.tool.driver.name).toBe('portfolio')
    expect(run?.tool.driver.informationUri).toBe('https://www.npmjs.com/package/yaml-portfolio')
    // SARIF §3.49.7: the name is for people and differs from the opaque id.
    expect(run?.tool.driver.rules).toEqual([
      {
        id: 'ENDPOINT_METHOD',
        name: 'InvalidHttpMethod',
        shortDescription: { text: 'The endpoint method is not an HTTP method.' },
      },
    ])
    expect(run?.originalUriBaseIds.CONTENTROOT?.uri).toBe(pathToFileURL(`${fixture.root}/`).href)
    expect(run?.results).toEqual([
      {
        ruleId: 'ENDPOINT_METHOD',
        ruleIndex: 0,
        level: 'error',
        message: {
          text: 'sections[1].endpoints[1].method "FETCH" is not an HTTP method (allowed: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)\nUse one of: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS.',
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'projects/beta.yaml', uriBaseId: 'CONTENTROOT' },
              region: { startLine: 37, startColumn: 17, endLine: 37, endColumn: 22 },
            },
          },
        ],
        properties: { pointer: '/sections/1/endpoints/1/method' },
      },
    ])
  })

  it('names every rule for people: a PascalCase name per code, each its own, none equal to its code', () => {
    const names = Object.entries(ruleNames)
    expect(names.filter(([code, name]) => !/^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/.test(name) || name === code)).toEqual(
      [],
    )
    expect(new Set(names.map(([, name]) => name)).size).toBe(names.length)
  })

  it('gives a rule its default hint as help, and has no results when there is nothing to report', () => {
    const d: Diagnostic = {
      code: 'URL_INSECURE',
      severity: 'warning',
      file: 'portfolio.yaml',
      pointer: '',
      line: 2,
      column: 3,
      message: 'm',
    }
    const [run] = sarif([d]).runs
    expect(run?.tool.driver.rules[0]?.help?.text).toBe(
      'Use https://; browsers flag insecure links and recruiters notice.',
    )
    expect(run?.results[0]?.level).toBe('warning')
    expect(sarif([]).runs[0]?.results).toEqual([])
  })
})
