/**
 * Our SARIF against the reference validator: Microsoft's SARIF Multitool (`validate`), which checks
 * the schema and the specification's rules (SARIF1001 a rule's name equal to its id, SARIF2005 a
 * tool without informationUri, and the rest). It is a ~100 MB self-contained .NET binary per platform,
 * so it is not a dependency: npx fetches the pinned version (cached after the first run). Where it
 * cannot be fetched or does not run (no registry, a platform without a build), the tests skip and
 * say why.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { materializeCase, type FixtureRoot } from '../helpers/fixtures.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const MULTITOOL = '@microsoft/sarif-multitool@5.7.0'
const repo = path.resolve(import.meta.dirname, '../..')
const bin = path.join(repo, 'bin/portfolio.mjs')
const tempDir = tempDirsPerTest('portfolio-sarif-')
// A self-contained .NET app stops at start when the machine lacks ICU (slim images); our logs need no culture data.
const multitoolEnv = { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' }

/** Why the Multitool cannot run here, or undefined when it runs. Asked once, before the tests. */
function multitoolUnavailable(): string | undefined {
  const probe = spawnSync('npx', ['--yes', MULTITOOL, '--version'], {
    encoding: 'utf8',
    env: multitoolEnv,
    timeout: 180_000,
  })
  const said = `${probe.stdout ?? ''}${probe.stderr ?? ''}`
  if (probe.status === 0 && said.includes('SARIF Multitool')) return undefined
  const last = said.trim().split('\n').slice(-3).join(' ')
  return `${MULTITOOL} could not be fetched or run here (${probe.error?.message ?? `exit ${probe.status}`}: ${last})`
}

interface ValidationLog {
  runs: {
    invocations?: { executionSuccessful: boolean }[]
    results?: { ruleId: string; level?: string; message: { id?: string; text?: string; arguments?: string[] } }[]
  }[]
}

/** Runs `validate` on the log in `dir`; returns what the Multitool found (its own SARIF log). */
function validateWithMultitool(dir: string, file: string): ValidationLog {
  const result = spawnSync(
    'npx',
    ['--yes', MULTITOOL, 'validate', file, '--output', 'validation.sarif', '--log', 'ForceOverwrite'],
    { cwd: dir, encoding: 'utf8', env: multitoolEnv, timeout: 180_000 },
  )
  if (result.status !== 0) throw new Error(`the Multitool exited ${result.status}:\n${result.stdout}\n${result.stderr}`)
  return JSON.parse(readFileSync(path.join(dir, 'validation.sarif'), 'utf8')) as ValidationLog
}

/** The findings as "RULE level: arguments", so a failure names what the Multitool objected to. */
const findings = (log: ValidationLog) =>
  log.runs.flatMap((run) =>
    (run.results ?? []).map((r) => `${r.ruleId} ${r.level ?? 'warning'}: ${(r.message.arguments ?? []).join(', ')}`),
  )

function portfolio(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', GITHUB_REPOSITORY: '', ...env },
  })
}

let unavailable: string | undefined
let fixture: FixtureRoot
beforeAll(async () => {
  unavailable = multitoolUnavailable()
  fixture = await materializeCase('s1-errors-of-several-kinds')
}, 240_000)
afterAll(() => fixture.cleanup())

describe('SARIF output checked by the SARIF Multitool', () => {
  it('finds no error, warning or note in validate --format sarif for errors of seven kinds', (context) => {
    context.skip(unavailable !== undefined, unavailable)
    const validate = portfolio(['validate', '--root', fixture.root, '--format', 'sarif'])
    expect(validate.status).toBe(1)
    const dir = tempDir()
    writeFileSync(path.join(dir, 'validate.sarif'), validate.stdout)
    const log = JSON.parse(validate.stdout) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: unknown[] }[]
    }
    // What the validator is shown: seven rules (YAML, schema, metric, markdown, URL, endpoint), eight results.
    expect(log.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual([
      'ENDPOINT_METHOD',
      'ENDPOINT_TRAILING_SLASH',
      'MD_RAW_HTML',
      'METRIC_VALUE',
      'SCHEMA_UNKNOWN_KEY',
      'URL_INSECURE',
      'YAML_DUPLICATE_KEY',
    ])
    expect(log.runs[0]?.results).toHaveLength(8)
    const validation = validateWithMultitool(dir, 'validate.sarif')
    expect(validation.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(true)
    expect(findings(validation)).toEqual([])
  }, 240_000)

  it('finds nothing in doctor --format sarif, whose findings about the environment have no location', (context) => {
    context.skip(unavailable !== undefined, unavailable)
    const root = tempDir()
    mkdirSync(path.join(root, '.github/workflows'), { recursive: true })
    writeFileSync(path.join(root, 'portfolio.yaml'), 'site: {}\n')
    writeFileSync(
      path.join(root, '.github/workflows/deploy.yml'),
      readFileSync(path.join(repo, 'templates/default/.github/workflows/deploy.yml'), 'utf8').replace(
        /actions\/checkout@v\d+/,
        'actions/checkout@v4',
      ),
    )
    const doctor = portfolio(['doctor', '--root', root, '--base', '/other/', '--format', 'sarif'], {
      GITHUB_REPOSITORY: 'ada/my-site',
    })
    expect(doctor.status).toBe(1)
    writeFileSync(path.join(root, 'doctor.sarif'), doctor.stdout)
    const log = JSON.parse(doctor.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } } }[] }
    expect(log.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual(['DOCTOR_BASE', 'DOCTOR_WORKFLOW_ACTION'])
    const validation = validateWithMultitool(root, 'doctor.sarif')
    expect(validation.runs[0]?.invocations?.[0]?.executionSuccessful).toBe(true)
    expect(findings(validation)).toEqual([])
  }, 240_000)
})
