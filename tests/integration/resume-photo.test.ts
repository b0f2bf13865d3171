/**
 * resume.photo: off by default (no image in the PDF); when set, the PDF shows the image, described
 * for screen readers, still within the page limit, and a new photo is a new resume (store key).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Resvg } from '@resvg/resvg-js'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { checkContent } from '../../cli/content/check-content.ts'
import { makeResume, MAX_RESUME_PAGES, type ResumeFiles } from '../../cli/resume/make-resume.ts'
import { brief, copyRepoContent, type FixtureRoot } from '../helpers/fixtures.ts'

interface PhotoFacts {
  pages: number
  /** Images painted, over all pages. */
  images: number
  /** The alt texts of the structure tree's Figure elements. */
  figures: string[]
}

async function readPhotoFacts(pdf: Uint8Array): Promise<PhotoFacts> {
  const doc = await getDocument({ data: pdf.slice(), isEvalSupported: false }).promise
  let images = 0
  const figures: string[] = []
  const collectFigures = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    const { role, alt, children } = node as { role?: string; alt?: string; children?: unknown[] }
    if (role === 'Figure') figures.push(String(alt))
    children?.forEach(collectFigures)
  }
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n)
    images += (await page.getOperatorList()).fnArray.filter((op) => op === OPS.paintImageXObject).length
    collectFigures(await page.getStructTree())
  }
  const pages = doc.numPages
  await doc.destroy()
  return { pages, images, figures }
}

/** A small PNG, drawn by resvg at `width` px; `fill` makes photos with different bytes. */
function portraitPng(fill: string, width = 240): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300"><rect width="240" height="300" fill="#dde6ee"/><circle cx="120" cy="110" r="60" fill="${fill}"/><rect x="40" y="190" width="160" height="110" rx="50" fill="${fill}"/></svg>`
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng())
}

describe('resume.photo', () => {
  let fixture: FixtureRoot
  let store: ReturnType<typeof openStore>
  let storeDir: string
  beforeAll(() => {
    fixture = copyRepoContent()
    storeDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-photo-store-'))
    store = openStore(storeDir, 'test')
  })
  afterAll(() => {
    fixture.cleanup()
    rmSync(storeDir, { recursive: true, force: true })
  })

  const make = async (): Promise<{ files: ResumeFiles; cached: boolean }> => {
    const checked = await checkContent(fixture.root)
    expect(checked.diagnostics.map(brief)).toEqual([])
    const outcome = await makeResume(checked, fixture.root, store)
    expect(outcome.diagnostics.map((d) => `${brief(d)} ${d.message}`)).toEqual([])
    if (!outcome.files) throw new Error('no resume was made')
    return { files: outcome.files, cached: outcome.cached }
  }

  it('is off by default: the shipped content sets none and its resume holds no image', async () => {
    expect(readFileSync(path.join(fixture.root, 'portfolio.yaml'), 'utf8')).not.toMatch(/^\s+photo:/m)
    const facts = await readPhotoFacts((await make()).files.pdf)
    expect(facts.images).toBe(0)
    expect(facts.figures).toEqual([])
  }, 60_000)

  it('when set, the PDF shows the photo, described for screen readers, within the page limit', async () => {
    writeFileSync(path.join(fixture.root, 'public/portrait.png'), portraitPng('#1f4e79'))
    const yaml = path.join(fixture.root, 'portfolio.yaml')
    const text = readFileSync(yaml, 'utf8')
    expect(text).toContain('  label: Download Resume\n')
    writeFileSync(
      yaml,
      text.replace('  label: Download Resume\n', '  label: Download Resume\n  photo: /portrait.png\n'),
    )
    const { files, cached } = await make()
    expect(cached).toBe(false)
    const facts = await readPhotoFacts(files.pdf)
    expect(facts.images).toBe(1)
    expect(facts.figures).toEqual(['Photo of Aarav Sharma'])
    expect(facts.pages).toBeLessThanOrEqual(MAX_RESUME_PAGES)
    expect(files.pages).toBe(facts.pages)
  }, 60_000)

  it('a new photo under the same name makes a new resume; the same photo comes from the store', async () => {
    const before = await make()
    expect(before.cached).toBe(true)
    writeFileSync(path.join(fixture.root, 'public/portrait.png'), portraitPng('#7a3b12'))
    const after = await make()
    expect(after.cached).toBe(false)
    expect(Buffer.from(after.files.pdf).equals(Buffer.from(before.files.pdf))).toBe(false)
  }, 60_000)

  it('may name the About section photo in media/ (480 px wide: wide enough for the site): the same file on the site and in the PDF', async () => {
    mkdirSync(path.join(fixture.root, 'media'), { recursive: true })
    writeFileSync(path.join(fixture.root, 'media/me.png'), portraitPng('#2d6a4f', 480))
    const yaml = path.join(fixture.root, 'portfolio.yaml')
    const text = readFileSync(yaml, 'utf8').replace('  photo: /portrait.png\n', '  photo: media/me.png\n')
    expect(text).toContain('  photo: media/me.png\n')
    writeFileSync(yaml, `${text}photo:\n  src: media/me.png\n  alt: Aarav Sharma smiling, in a green shirt\n`)
    const { files } = await make()
    const facts = await readPhotoFacts(files.pdf)
    expect(facts.images).toBe(1)
    expect(facts.figures).toEqual(['Photo of Aarav Sharma'])
  }, 60_000)

  it('a photo in media/ that is missing is located at resume.photo, named from the content folder', async () => {
    const yaml = path.join(fixture.root, 'portfolio.yaml')
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('  photo: media/me.png\n', '  photo: media/gone.png\n'))
    const checked = await checkContent(fixture.root)
    expect(checked.diagnostics.map((d) => `${brief(d)} ${d.message}`)).toContainEqual(
      expect.stringMatching(/ASSET_MISSING.* media\/gone\.png does not exist$/),
    )
  }, 60_000)
})
