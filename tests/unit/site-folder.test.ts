import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { removeStaleWorkDirectories, startSiteFolder } from '../../cli/pipeline/site-folder.ts'

const tempDir = tempDirsPerTest('portfolio-site-folder-')

describe('leftovers of a killed build', () => {
  it('puts back the previous site a build killed mid-swap had moved aside', async () => {
    const dir = tempDir()
    mkdirSync(path.join(dir, 'dist.old-999'))
    writeFileSync(path.join(dir, 'dist.old-999', 'index.html'), 'previous')
    mkdirSync(path.join(dir, 'dist.tmp-999'))
    await removeStaleWorkDirectories(path.join(dir, 'dist'))
    expect(readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(dir)).toEqual(['dist'])
  })

  it('removes a site set aside when a site is in place', async () => {
    const dir = tempDir()
    for (const folder of ['dist', 'dist.old-999']) {
      mkdirSync(path.join(dir, folder))
      writeFileSync(path.join(dir, folder, 'index.html'), folder)
    }
    await removeStaleWorkDirectories(path.join(dir, 'dist'))
    expect(readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8')).toBe('dist')
    expect(existsSync(path.join(dir, 'dist.old-999'))).toBe(false)
  })
})

describe('the site folder a build assembles', () => {
  it("starts empty but for the content's public/ folder, whatever an earlier build left there", async () => {
    const root = tempDir()
    mkdirSync(path.join(root, 'public', 'docs'), { recursive: true })
    writeFileSync(path.join(root, 'public', 'resume.pdf'), '%PDF-1.4')
    writeFileSync(path.join(root, 'public', 'docs', 'talk.txt'), 'slides')
    const site = path.join(tempDir(), 'dist.tmp-1')
    mkdirSync(site)
    writeFileSync(path.join(site, 'stale.html'), 'left by a killed build')
    await startSiteFolder(site, root)
    expect(readdirSync(site, { recursive: true }).sort()).toEqual(['docs', path.join('docs', 'talk.txt'), 'resume.pdf'])
  })

  it('starts empty when the content has no public/ folder', async () => {
    const site = path.join(tempDir(), 'dist.tmp-1')
    await startSiteFolder(site, tempDir())
    expect(readdirSync(site)).toEqual([])
  })
})
