/**
 * Property test: random damage to valid-minimal never makes checkContent throw, hang, or point
 * outside the file it blames. 200 runs over the three content files.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkContent } from '../../cli/content/check-content.ts'
import { brief, copyToTemp, outOfBounds, VALID_MINIMAL, type FixtureRoot } from '../helpers/fixtures.ts'

const FILES = ['portfolio.yaml', 'projects/alpha.yaml', 'projects/beta.yaml'] as const
const ORIGINAL = Object.fromEntries(FILES.map((f) => [f, readFileSync(path.join(VALID_MINIMAL, f), 'utf8')])) as Record<
  (typeof FILES)[number],
  string
>

/** Characters that mean something to YAML, markdown, URLs or the byte checks. */
const SPECIAL = [
  ':',
  '-',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '&',
  '*',
  '!',
  '%',
  '#',
  '|',
  '>',
  '@',
  '`',
  '?',
  ',',
  '<',
  '~',
  '\\',
  '\t',
  '\u0000',
  '\r',
  '\n',
  ' ',
  '\u00a0',
  '\ufeff',
  'é',
  'a',
  '0',
]
const noise = fc.string({ unit: fc.constantFrom(...SPECIAL), minLength: 1, maxLength: 12 })

type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'duplicate'; at: number }
  | { op: 'swap'; a: number; b: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'replaceScalar'; at: number; text: string }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: noise }),
  fc.record({
    op: fc.constant('replaceScalar' as const),
    at: fc.nat(),
    text: fc.oneof(
      noise,
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        '~',
        'null',
        'yes',
        '.nan',
        '-.inf',
        '0x1F',
        '"',
        "''",
        '[]',
        '{}',
        'javascript:alert(1)',
        '*a',
        '&a x',
        '!!binary x',
        '%YAML',
      ),
    ),
  }),
)

function apply(text: string, m: Mutation): string {
  const lines = text.split('\n')
  const pick = (n: number) => n % lines.length
  switch (m.op) {
    case 'delete':
      lines.splice(pick(m.at), 1)
      return lines.join('\n')
    case 'duplicate':
      lines.splice(pick(m.at), 0, lines[pick(m.at)] ?? '')
      return lines.join('\n')
    case 'swap': {
      const a = pick(m.a)
      const b = pick(m.b)
      ;[lines[a], lines[b]] = [lines[b] ?? '', lines[a] ?? '']
      return lines.join('\n')
    }
    case 'insert': {
      const at = m.at % (text.length + 1)
      return text.slice(0, at) + m.text + text.slice(at)
    }
    case 'replaceScalar': {
      // The value part of a "key: value" or "- value" line.
      const candidates = lines
        .map((line, i) => [i, /^(\s*(?:- )?[^\s:#][^:#]*:\s|\s*- )(.+)$/.exec(line)] as const)
        .filter(([, match]) => match)
      if (candidates.length === 0) return text
      const [index, match] = candidates[m.at % candidates.length] ?? [0, null]
      if (!match) return text
      lines[index] = (match[1] ?? '') + m.text
      return lines.join('\n')
    }
  }
}

/** A run this long is hung, not slow (how long a check takes is measured by scripts/bench/resource-bounds.ts). */
const HUNG_MS = 20_000
const RUNS = Number(process.env.FUZZ_RUNS ?? 200)

interface Outcome {
  damaged: string
  file: (typeof FILES)[number]
  result: Awaited<ReturnType<typeof checkContent>>
}

describe('checkContent on randomly damaged content', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyToTemp(VALID_MINIMAL, 'portfolio-fuzz-')
  })
  afterAll(() => fixture.cleanup())

  async function check(file: (typeof FILES)[number], mutations: Mutation[]): Promise<Outcome> {
    for (const f of FILES) writeFileSync(path.join(fixture.root, f), ORIGINAL[f])
    const damaged = mutations.reduce(apply, ORIGINAL[file])
    writeFileSync(path.join(fixture.root, file), damaged)
    const result = await checkContent(fixture.root)
    return { damaged, file, result }
  }

  const damage = [fc.constantFrom(...FILES), fc.array(mutation, { minLength: 1, maxLength: 3 })] as const

  it('never throws or hangs, explains every problem and withholds content on error', async () => {
    await fc.assert(
      fc.asyncProperty(...damage, async (file, mutations) => {
        const { result } = await check(file, mutations)
        for (const d of result.diagnostics) {
          expect(d.message.length, brief(d)).toBeGreaterThan(0)
          expect(Number.isInteger(d.line) && Number.isInteger(d.column), brief(d)).toBe(true)
        }
        const errors = result.diagnostics.some((d) => d.severity === 'error')
        expect(result.content === undefined, 'content must be present exactly when there is no error').toBe(errors)
      }),
      { numRuns: RUNS, timeout: HUNG_MS, markInterruptAsFailure: true },
    )
  })

  // Known validator bug: positions come from yaml's LineCounter, which only learns the newlines
  // the parser reports; after an error token that spans lines (e.g. a block scalar in error
  // recovery) every later position is lines too early and columns run past the end of the line
  // (see invalid/b11-positions-after-a-multi-line-error-token). A fixed seed keeps the run
  // deterministic: this seed reaches such an input within the 200 runs.
  it('never reports a line or column outside the file it blames', async () => {
    await fc.assert(
      fc.asyncProperty(...damage, async (file, mutations) => {
        const { damaged, result } = await check(file, mutations)
        for (const d of result.diagnostics) {
          const text =
            result.sources.get(d.file) ?? (d.file === file ? new TextDecoder().decode(Buffer.from(damaged)) : undefined)
          const problem =
            text === undefined ? (d.line === 1 && d.column === 1 ? undefined : 'no text') : outOfBounds(d, text)
          expect(problem, `${brief(d)} ${d.message}`).toBeUndefined()
        }
      }),
      { numRuns: RUNS, timeout: HUNG_MS, markInterruptAsFailure: true, seed: 2013677144 },
    )
  })
})
