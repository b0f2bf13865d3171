import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import {
  browserProject,
  moveProjectData,
  projectCard,
  safeJson,
  writeProjectData,
} from '../../cli/generate/project-data.ts'
import type { RenderedProject } from '../../cli/content/content-types.ts'

const tempDir = tempDirsPerTest('portfolio-data-')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

const project = (id: string): RenderedProject => ({
  id,
  title: `Project ${id}`,
  description: 'A project </script> with markup in its text.',
  icon: 'code',
  tech: ['Go'],
  featured: true,
  liveUrl: `https://${id}.example`,
  achievements: ['Shipped'],
  audience: ['Developers'],
  demo: { email: 'demo@example.com', password: 'demo', reset: 'nightly' },
  sections: [
    {
      id: 'flow',
      kind: 'diagrams',
      title: 'Flow',
      diagrams: [{ title: 'Flow', mermaid: 'flowchart LR\n  a --> b', svg: '<svg/>', width: 100, textSize: 12 }],
    },
  ],
})

describe('case-study data files', () => {
  it('writes each case study as it is kept, keeps its card only, and moves the files into the site with the cards', async () => {
    const dir = tempDir()
    const staged = path.join(dir, 'staged')
    const site = path.join(dir, 'site')
    mkdirSync(site)
    const a = project('a')
    const kept = writeProjectData(staged, a)
    expect(kept.card).toEqual(projectCard(a))
    expect(kept.card).not.toHaveProperty('sections')
    // Written now, before the site exists for it: the browser's data (no Mermaid source), safe in HTML.
    const stagedText = readFileSync(path.join(staged, 'data/projects/a.json'), 'utf8')
    expect(stagedText).toBe(safeJson(browserProject(a)))
    expect(stagedText).not.toContain('</script>')
    expect(stagedText).not.toContain('flowchart')
    const b = writeProjectData(staged, project('b'))

    const written = await moveProjectData(staged, site, [kept, b])
    expect(existsSync(staged + '/data')).toBe(false)
    expect(readFileSync(path.join(site, 'data/projects/a.json'), 'utf8')).toBe(stagedText)
    const cardsText = readFileSync(path.join(site, 'data/cards.json'), 'utf8')
    expect(JSON.parse(cardsText)).toEqual([projectCard(a), projectCard(project('b'))])
    expect(written.files.sort()).toEqual(['data/cards.json', 'data/projects/a.json', 'data/projects/b.json'])
    expect(written.projectHashes.get('a')).toBe(sha256(stagedText))
    expect(written.cardsHash).toBe(sha256(cardsText))
  })

  it('adds its files to a data folder the site already has (from the content’s public/ folder)', async () => {
    const dir = tempDir()
    const site = path.join(dir, 'site')
    mkdirSync(path.join(site, 'data'), { recursive: true })
    writeFileSync(path.join(site, 'data/own.txt'), 'mine')
    const a = project('a')
    const staged = path.join(dir, 'staged')
    await moveProjectData(staged, site, [writeProjectData(staged, a)])
    expect(readFileSync(path.join(site, 'data/own.txt'), 'utf8')).toBe('mine')
    expect(readFileSync(path.join(site, 'data/projects/a.json'), 'utf8')).toBe(safeJson(browserProject(a)))
    expect(existsSync(path.join(site, 'data/cards.json'))).toBe(true)
  })

  it('writes the cards even with no project', async () => {
    const dir = tempDir()
    const site = path.join(dir, 'site')
    mkdirSync(site)
    const written = await moveProjectData(path.join(dir, 'staged'), site, [])
    expect(readFileSync(path.join(site, 'data/cards.json'), 'utf8')).toBe('[]')
    expect(written.files).toEqual(['data/cards.json'])
  })
})
