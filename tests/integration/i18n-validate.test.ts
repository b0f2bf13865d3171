/**
 * `portfolio validate` on content in four languages (tests/fixtures/i18n: en, with fr, ar and hi):
 * the coverage it prints, --strict-i18n, and --update-i18n-lock making a stale translation current.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyToTemp, FIXTURES_DIR, REPO_ROOT, type FixtureRoot } from '../helpers/fixtures.ts'

const BIN = path.join(REPO_ROOT, 'bin/portfolio.mjs')

function validate(root: string, ...flags: string[]) {
  const run = spawnSync(process.execPath, [BIN, 'validate', '--root', root, ...flags], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' },
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

describe('portfolio validate in several languages', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyToTemp(path.join(FIXTURES_DIR, 'i18n'), 'portfolio-i18n-cli-')
  })
  afterAll(() => fixture.cleanup())

  it('prints the coverage of each language after a clean report', () => {
    const run = validate(fixture.root)
    expect(run.status).toBe(0)
    expect(run.stderr).toContain(
      '16 files checked, no problems\nfr 95% translated\nar 74% translated\nhi 26% translated\n',
    )
  })

  it('fails with --strict-i18n while translations are missing', () => {
    const run = validate(fixture.root, '--strict-i18n', '--format', 'json')
    expect(run.status).toBe(1)
    const diagnostics = JSON.parse(run.stdout) as { code: string; file: string; line: number; column: number }[]
    expect(diagnostics.map((d) => `${d.code}@${d.file}:${d.line}:${d.column}`)).toContain(
      'TRANSLATION_MISSING@projects/bookings.yaml:2:8',
    )
  })

  it('reports a stale translation after its source changed, until the lock is updated', () => {
    const source = path.join(fixture.root, 'portfolio.yaml')
    writeFileSync(source, readFileSync(source, 'utf8').replace('Faster checkout', 'A faster checkout'))
    const stale = validate(fixture.root)
    expect(stale.status).toBe(0)
    expect(stale.stderr).toContain(
      'portfolio.fr.yaml:17:14  warning  TRANSLATION_STALE  the fr translation of /hero/claims/1/label in portfolio.yaml is stale since the source changed',
    )
    expect(stale.stderr).toContain('fr 95% translated, 1 stale\nar 74% translated, 1 stale\nhi 26% translated\n')
    expect(validate(fixture.root, '--strict-i18n').status).toBe(1)

    const update = validate(fixture.root, '--update-i18n-lock')
    expect(update.status).toBe(0)
    expect(update.stderr).toContain('wrote i18n.lock.yaml')
    const again = validate(fixture.root)
    expect(again.stderr).not.toContain('TRANSLATION_STALE')
    expect(again.stderr).toContain('fr 95% translated\n')
  })
})
