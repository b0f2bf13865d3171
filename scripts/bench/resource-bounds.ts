/**
 * How long checking hostile or damaged content takes, against the bounds the tests used to assert
 * (a time moves with the machine's load, so it is measured here, not asserted in the test suite):
 * - a billion-laughs alias bomb (fixture c4) is refused within 1 s;
 * - 5,000 levels of flow nesting (fixture c8) are refused within 1 s;
 * - valid-minimal with random damage (as tests/integration/fuzz.test.ts makes it) is checked within 2 s.
 *
 * Run: npx tsx scripts/bench/resource-bounds.ts [rounds]. Prints the median and the slowest run of
 * each, and exits 1 when a slowest run is over its bound. Say the load (`uptime`) with the numbers.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { checkContent } from '../../cli/content/check-content.ts'
import { copyToTemp, materializeCase, VALID_MINIMAL } from '../../tests/helpers/fixtures.ts'

const rounds = Number(process.argv[2] ?? 9)

interface Bound {
  name: string
  limitMs: number
  /** One timed run; what it needs is made before, untimed. */
  run: () => Promise<number>
}

async function timed(root: string): Promise<number> {
  const started = performance.now()
  await checkContent(root)
  return performance.now() - started
}

/** Random damage to a file of valid-minimal: YAML's special characters inserted at random places. */
const damage = fc.tuple(
  fc.constantFrom('portfolio.yaml', 'projects/alpha.yaml', 'projects/beta.yaml'),
  fc.array(
    fc.tuple(fc.nat(), fc.string({ unit: fc.constantFrom(...':-[]{}"\'&*!%#|>@`?,<~\\\t\n '), maxLength: 12 })),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
)

async function main(): Promise<void> {
  const bomb = await materializeCase('c4-billion-laughs')
  const nesting = await materializeCase('c8-deep-flow-nesting')
  const fuzz = copyToTemp(VALID_MINIMAL, 'portfolio-bench-fuzz-')
  const damaged = fc.sample(damage, { numRuns: rounds, seed: 42 })
  let next = 0
  const bounds: Bound[] = [
    { name: 'billion-laughs alias bomb (c4)', limitMs: 1000, run: () => timed(bomb.root) },
    { name: '5,000 levels of flow nesting (c8)', limitMs: 1000, run: () => timed(nesting.root) },
    {
      name: 'valid-minimal, randomly damaged',
      limitMs: 2000,
      run: () => {
        const [file, insertions] = damaged[next++ % damaged.length] ?? ['portfolio.yaml', []]
        const original = readFileSync(path.join(VALID_MINIMAL, file), 'utf8')
        const text = insertions.reduce(
          (t, [at, noise]) => t.slice(0, at % (t.length + 1)) + noise + t.slice(at % (t.length + 1)),
          original,
        )
        writeFileSync(path.join(fuzz.root, file), text)
        return timed(fuzz.root).finally(() => writeFileSync(path.join(fuzz.root, file), original))
      },
    },
  ]
  try {
    await checkContent(fuzz.root) // warm-up: loading the validators is not what is measured
    const times = new Map<Bound, number[]>(bounds.map((b) => [b, []]))
    // Interleaved rounds, so a burst of load falls on every measurement alike.
    for (let round = 0; round < rounds; round++) for (const bound of bounds) times.get(bound)?.push(await bound.run())
    let over = false
    for (const bound of bounds) {
      const sorted = (times.get(bound) ?? []).sort((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)] ?? 0
      const slowest = sorted.at(-1) ?? 0
      over ||= slowest > bound.limitMs
      console.log(
        `${bound.name.padEnd(36)} median ${median.toFixed(0).padStart(5)} ms  slowest ${slowest.toFixed(0).padStart(5)} ms  bound ${bound.limitMs} ms${slowest > bound.limitMs ? '  OVER' : ''}`,
      )
    }
    if (over) process.exitCode = 1
  } finally {
    for (const fixture of [bomb, nesting, fuzz]) fixture.cleanup()
  }
}

await main()
