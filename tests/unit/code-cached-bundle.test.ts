import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCodeCachedBundle, type BundleSpec } from '../../cli/compile/code-cached-bundle.ts'
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

describe('a code-cached bundle is written in ASCII', () => {
  it('escapes what esbuild leaves past ASCII (comments, regular expressions) into the same program', () => {
    const directory = tempDir()
    const spec: BundleSpec = {
      name: 'unicode',
      format: 1,
      entry: "// an em dash — in a comment\nexport const dash = /[–—]/.test('a – b')\nexport const astral = /^\\u{1D422}$/u.test('𝐢')\nexport const text = `“quoted” é ${'𝐢'}`",
      packages: [],
    }
    const { exports } = loadCodeCachedBundle(spec, directory)
    expect(exports).toEqual({ dash: true, astral: true, text: '“quoted” é 𝐢' })
    const [bundle] = readdirSync(directory).filter((name) => name.endsWith('.cjs'))
    expect(/[^\x00-\x7f]/.test(readFileSync(path.join(directory, bundle!), 'latin1'))).toBe(false)
    // Read back (not made) the second time: the same exports.
    expect(loadCodeCachedBundle(spec, directory).exports).toEqual({ dash: true, astral: true, text: '“quoted” é 𝐢' })
  })
})
