/**
 * The bad-input cases an output finds (tests/fixtures/invalid/<case>/build.md, see
 * tests/helpers/fixtures.ts): content whose files check clean, whose text an output (the resume, a
 * social card) cannot print. `portfolio validate` and the build must report expected.json exactly,
 * and the build write nothing; each case's rule is also run on its own, so a located message is
 * pinned even while a command does not report it.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkContent } from '../../cli/content/check-content.ts'
import type { Diagnostic } from '../../cli/diagnostics/diagnostic.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { checkAllCardGlyphs } from '../../cli/social/card-glyphs.ts'
import { brief, type CaseInfo, type FixtureRoot, listCases, materializeCase, REPO_ROOT } from '../helpers/fixtures.ts'

const cases = listCases().filter((c) => c.build)

it('has a build case for M7 (text in a script no bundled font covers)', () => {
  expect(cases.map((c) => c.name.split('-')[0])).toContain('m7')
})

for (const testCase of cases) describeBuildCase(testCase)

function describeBuildCase(testCase: CaseInfo): void {
  describe(testCase.name, () => {
    let fixture: FixtureRoot
    let outDir = ''
    let reported: Diagnostic[] = []
    /** `portfolio validate --format json` on the case: its exit code and its diagnostics. */
    let validated: { status: number | null; diagnostics: Diagnostic[] } = { status: null, diagnostics: [] }
    /** What the cards' font rule says of every language of the content, each field located where it was written. */
    let cardRule: Diagnostic[] = []

    beforeAll(async () => {
      fixture = await materializeCase(testCase.name)
      const checked = await checkContent(fixture.root)
      expect(checked.diagnostics.map(brief)).toEqual([])
      const source = checked.content?.portfolio as { site: { language?: string } }
      const defaultLanguage = source.site.language ?? 'en'
      cardRule = checkAllCardGlyphs(
        { portfolio: checked.content!.portfolio, projects: checked.content!.projects },
        checked.languages ?? [],
        defaultLanguage,
        (file) => checked.parsed.get(file),
      )
      outDir = path.join(fixture.root, 'dist')
      reported = (await runBuild({ root: fixture.root, outDir, base: '/', store: false })).diagnostics
      const run = spawnSync(
        process.execPath,
        [path.join(REPO_ROOT, 'bin/portfolio.mjs'), 'validate', '--root', fixture.root, '--format', 'json'],
        { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' } },
      )
      validated = { status: run.status, diagnostics: JSON.parse(run.stdout) as Diagnostic[] }
    }, 180_000)
    afterAll(() => fixture?.cleanup())

    it(`the cards' font rule reports exactly ${testCase.expected.join(', ')}, explained`, () => {
      expect(cardRule.map(brief)).toEqual(testCase.expected)
      expectMessages(testCase, cardRule)
    })

    it(`portfolio validate reports exactly ${testCase.expected.join(', ')} and exits 1, as CI on a content pull request runs it`, () => {
      expect(validated.diagnostics.map(brief)).toEqual(testCase.expected)
      expectMessages(testCase, validated.diagnostics)
      expect(validated.status).toBe(1)
    })

    const built = testCase.bug ? it.fails : it
    built(
      `the build reports exactly ${testCase.expected.join(', ')} and writes nothing${testCase.bug ? ' (known build bug, see bug.md)' : ''}`,
      () => {
        expect(reported.map(brief)).toEqual(testCase.expected)
        expectMessages(testCase, reported)
        expect(existsSync(outDir)).toBe(false)
      },
    )
  })
}

function expectMessages(testCase: CaseInfo, diagnostics: readonly Diagnostic[]): void {
  for (const [key, expectation] of Object.entries(testCase.messages)) {
    const found = diagnostics.find((d) => brief(d) === key)
    for (const part of expectation.message ?? []) expect(found?.message, key).toContain(part)
    for (const part of expectation.hint ?? []) expect(found?.hint, key).toContain(part)
  }
}
