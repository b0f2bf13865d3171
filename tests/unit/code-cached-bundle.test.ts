import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCodeCachedBundle, type BundleSpec } from '../../cli/pipeline/code-cached-bundle.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('code-cached-bundle-')

const SPEC: BundleSpec = { name: 'answer', format: 1, entry: 'export const answer = 42', packages: [] }
const OLD = 'a'.repeat(24)

describe('a code-cached bundle made again (a package, esbuild, Node or the bundling changed)', () => {
  it('removes the version it replaces and that version’s code cache, nothing else', () => {
    const directory = tempDir()
    for (const name of [`${OLD}.cjs`, `${OLD}.v8-cache`, 'notes.txt']) writeFileSync(path.join(directory, name), 'old')
    expect(loadCodeCachedBundle(SPEC, directory).exports.answer).toBe(42)
    const names = readdirSync(directory)
    expect(names).toContain('notes.txt')
    expect(names.filter((name) => name.endsWith('.cjs'))).toHaveLength(1)
    expect(names).not.toContain(`${OLD}.cjs`)
    expect(names).not.toContain(`${OLD}.v8-cache`)
  })

  it('is looked after only when it is made: loading the current version leaves the folder as it is', () => {
    const directory = tempDir()
    const first = loadCodeCachedBundle(SPEC, directory)
    first.saveCodeCache()
    writeFileSync(path.join(directory, `${OLD}.cjs`), 'old')
    expect(loadCodeCachedBundle(SPEC, directory).exports.answer).toBe(42)
    expect(existsSync(path.join(directory, `${OLD}.cjs`))).toBe(true)
  })
})
