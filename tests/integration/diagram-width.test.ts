/**
 * DIAGRAM_WIDTH: a diagram whose smallest text would show under 12 px in the desktop column is a
 * build-time warning at the diagram's source, with a hint; the build goes on. Fixture:
 * tests/fixtures/compile/diagram-too-wide (valid-minimal with a nine-node left-to-right flowchart).
 */
import { cpSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runGenerate, type GenerateResult } from '../../cli/pipeline/run.ts'
import { brief, copyToTemp, FIXTURES_DIR, type FixtureRoot } from '../helpers/fixtures.ts'

const CASE = path.join(FIXTURES_DIR, 'compile', 'diagram-too-wide')

describe('a diagram too wide to read at desktop width', () => {
  let fixture: FixtureRoot
  let result: GenerateResult
  beforeAll(async () => {
    fixture = copyToTemp(undefined, 'portfolio-diagram-width-')
    cpSync(path.join(CASE, 'projects'), path.join(fixture.root, 'projects'), { recursive: true })
    result = await runGenerate(fixture.root, path.join(fixture.root, 'generated'))
  })
  afterAll(() => fixture?.cleanup())

  it('is reported as a warning at its source, and the content still compiles', () => {
    const expected = JSON.parse(readFileSync(path.join(CASE, 'expected.json'), 'utf8')) as string[]
    expect(result.diagnostics.map(brief)).toEqual(expected)
    expect(result.compiled).toBeDefined()
  })

  it('says how wide it is, how small its text would show and what to try', () => {
    const [warning] = result.diagnostics
    expect(warning?.message).toBe(
      'sections[3].diagrams[0]: the diagram is 1623 px wide: in the 790 px column of a desktop screen its 13 px text would show at 6.3 px (under 12 px)',
    )
    expect(warning?.hint).toBe(
      '"flowchart LR" with 9 nodes lays them out in a row: try "flowchart TB" (top to bottom), or fewer nodes side by side; it needs to be at most 855 px wide.',
    )
  })
})
