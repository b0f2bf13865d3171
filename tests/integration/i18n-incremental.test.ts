/**
 * A rebuild of a site in several languages renders again only the pages an edit changed, in every
 * language: the others are taken from the site in place (the same file), and the result is the
 * cold build's, byte for byte.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { listSiteFiles } from '../../cli/pipeline/check-output.ts'
import { copyToTemp, FIXTURES_DIR, type FixtureRoot } from '../helpers/fixtures.ts'

let fixture: FixtureRoot
let work: string
const steps = new Map<string, string>()
const inodes = new Map<string, number>()
let out: string

beforeAll(async () => {
  fixture = copyToTemp(path.join(FIXTURES_DIR, 'i18n'))
  work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-i18n-incremental-'))
  out = path.join(work, 'dist')
  const store = openStore(path.join(work, 'store'))
  const build = (root: string, outDir: string, record?: Map<string, string>) =>
    runBuild({
      root,
      outDir,
      base: '/',
      store,
      ...(record ? { onStep: (step: string, _ms: number, detail?: string) => record.set(step, detail ?? '') } : {}),
    })
  expect((await build(fixture.root, out)).compiled).toBe(true)
  for (const page of pages(out)) inodes.set(page, statSync(path.join(out, page)).ino)
  const overlay = path.join(fixture.root, 'projects/ledger.fr.yaml')
  const text = readFileSync(overlay, 'utf8')
  expect(text).toContain('Présentation')
  writeFileSync(overlay, text.replace('Présentation', 'Vue d’ensemble'))
  expect((await build(fixture.root, out, steps)).compiled).toBe(true)
  // The same content built cold, with a store of its own.
  const cold = await runBuild({ root: fixture.root, outDir: path.join(work, 'cold'), base: '/', store: false })
  expect(cold.compiled).toBe(true)
}, 300_000)
afterAll(() => {
  fixture?.cleanup()
  rmSync(work, { recursive: true, force: true })
})

/** Every page of a built site, by path from its folder. */
function pages(site: string): string[] {
  return [...listSiteFiles(site)].filter((file) => file.endsWith('.html')).sort()
}

describe('an edit to one translation', () => {
  it('renders again only the page that shows it, in its language', () => {
    const again = pages(out).filter((page) => statSync(path.join(out, page)).ino !== inodes.get(page))
    expect(again).toEqual(['fr/projects/ledger/index.html'])
    expect(readFileSync(path.join(out, 'fr/projects/ledger/index.html'), 'utf8')).toContain('Vue d’ensemble')
    expect(steps.get('languages')).toMatch(/, 1 rendered, \d+ unchanged$/)
  })

  it('gives the cold build of the edited content, byte for byte', () => {
    const cold = path.join(work, 'cold')
    expect(pages(out)).toEqual(pages(cold))
    for (const page of pages(cold))
      expect(readFileSync(path.join(out, page), 'utf8'), page).toBe(readFileSync(path.join(cold, page), 'utf8'))
  })
})
