/**
 * The resume made from the content: the PDF read back with pdfjs-dist (text, links, metadata,
 * tags, pages, bytes), the JSON Resume document against @jsonresume/schema, and the problems that
 * stop it, located in the content.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { noStore } from '../../cli/cache/no-store.ts'
import { openStore } from '../../cli/cache/store.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { makeResume, MAX_RESUME_PAGES, type ResumeFiles } from '../../cli/resume/make-resume.ts'
import { readChoices, resumeData } from '../../cli/resume/resume-data.ts'
import { typesetResume } from '../../cli/resume/typeset.ts'
import { brief, copyRepoContent, REPO_ROOT, type FixtureRoot } from '../helpers/fixtures.ts'

const require = createRequire(import.meta.url)
const { validate } = require('@jsonresume/schema') as {
  validate: (resume: unknown, done: (errors: unknown, valid: boolean) => void) => void
}

interface Project {
  title: string
  liveUrl: string
  githubUrl?: string
  tech: string[]
  achievements: string[]
}

interface ReadPdf {
  pages: number
  /** Every line of every page, in reading order. */
  lines: string[]
  links: string[]
  info: Record<string, unknown>
  marked: boolean
  structureRoles: string[]
}

async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise
  const lines: string[] = []
  const links: string[] = []
  const structureRoles: string[] = []
  const collectRoles = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    const { role, children } = node as { role?: string; children?: unknown[] }
    if (role) structureRoles.push(role)
    children?.forEach(collectRoles)
  }
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    let line = ''
    for (const item of (await page.getTextContent()).items) {
      if (!('str' in item)) continue
      line += item.str
      if (item.hasEOL) {
        lines.push(line)
        line = ''
      }
    }
    if (line) lines.push(line)
    for (const annotation of await page.getAnnotations())
      if (annotation.subtype === 'Link' && typeof annotation.url === 'string') links.push(annotation.url)
    collectRoles(await page.getStructTree())
  }
  const { info } = await doc.getMetadata()
  const marked = ((await doc.getMarkInfo()) as { Marked?: boolean } | null)?.Marked === true
  const pages = doc.numPages
  await doc.destroy()
  return { pages, lines, links, info: info as Record<string, unknown>, marked, structureRoles }
}

const temps: string[] = []
function tempStore() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-resume-store-'))
  temps.push(dir)
  return openStore(dir, 'test')
}
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function resumeOf(root: string): Promise<{ checked: CheckResult; files: ResumeFiles }> {
  const checked = await checkContent(root)
  expect(checked.diagnostics.map(brief)).toEqual([])
  const outcome = await makeResume(checked, root, noStore)
  expect(outcome.diagnostics.map((d) => `${brief(d)} ${d.message}`)).toEqual([])
  if (!outcome.files) throw new Error('no resume was made')
  return { checked, files: outcome.files }
}

describe('the shipped resume', () => {
  let checked: CheckResult
  let files: ResumeFiles
  let pdf: ReadPdf
  let text: string
  let portfolio: Record<string, any>
  let projects: Project[]

  beforeAll(async () => {
    ;({ checked, files } = await resumeOf(REPO_ROOT))
    pdf = await readPdf(files.pdf)
    // Lines joined with a space: a phrase split across two lines still reads whole, a word split in two does not.
    text = pdf.lines.join(' ').replace(/\s+/g, ' ')
    portfolio = checked.content?.portfolio as Record<string, any>
    projects = checked.content?.projects as unknown as Project[]
  }, 60_000)

  it('prints the name, the e-mail, every claim, every project with its achievements and every tech keyword', () => {
    const expected = [
      portfolio.owner.name,
      String(portfolio.contact.email).replace('mailto:', ''),
      ...portfolio.hero.claims.flatMap((c: { value: string; label: string }) => [c.value, c.label]),
      ...projects.flatMap((p) => [p.title, ...p.achievements, ...p.tech]),
      ...portfolio.techStack.groups.flatMap((g: { items: string[] }) => g.items),
      ...portfolio.experience.flatMap((e: { role: string; highlights?: string[] }) => [
        e.role,
        ...(e.highlights ?? []),
      ]),
    ]
    expect(expected.filter((phrase) => !text.includes(phrase))).toEqual([])
  })

  it('has selectable text without replacement characters, soft hyphens or words hyphenated across lines', () => {
    expect(text).not.toContain('\uFFFD')
    expect(text).not.toContain('\u00AD')
    expect(pdf.lines.filter((line) => /[a-z]-$/i.test(line))).toEqual([])
  })

  it('links the e-mail, the site, both profiles and every project live and source URL', () => {
    const expected = [
      portfolio.contact.email,
      portfolio.site.url,
      portfolio.links.github,
      portfolio.links.linkedin,
      ...projects.flatMap((p) => [p.liveUrl, ...(p.githubUrl ? [p.githubUrl] : [])]),
    ]
    expect(new Set(pdf.links)).toEqual(new Set(expected.map((url: string) => new URL(url).href)))
  })

  it('carries title, author, subject, keywords and language, and is tagged with a structure tree', () => {
    expect(pdf.info).toMatchObject({
      Title: `${portfolio.owner.name} – ${portfolio.owner.role}`,
      Author: portfolio.owner.name,
      Language: portfolio.site.language,
    })
    expect(String(pdf.info.Keywords)).toContain('React')
    expect(String(pdf.info.Subject)).toContain(portfolio.owner.name)
    expect(pdf.marked).toBe(true)
    expect(pdf.structureRoles).toEqual(expect.arrayContaining(['Document', 'H1', 'H2', 'L', 'LI', 'Link']))
  })

  it(`fits in at most ${MAX_RESUME_PAGES} pages`, () => {
    expect(pdf.pages).toBeGreaterThanOrEqual(1)
    expect(pdf.pages).toBeLessThanOrEqual(MAX_RESUME_PAGES)
    expect(files.pages).toBe(pdf.pages)
  })

  it('gives the same bytes when made twice', async () => {
    const again = await makeResume(checked, REPO_ROOT, noStore)
    expect(Buffer.from(again.files?.pdf ?? []).equals(Buffer.from(files.pdf))).toBe(true)
    expect(again.files?.json).toBe(files.json)
  })

  it('writes a JSON Resume document that @jsonresume/schema accepts', () => {
    const resume = JSON.parse(files.json) as Record<string, any>
    let result: { errors: unknown; valid: boolean } | undefined
    validate(resume, (errors, valid) => (result = { errors, valid }))
    expect(result).toEqual({ errors: null, valid: true })
    expect(resume.basics).toMatchObject({
      name: portfolio.owner.name,
      email: 'hello@aaravsharma.dev',
      url: portfolio.site.url,
    })
    expect(resume.basics.profiles.map((p: { network: string }) => p.network)).toEqual(['GitHub', 'LinkedIn'])
    expect(resume.work.map((w: { position: string }) => w.position)).toEqual(
      portfolio.experience.map((e: { role: string }) => e.role),
    )
    expect(resume.projects.map((p: { name: string }) => p.name)).toEqual(projects.map((p) => p.title))
    expect(resume.projects[0]).toMatchObject({
      highlights: projects[0]?.achievements,
      keywords: projects[0]?.tech,
      url: projects[0]?.liveUrl,
    })
    expect(resume.skills.map((s: { name: string }) => s.name)).toEqual(
      portfolio.techStack.groups.map((g: { name: string }) => g.name),
    )
  })
})

describe('the resume follows the content', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyRepoContent()
  })
  afterAll(() => fixture.cleanup())
  const edit = (file: string, from: string, to: string) => {
    const full = path.join(fixture.root, file)
    const text = readFileSync(full, 'utf8')
    expect(text).toContain(from)
    writeFileSync(full, text.replace(from, to))
  }

  it('a project title edited changes the PDF and the JSON on the next make; unchanged content comes from the store', async () => {
    const store = tempStore()
    const first = await makeResume(await checkContent(fixture.root), fixture.root, store)
    const cached = await makeResume(await checkContent(fixture.root), fixture.root, store)
    expect(cached.cached).toBe(true)
    edit('projects/authstack.yaml', 'title: AuthStack', 'title: AuthStack Pro')
    const edited = await makeResume(await checkContent(fixture.root), fixture.root, store)
    expect(edited.cached).toBe(false)
    expect((await readPdf(edited.files?.pdf as Uint8Array)).lines.join(' ')).toContain('AuthStack Pro')
    expect(JSON.parse(edited.files?.json ?? '{}').projects[1].name).toBe('AuthStack Pro')
    expect(Buffer.from(edited.files?.pdf ?? []).equals(Buffer.from(first.files?.pdf ?? []))).toBe(false)
  }, 60_000)

  it('resume.projects and pageSize choose the projects and the paper', async () => {
    edit(
      'portfolio.yaml',
      '  label: Download Resume\n',
      '  label: Download Resume\n  projects:\n    - todoapppro\n    - logic-i\n  pageSize: Letter\n  claims: false\n',
    )
    const { files } = await resumeOf(fixture.root)
    const resume = JSON.parse(files.json) as { projects: { name: string }[] }
    expect(resume.projects.map((p) => p.name)).toEqual(['TodoApp Pro', 'logic-i'])
    const doc = await getDocument({ data: files.pdf.slice(), isEvalSupported: false }).promise
    const { view } = await doc.getPage(1)
    expect([view[2], view[3]]).toEqual([612, 792])
    await doc.destroy()
  }, 60_000)

  it("a character the font lacks stops the resume, located in its field (a chosen project's achievement)", async () => {
    edit(
      'projects/logic-i.yaml',
      '  - Load-tested at 500 concurrent users\n',
      '  - Load-tested at 500 concurrent users ★\n',
    )
    const checked = await checkContent(fixture.root)
    expect(checked.diagnostics).toEqual([])
    const outcome = await makeResume(checked, fixture.root, noStore)
    const lines = readFileSync(path.join(fixture.root, 'projects/logic-i.yaml'), 'utf8').split('\n')
    const line = lines.findIndex((l) => l.includes('★'))
    expect(outcome.diagnostics.map(brief)).toEqual([
      `RESUME_GLYPH@projects/logic-i.yaml:${line + 1}:${(lines[line] ?? '').indexOf('★') + 1}`,
    ])
    expect(outcome.diagnostics[0]?.message).toContain('U+2605')
    expect(outcome.files).toBeUndefined()
  }, 60_000)

  it('a hand-made resume.file generates nothing', async () => {
    edit('portfolio.yaml', '  label: Download Resume\n', '  file: /resume.pdf\n  label: Download Resume\n')
    writeFileSync(path.join(fixture.root, 'public/resume.pdf'), '%PDF-1.4\n')
    const outcome = await makeResume(await checkContent(fixture.root), fixture.root, noStore)
    expect(outcome).toEqual({ diagnostics: [], cached: false })
  })
})

describe('certifications, publications and talks in the resume', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyRepoContent()
  })
  afterAll(() => fixture.cleanup())
  const LISTS = [
    'certifications:',
    '  - name: Cloud Developer Associate',
    '    issuer: Example Cloud',
    '    date: "2024-06"',
    '    url: https://example.com/verify/cloud-123',
    '  - name: Front-End Developer',
    '    issuer: Example Academy',
    '    date: "2023"',
    'publications:',
    '  - title: Signed webhooks in practice',
    '    venue: Example Engineering Blog',
    '    date: "2024-08"',
    '    url: https://example.com/blog/signed-webhooks',
    'talks:',
    '  - title: Load-testing a warehouse SaaS',
    '    event: Example JS Meetup',
    '    date: "2024-10"',
    '',
  ].join('\n')

  it('prints each list under its heading with dates and links, and JSON Resume gains certificates and publications', async () => {
    const file = path.join(fixture.root, 'portfolio.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('resume:\n', `${LISTS}resume:\n`))
    const { files } = await resumeOf(fixture.root)
    const pdf = await readPdf(files.pdf)
    expect(pdf.pages).toBeLessThanOrEqual(MAX_RESUME_PAGES)
    const lines = pdf.lines.map((line) => line.replace(/\s+/g, ' ').trim())
    const after = (heading: string) => lines.slice(lines.indexOf(heading) + 1)
    expect(after('CERTIFICATIONS').slice(0, 2)).toEqual([
      'Cloud Developer Associate, Example Cloud Jun 2024',
      'Front-End Developer, Example Academy 2023',
    ])
    expect(after('PUBLICATIONS')[0]).toBe('Signed webhooks in practice, Example Engineering Blog Aug 2024')
    expect(after('TALKS')[0]).toBe('Load-testing a warehouse SaaS, Example JS Meetup Oct 2024')
    expect(pdf.links).toEqual(
      expect.arrayContaining(['https://example.com/verify/cloud-123', 'https://example.com/blog/signed-webhooks']),
    )

    const resume = JSON.parse(files.json) as Record<string, any>
    let result: { errors: unknown; valid: boolean } | undefined
    validate(resume, (errors, valid) => (result = { errors, valid }))
    expect(result).toEqual({ errors: null, valid: true })
    expect(resume.certificates).toEqual([
      {
        name: 'Cloud Developer Associate',
        date: '2024-06',
        issuer: 'Example Cloud',
        url: 'https://example.com/verify/cloud-123',
      },
      { name: 'Front-End Developer', date: '2023', issuer: 'Example Academy' },
    ])
    expect(resume.publications).toEqual([
      {
        name: 'Signed webhooks in practice',
        publisher: 'Example Engineering Blog',
        releaseDate: '2024-08',
        url: 'https://example.com/blog/signed-webhooks',
      },
    ])
    expect(resume.talks).toBeUndefined()
  }, 60_000)

  it('lists the posts resume.publications names after the publications, linked where they were first published or at their page under the base', async () => {
    const root = copyRepoContent()
    try {
      mkdirSync(path.join(root.root, 'posts'))
      const post = (title: string, extra = '') =>
        `---\ntitle: ${title}\nsummary: What it is about.\npublished: "2026-03-14"\ntags: [payments]\n${extra}---\n\nText.\n`
      writeFileSync(path.join(root.root, 'posts/verifying-webhooks.md'), post('Verifying webhooks'))
      writeFileSync(
        path.join(root.root, 'posts/token-rotation.md'),
        post('Rotating refresh tokens', 'canonical: https://dev.to/aarav/token-rotation\n'),
      )
      const file = path.join(root.root, 'portfolio.yaml')
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          'resume:\n',
          `${LISTS}resume:\n  publications: [token-rotation, verifying-webhooks]\n`,
        ),
      )
      const checked = await checkContent(root.root)
      expect(checked.diagnostics.filter((d) => d.severity === 'error').map(brief)).toEqual([])
      const { data } = resumeData(checked.content!, readChoices(checked.content!.portfolio), '/my-portfolio/')
      expect(data.publications).toEqual([
        expect.objectContaining({ title: 'Signed webhooks in practice' }),
        {
          title: 'Rotating refresh tokens',
          subtitle: 'aaravsharma.dev',
          period: 'Mar 2026',
          date: '2026-03-14',
          url: 'https://dev.to/aarav/token-rotation',
        },
        {
          title: 'Verifying webhooks',
          subtitle: 'aaravsharma.dev',
          period: 'Mar 2026',
          date: '2026-03-14',
          url: 'https://aaravsharma.dev/my-portfolio/writing/verifying-webhooks',
        },
      ])
    } finally {
      root.cleanup()
    }
  })

  it('without the lists, the template gives the bytes it gave before it had them', async () => {
    const checked = await checkContent(REPO_ROOT)
    const { data } = resumeData(checked.content!, readChoices(checked.content!.portfolio))
    for (const list of ['certifications', 'publications', 'talks']) expect(data).not.toHaveProperty(list)
    expect(JSON.parse((await makeResume(checked, REPO_ROOT, noStore)).files!.json)).not.toHaveProperty('certificates')
    const template = readFileSync(path.join(REPO_ROOT, 'cli/resume/resume.typ'), 'utf8')
    const marker = template.indexOf('// Certifications, publications and talks')
    expect(marker).toBeGreaterThan(0)
    const withLists = typesetResume(template, data, '2026-01-01')
    const without = typesetResume(template.slice(0, marker), data, '2026-01-01')
    expect(withLists.problems).toEqual([])
    expect(Buffer.from(withLists.pdf!).equals(Buffer.from(without.pdf!))).toBe(true)
  }, 60_000)
})

describe('portfolio resume', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, 'bin/portfolio.mjs'), 'resume', '--root', REPO_ROOT, ...args], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    })

  it('writes the PDF or the JSON Resume alone to --out', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-resume-cli-'))
    temps.push(dir)
    const pdf = run(['--out', path.join(dir, 'cv.pdf')])
    expect(pdf.status, pdf.stderr).toBe(0)
    expect(pdf.stderr).toMatch(/✔ wrote .*cv\.pdf \([12] pages?\)/)
    expect(readFileSync(path.join(dir, 'cv.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const json = run(['--format', 'json', '--out', path.join(dir, 'cv.json')])
    expect(json.status, json.stderr).toBe(0)
    expect(JSON.parse(readFileSync(path.join(dir, 'cv.json'), 'utf8'))).toMatchObject({
      basics: { name: 'Aarav Sharma' },
    })
    expect(run(['--format', 'docx']).status).toBe(2)
  }, 60_000)
})

describe('typesetting', () => {
  it('reports a compiler warning (here: a font that was not loaded) as a problem, with no PDF', async () => {
    const checked = await checkContent(REPO_ROOT)
    const { data } = resumeData(
      checked.content as NonNullable<CheckResult['content']>,
      readChoices(checked.content?.portfolio ?? {}),
    )
    const typeset = typesetResume('#set text(font: "Not A Font")\nHello', data, undefined)
    expect(typeset.pdf).toBeUndefined()
    expect(typeset.problems.join('\n')).toContain('unknown font family: not a font')
  }, 60_000)

  it('reports what breaks PDF/UA-1 (here: no document title) as a problem instead of throwing', async () => {
    const checked = await checkContent(REPO_ROOT)
    const { data } = resumeData(
      checked.content as NonNullable<CheckResult['content']>,
      readChoices(checked.content?.portfolio ?? {}),
    )
    const typeset = typesetResume('#set text(font: "Source Sans 3")\nHello', data, undefined)
    expect(typeset.pdf).toBeUndefined()
    expect(typeset.problems.join('\n')).toContain('missing document title')
  }, 60_000)
})

describe('the build', () => {
  it('stops on a resume problem with the diagnostic located in the content, leaving --out alone', async () => {
    const fixture = copyRepoContent()
    try {
      const file = path.join(fixture.root, 'projects/todoapppro.yaml')
      const text = readFileSync(file, 'utf8')
      writeFileSync(file, text.replace('title: TodoApp Pro', 'title: TodoApp Pro ★'))
      const out = path.join(fixture.root, 'dist')
      const steps: string[] = []
      const result = await runBuild({
        root: fixture.root,
        outDir: out,
        base: '/',
        store: false,
        onStep: (step, _ms, detail) => steps.push(`${step}: ${detail}`),
      })
      const lines = readFileSync(file, 'utf8').split('\n')
      const line = lines.findIndex((l) => l.includes('★'))
      expect(result.compiled).toBe(false)
      expect(result.diagnostics.map(brief)).toEqual([
        `RESUME_GLYPH@projects/todoapppro.yaml:${line + 1}:${(lines[line] ?? '').indexOf('★') + 1}`,
      ])
      expect(result.sources.has('projects/todoapppro.yaml')).toBe(true)
      expect(steps).toContain('resume: has errors')
      expect(existsSync(out)).toBe(false)
    } finally {
      fixture.cleanup()
    }
  }, 120_000)
})
