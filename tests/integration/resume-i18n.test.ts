/**
 * The resume in other languages (issue 46): the shipped content with a few fields translated, as
 * the merged content of one language, typeset in fr, ar and hi. The PDF is read back with
 * pdfjs-dist: its headings and dates in the language, no replacement character, Arabic set right to
 * left. Text in a script no bundled font covers (Thai, Georgian) is a located error (M7).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noStore } from '../../cli/cache/no-store.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import { makeResume, resumeFileNames, type ResumeFiles } from '../../cli/resume/make-resume.ts'
import { readChoices, resumeData } from '../../cli/resume/resume-data.ts'
import { brief, copyRepoContent, REPO_ROOT, type FixtureRoot } from '../helpers/fixtures.ts'

interface TextItem {
  str: string
  dir: string
  /** The item's left and right edges on the page, in points. */
  left: number
  right: number
}

async function readText(bytes: Uint8Array): Promise<{ text: string; items: TextItem[]; width: number }> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise
  const items: TextItem[] = []
  let width = 0
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    width = page.view[2] ?? 0
    for (const item of (await page.getTextContent()).items)
      if ('str' in item)
        items.push({ str: item.str, dir: item.dir, left: item.transform[4], right: item.transform[4] + item.width })
  }
  await doc.destroy()
  return { text: items.map((item) => item.str).join(' '), items, width }
}

type Content = NonNullable<CheckResult['content']>

/** The shipped content as one language's merged content: `translate` edits a copy, with a dated career entry. */
async function contentIn(translate: (content: Content) => void): Promise<Pick<CheckResult, 'content' | 'parsed'>> {
  const checked = await checkContent(REPO_ROOT)
  const content = structuredClone(checked.content) as Content
  const [first, ...rest] = content.portfolio.experience ?? []
  const { duration: _duration, ...dated } = first as NonNullable<typeof first> & { duration?: string }
  content.portfolio.experience = [{ ...dated, start: '2019-04' } as typeof first & object, ...rest]
  translate(content)
  return { content, parsed: checked.parsed }
}

async function resumeIn(tag: string, translate: (content: Content) => void): Promise<ResumeFiles> {
  const outcome = await makeResume(await contentIn(translate), REPO_ROOT, noStore, undefined, '/', { tag })
  expect(outcome.diagnostics).toEqual([])
  return outcome.files as ResumeFiles
}

describe('the resume in French', () => {
  let files: ResumeFiles
  beforeAll(async () => {
    files = await resumeIn('fr', (c) => {
      c.portfolio.owner.role = 'Développeur full-stack'
    })
  }, 60_000)

  it('prints its headings, and its dates with French month names and "aujourd’hui"', async () => {
    const { text } = await readText(files.pdf)
    expect(text).toContain('Développeur full-stack')
    expect(text).toContain('EXPÉRIENCE PROFESSIONNELLE')
    expect(text).toContain('RÉSULTATS CLÉS')
    expect(text).toContain('avr. 2019 – aujourd’hui')
    expect(text).toMatch(/Technologies\s+:/)
    expect(text).not.toContain('\ufffd')
  })

  it('says its language in JSON Resume', () => {
    expect(JSON.parse(files.json).meta).toEqual({ language: 'fr' })
  })
})

describe('the resume in Arabic', () => {
  let files: ResumeFiles
  beforeAll(async () => {
    files = await resumeIn('ar', (c) => {
      c.portfolio.owner.role = 'مهندس برمجيات'
      c.portfolio.hero.tagline = 'أبني تطبيقات ويب موثوقة باستخدام React و Node.js.'
    })
  }, 60_000)

  it('formats its dates in Arabic and prints them with its own headings', async () => {
    const data = resumeData((await contentIn(() => {})).content as Content, readChoices({}), '/', 'ar').data
    expect(data.experience[0]?.period).toBe('أبريل 2019 – حتى الآن')
    expect(data.headings.experience).toBe('الخبرة العملية')
    expect(data.text).toEqual({
      lang: 'ar',
      dir: 'rtl',
      fonts: ['Noto Sans Arabic', 'Source Sans 3', 'Noto Sans Devanagari'],
      tracking: false,
    })
    // Typst's text layer of shaped Arabic is not reliable to compare (typst#4225): what it holds is
    // checked for boxes and direction, the words above.
    const { text, items } = await readText(files.pdf)
    expect(text).not.toContain('\ufffd')
    expect(text).toContain('2019')
    expect(items.some((item) => item.dir === 'rtl')).toBe(true)
  })

  it('is laid out right to left: the name and the Arabic lines end at the right margin', async () => {
    const { items, width } = await readText(files.pdf)
    const name = items.find((item) => item.str === 'Aarav Sharma')
    expect(name).toBeDefined()
    // 1.7 cm margins: the name's right edge at the right margin, its left edge far from the left one.
    const margin = (1.7 / 2.54) * 72
    expect(name?.right).toBeCloseTo(width - margin, 0)
    expect(name?.left ?? 0).toBeGreaterThan(width / 2)
    for (const item of items.filter((i) => i.dir === 'rtl').slice(0, 5))
      expect(item.right, item.str).toBeGreaterThan(width / 2)
  })

  it('says its language in JSON Resume', () => {
    expect(JSON.parse(files.json).meta).toEqual({ language: 'ar' })
    expect(JSON.parse(files.json).basics.label).toBe('مهندس برمجيات')
  })
})

describe('the resume in Hindi', () => {
  let files: ResumeFiles
  beforeAll(async () => {
    files = await resumeIn('hi', (c) => {
      c.portfolio.owner.role = 'सॉफ़्टवेयर इंजीनियर'
    })
  }, 60_000)

  it('formats its dates in Hindi, in Noto Sans Devanagari first, and prints no box', async () => {
    const data = resumeData((await contentIn(() => {})).content as Content, readChoices({}), '/', 'hi').data
    expect(data.experience[0]?.period).toBe('अप्रैल 2019 – वर्तमान')
    expect(data.headings.projects).toBe('परियोजनाएँ')
    expect(data.text.fonts[0]).toBe('Noto Sans Devanagari')
    expect(data.text.tracking).toBe(false)
    const { text, items } = await readText(files.pdf)
    expect(text).not.toContain('\ufffd')
    expect(text).toContain('2019')
    expect(items.some((item) => /\p{Script=Devanagari}/u.test(item.str))).toBe(true)
    expect(JSON.parse(files.json).meta).toEqual({ language: 'hi' })
  })
})

describe('resume file names', () => {
  it('keeps resume.pdf and resume.json for the default language, resume.<tag>.* for the others', () => {
    expect(resumeFileNames('en', 'en')).toEqual({ pdf: 'resume.pdf', json: 'resume.json' })
    expect(resumeFileNames('pt-BR', 'en')).toEqual({ pdf: 'resume.pt-BR.pdf', json: 'resume.pt-BR.json' })
    expect(resumeFileNames('en', 'fr')).toEqual({ pdf: 'resume.en.pdf', json: 'resume.en.json' })
  })
})

describe('M7: text in a script no bundled font covers', () => {
  let fixture: FixtureRoot
  beforeAll(() => {
    fixture = copyRepoContent()
  })
  afterAll(() => fixture.cleanup())
  const edit = (from: string, to: string) => {
    const file = path.join(fixture.root, 'portfolio.yaml')
    const text = readFileSync(file, 'utf8')
    expect(text).toContain(from)
    writeFileSync(file, text.replace(from, to))
  }

  it('a Thai role in the th resume is an error at the field, naming the script and the language', async () => {
    edit('  role: Full-Stack Developer\n  location', '  role: นักพัฒนา Full-Stack\n  location')
    const checked = await checkContent(fixture.root)
    expect(checked.diagnostics).toEqual([])
    const outcome = await makeResume(checked, fixture.root, noStore, undefined, '/', { tag: 'th' })
    expect(outcome.files).toBeUndefined()
    expect(outcome.diagnostics.map(brief)).toEqual(['SCRIPT_NOT_COVERED@portfolio.yaml:14:9'])
    expect(outcome.diagnostics[0]?.message).toBe(
      '"น" (U+0E19) is in the Thai script, which no font bundled for the resume covers: the th resume would show it as a box',
    )
  }, 60_000)

  it('Georgian text is an error in any language, located in the overlay the text came from', async () => {
    edit('  role: นักพัฒนา Full-Stack\n  location', '  role: Full-Stack Developer\n  location')
    edit('  location: India,', '  location: ინდოეთი,')
    const checked = await checkContent(fixture.root)
    const outcome = await makeResume(checked, fixture.root, noStore, undefined, '/', {
      tag: 'fr',
      // As the lead's merge would say: the field came from the French overlay (here: the same text).
      fileOf: (file) => file,
    })
    expect(outcome.diagnostics.map(brief)).toEqual(['SCRIPT_NOT_COVERED@portfolio.yaml:15:13'])
    expect(outcome.diagnostics[0]?.message).toBe(
      '"ი" (U+10D8) is in the Georgian script, which no font bundled for the resume covers: the fr resume would show it as a box',
    )
  }, 60_000)

  it('Devanagari and Arabic text prints in any language: the bundled fonts are fallbacks', async () => {
    edit('  location: ინდოეთი,', '  location: भारत / الهند,')
    const outcome = await makeResume(await checkContent(fixture.root), fixture.root, noStore)
    expect(outcome.diagnostics).toEqual([])
    const { text } = await readText((outcome.files as ResumeFiles).pdf)
    expect(text).not.toContain('\ufffd')
  }, 60_000)
})
