import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { generateStringsModules } from '../../cli/generate/strings-module.ts'
import { shippedCatalogues } from '../../site/src/i18n/shipped-catalogues.ts'
import type { Strings } from '../../site/src/i18n/strings.ts'

const folder = mkdtempSync(join(tmpdir(), 'strings-module-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const catalogues = new Map<string, Strings>([
  ['en', shippedCatalogues.get('en')!],
  ['fr', { ...shippedCatalogues.get('fr')!, navWriting: 'Articles' }],
  ['ar', shippedCatalogues.get('ar')!],
])
const files = generateStringsModules(catalogues, 'en')
for (const file of files) {
  mkdirSync(dirname(join(folder, file.path)), { recursive: true })
  writeFileSync(join(folder, file.path), file.contents)
}
const load = <T>(path: string): Promise<T> => import(pathToFileURL(join(folder, path)).href) as Promise<T>

describe('the generated modules of the site’s words', () => {
  it('writes one module per language, an index for the browser and one for the server', () => {
    expect(files.map((file) => file.path)).toEqual([
      'strings/en.ts',
      'strings/fr.ts',
      'strings/ar.ts',
      'strings/index.ts',
      'strings/all.ts',
    ])
  })

  it('puts only the default language in the index statically; the others are dynamic imports (a chunk each)', () => {
    const index = files.find((file) => file.path === 'strings/index.ts')!.contents
    expect(index.match(/^import .*$/gm)).toEqual([
      "import type { Strings } from '../../i18n/strings.ts'",
      "import { strings as defaultStrings } from './en.ts'",
    ])
    expect(index).toContain(`"fr": () => import('./fr.ts'),`)
    expect(index).toContain(`"ar": () => import('./ar.ts'),`)
  })

  it('loads a language’s words in the browser, and gives them at once to the server render', async () => {
    const index = await load<{ loadStrings: (tag: string) => Promise<Strings>; defaultLanguage: string }>(
      'strings/index.ts',
    )
    expect(index.defaultLanguage).toBe('en')
    expect((await index.loadStrings('fr')).navWriting).toBe('Articles')
    expect(await index.loadStrings('en')).toEqual(shippedCatalogues.get('en'))
    await expect(index.loadStrings('de')).rejects.toThrow('The site has no language "de".')
    const all = await load<{ stringsFor: (tag: string) => Strings }>('strings/all.ts')
    expect(all.stringsFor('ar')).toEqual(shippedCatalogues.get('ar'))
    expect(() => all.stringsFor('de')).toThrow('The site has no language "de".')
  })

  it('is deterministic', () => {
    expect(generateStringsModules(catalogues, 'en')).toEqual(files)
  })
})
