import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as fromSources from '../../cli/paths.ts'

const repo = path.resolve(import.meta.dirname, '../..')

describe('cli/paths.ts', () => {
  it('finds this package from the TypeScript sources', () => {
    expect(fromSources.packageDirectory).toBe(`${repo}${path.sep}`)
    expect(fromSources.siteDirectory).toBe(path.join(repo, 'site') + path.sep)
    expect(fromSources.cacheDirectory).toBe(path.join(repo, 'node_modules/.cache/portfolio') + path.sep)
  })

  it('names the same folders from the compiled CLI in lib/, one level deeper', async () => {
    const compiled = (await import(pathToFileURL(path.join(repo, 'lib/cli/paths.js')).href)) as typeof fromSources
    expect(compiled.packageDirectory).toBe(fromSources.packageDirectory)
    expect(compiled.generatedDirectory).toBe(fromSources.generatedDirectory)
    expect(compiled.schemaUrl.href).toBe(fromSources.schemaUrl.href)
    expect(compiled.cacheDirectory).toBe(fromSources.cacheDirectory)
  })
})
