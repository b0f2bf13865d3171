import { spawnSync } from 'node:child_process'
import { appendFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { generateContent } from '../../scripts/bench/content.ts'
import { measureInTurn, median, pairRuns, summarise, type Run } from '../../scripts/bench/measure.ts'
import { countWords } from '../../scripts/bench/prose.ts'
import { checkTargets, formatTable, formatTargets } from '../../scripts/bench/targets.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('bench-')

interface Project {
  sections: { kind: string; body?: string }[]
}

const content = generateContent(5, 'test-seed')
const projects = Object.values(content.projects).map((text) => parse(text) as Project)
const proseOf = (project: Project) =>
  project.sections
    .filter((s) => s.kind === 'prose')
    .map((s) => s.body!)
    .join('\n\n')

describe('bench: the case-study text generator', () => {
  it('gives the same text for the same seed and other text for another seed', () => {
    expect(generateContent(5, 'test-seed')).toEqual(content)
    expect(generateContent(5, 'other-seed').projects['p-0001.yaml']).not.toBe(content.projects['p-0001.yaml'])
  })

  it("does not make a project's text depend on how many projects are generated", () => {
    expect(generateContent(2, 'test-seed').projects['p-0002.yaml']).toBe(content.projects['p-0002.yaml'])
  })

  it('writes about 1,500 words of prose per project, outside code blocks', () => {
    const counts = projects.map((project) => countWords(proseOf(project)))
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(1000)
    for (const count of counts) expect(count).toBeLessThanOrEqual(2000)
    const mean = counts.reduce((sum, count) => sum + count) / counts.length
    expect(mean).toBeGreaterThanOrEqual(1350)
    expect(mean).toBeLessThanOrEqual(1700)
  })

  it('uses a varied vocabulary and sentence lengths, with punctuation', () => {
    const prose = projects.map(proseOf).join('\n\n')
    const words = new Set(prose.toLowerCase().match(/[a-z]{3,}/g))
    expect(words.size).toBeGreaterThan(1000)
    for (const mark of [',', ';', '?', '(', '"', '—']) expect(prose).toContain(mark)
    const lengths = proseOf(projects[0]!)
      .split(/(?<=[.?!])\s+(?=[A-Z*"(`\[])/)
      .map(countWords)
    expect(Math.min(...lengths)).toBeLessThan(8)
    expect(Math.max(...lengths)).toBeGreaterThan(25)
  })

  it('has bold, italics, inline code, a table, lists and code blocks in at least three languages in every project', () => {
    for (const project of projects) {
      const prose = proseOf(project)
      expect(prose).toMatch(/\*\*[^*\n]+\*\*/)
      expect(prose).toMatch(/(^|[^*])\*[^*\s][^*\n]*\*(?!\*)/m)
      expect(prose).toMatch(/`[^`\n]+`/)
      expect(prose).toMatch(/^\|---\|---:\|---:\|---\|$/m)
      expect(prose).toMatch(/^- /m)
      expect(prose).toMatch(/^1\. /m)
      const languages = new Set([...prose.matchAll(/^```(\w+)$/gm)].map((m) => m[1]))
      expect(languages.size).toBeGreaterThanOrEqual(3)
    }
  })

  it('has links, some with @ in them and some with & in their query', () => {
    const links = [
      ...projects
        .map(proseOf)
        .join('\n')
        .matchAll(/\]\(([^)\s]+)\)/g),
    ].map((m) => m[1]!)
    expect(links.some((href) => href.includes('@'))).toBe(true)
    expect(links.some((href) => /\?[^#]*&/.test(href))).toBe(true)
    expect(links.every((href) => /^(https:\/\/|mailto:|#|\/)/.test(href))).toBe(true)
  })

  it('writes the same case studies as markdown pages for the peer, with an index', () => {
    expect(Object.keys(content.pages).sort()).toEqual(['index.md', ...content.ids.map((id) => `${id}.md`)].sort())
    const page = content.pages['p-0003.md']!
    const overview = projects[2]!.sections.find((s) => s.kind === 'prose')!.body!
    expect(page).toContain(overview)
    expect(page).toMatch(/^---\ntitle: .+\nlayout: page.liquid\n---\n/)
  })
})

describe('bench: paired medians', () => {
  const run = (ms: number, cpuMs: number, rssMiB = 100): Run => ({ ms, cpuMs, rssMiB })

  it('takes the measured middle value, the upper one of an even count', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(3)
  })

  it("reports the median of the rounds' ratios, not the ratio of the medians", () => {
    // Round 2 ran in a slow minute for both: its ratio is like the others'.
    const paired = pairRuns(
      [run(2000, 4000, 300), run(6000, 12000, 500), run(2200, 4400, 400)],
      [run(1000, 1000), run(3000, 3000), run(1000, 1000)],
    )
    expect(paired.wallRatio).toBe(2)
    expect(paired.cpuRatio).toBe(4)
    expect(paired.first.medianMs).toBe(2200)
    expect(paired.first.medianCpuMs).toBe(4400)
    expect(paired.first.peakRssMiB).toBe(500)
    expect(paired.second.medianMs).toBe(1000)
  })

  it('runs the commands in turn, each after its own preparation, and collects CPU and RSS', () => {
    const log = path.join(tempDir(), 'log')
    // Some CPU beyond Node's start, so the children's CPU (counted in 10 ms ticks) cannot round to 0.
    const work = 'let x = 0; for (let i = 0; i < 5e7; i++) x += i;'
    const command = (mark: string) => ({
      args: ['-e', `${work} require('node:fs').appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(mark)})`],
      cwd: process.cwd(),
      before: () => appendFileSync(log, '<'),
    })
    const [a, b] = measureInTurn([command('a'), command('b')], 2)
    expect(readFileSync(log, 'utf8')).toBe('<a<b'.repeat(2))
    expect(a).toHaveLength(2)
    expect(b!.every((r) => r.cpuMs > 0 && r.rssMiB > 1)).toBe(true)
  })
})

describe('bench: targets', () => {
  const measurement = (ms: number, cpuMs = ms, peakRssMiB = 0) => ({
    runs: [],
    medianMs: ms,
    medianCpuMs: cpuMs,
    peakRssMiB,
  })
  const run = (ms: number, cpuMs: number): Run => ({ ms, cpuMs, rssMiB: 100 })

  it('says which targets are met, which are missed and by how much, and which were not run', () => {
    const targets = checkTargets({
      sizes: new Map(),
      dev: new Map([[6, { urlMs: 800, firstPageMs: 1200, editMs: [100, 400, 120] }]]),
      caseStudyJs: new Map([
        [6, 80],
        [1000, 80],
      ]),
      validate: { warm: measurement(500), cold: measurement(600) },
      rebuild: measurement(900),
    })
    const byName = (name: string) => targets.find((t) => t.name.startsWith(name))!
    expect(byName('rebuild')).toMatchObject({ met: true, value: '0.90 s' })
    expect(byName('validate, shipped content, warm')).toMatchObject({ met: false, value: '0.50 s' })
    expect(byName('validate, shipped content, warm').overBy).toBeCloseTo(42.86, 2)
    expect(byName('validate, shipped content, cold')).toMatchObject({ met: true, cpu: '0.60 s' })
    expect(byName('dev: an edit on its page, 6')).toMatchObject({ met: true, value: '0.12 s' })
    expect(byName('case-study JS')).toMatchObject({ met: true, value: '1.00x' })
    expect(byName('cold build, 1000 projects, over React Router').value).toBe('not run')
    expect(byName('cold build, 1000 projects, over React Router').met).toBeUndefined()
    expect(byName('build with nothing changed').met).toBeUndefined()
    expect(byName('cold build, 1000 projects, over Astro').value).toBe('not run')
  })

  it('shows the CPU ratio beside a wall-time ratio, a floor as a floor, and formats a miss with its margin', () => {
    const ours = [run(3000, 4500)]
    const sizes = new Map([
      [
        1000,
        {
          ours: summarise(ours),
          peers: { Eleventy: pairRuns(ours, [run(500, 1000)]), 'React Router': pairRuns(ours, [run(2500, 3000)]) },
        },
      ],
    ])
    const lines = formatTargets(checkTargets({ sizes, dev: new Map(), caseStudyJs: new Map() }))
    expect(lines).toContain(
      '✖ cold build, 1000 projects, over Eleventy (wall): 6.00x (CPU: 4.50x) (target <= 4.00x), missed by 50.0%',
    )
    expect(lines).toContain(
      '✔ cold build, 1000 projects, over React Router (wall): 1.20x (CPU: 1.50x) (target <= 1.30x)',
    )
    expect(lines).toContain('✖ cold build, 1000 projects: CPU / wall: 1.50 (target >= 1.60), missed by 6.3%')
  })

  it('prints a row per size with each peer beside ours', () => {
    const ours = [run(3000, 4500)]
    const table = formatTable({
      sizes: new Map([[100, { ours: summarise(ours), peers: { Eleventy: pairRuns(ours, [run(1000, 1500)]) } }]]),
      dev: new Map(),
      caseStudyJs: new Map(),
    })
    expect(table[0]).toContain('| Eleventy: wall | Eleventy: CPU | ours / Eleventy: wall | CPU | React Router: wall |')
    expect(table[2]).toBe(
      '| 100 | 3.00 s | 4.50 s | 1.50 | 100 MiB | 1.00 s | 1.50 s | 3.00x | 3.00x | - | - | - | - | - | - | - | - |',
    )
  })
})

describe('bench: the command', () => {
  it('prints its options for --help and starts nothing', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', '--help'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('Usage: npm run bench [-- options]')
    for (const option of ['--sizes', '--full', '--rounds', '--edits', '--profile', '--help'])
      expect(result.stdout).toContain(option)
    expect(result.stderr).not.toContain('installing a peer')
    expect(result.stderr).not.toContain('projects: writing the content')
  })
})
