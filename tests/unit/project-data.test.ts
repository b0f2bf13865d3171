import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { browserProject, projectCard, safeJson } from '../../cli/generate/project-data.ts'
import { keepProject } from '../../cli/pipeline/project-job.ts'
import { writeSiteData } from '../../cli/pipeline/site-data.ts'
import type { Portfolio } from '../../cli/content/content-types.ts'
import { compilePortfolio, type CompiledCaseStudy } from '../../cli/compile/compile-project.ts'
import { parse } from 'yaml'

const tempDir = tempDirsPerTest('portfolio-data-')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** The shipped portfolio (valid content): the chat's overview holds its owner's passages. */
const portfolio = compilePortfolio(
  parse(readFileSync(path.join(import.meta.dirname, '../../portfolio.yaml'), 'utf8')) as Portfolio,
)

const project = (id: string): CompiledCaseStudy => ({
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
  blocks: [{}],
})

describe('case-study data files', () => {
  it('writes each case study into the site as it is kept, keeps its card only, and the cards beside them', () => {
    const dir = tempDir()
    const site = path.join(dir, 'site')
    mkdirSync(site)
    const a = project('a')
    const kept = keepProject(site, a)
    expect(kept.card).toEqual(projectCard(a))
    expect(kept.card).not.toHaveProperty('sections')
    // Written now, as the project is compiled: the browser's data (no Mermaid source), safe in HTML.
    const projectText = readFileSync(path.join(site, 'data/projects/a.json'), 'utf8')
    expect(projectText).toBe(safeJson(browserProject(a)))
    expect(projectText).not.toContain('</script>')
    expect(projectText).not.toContain('flowchart')
    // The chat's text blocks are the build's, not the browser's.
    expect(JSON.parse(projectText)).not.toHaveProperty('blocks')
    const b = keepProject(site, project('b'))

    const written = writeSiteData(site, portfolio, [kept, b], undefined)
    expect(readFileSync(path.join(site, 'data/projects/a.json'), 'utf8')).toBe(projectText)
    const cardsText = readFileSync(path.join(site, 'data/cards.json'), 'utf8')
    expect(JSON.parse(cardsText)).toEqual([projectCard(a), projectCard(project('b'))])
    expect(readdirSync(path.join(site, 'data'), { recursive: true }).sort()).toEqual([
      'cards.json',
      'chat',
      'chat.json',
      'chat/a.json',
      'chat/b.json',
      'projects',
      'projects/a.json',
      'projects/b.json',
    ])
    expect(written.files).toBe(6)
    expect(written.projectHashes.get('a')).toBe(sha256(projectText))
    expect(written.cardsHash).toBe(sha256(cardsText))
  })

  it('adds its files to a data folder the site already has (from the content’s public/ folder)', () => {
    const dir = tempDir()
    const site = path.join(dir, 'site')
    mkdirSync(path.join(site, 'data'), { recursive: true })
    writeFileSync(path.join(site, 'data/own.txt'), 'mine')
    const a = project('a')
    writeSiteData(site, portfolio, [keepProject(site, a)], undefined)
    expect(readFileSync(path.join(site, 'data/own.txt'), 'utf8')).toBe('mine')
    expect(readFileSync(path.join(site, 'data/projects/a.json'), 'utf8')).toBe(safeJson(browserProject(a)))
    expect(existsSync(path.join(site, 'data/cards.json'))).toBe(true)
  })

  it('writes the cards even with no project', () => {
    const dir = tempDir()
    const site = path.join(dir, 'site')
    mkdirSync(site)
    const written = writeSiteData(site, portfolio, [], undefined)
    expect(readFileSync(path.join(site, 'data/cards.json'), 'utf8')).toBe('[]')
    expect(readdirSync(path.join(site, 'data')).sort()).toEqual(['cards.json', 'chat.json'])
    expect(written.files).toBe(2)
  })
})
