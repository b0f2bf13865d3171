import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { removeStaleWorkDirectories } from '../../cli/pipeline/swap-directory.ts'

const tempDir = tempDirsPerTest('portfolio-swap-')

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
