import { readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ConfigEnv, UserConfig } from 'vite'
import { importSiteConfig, resolveSiteConfig } from '../../cli/build/site-config.ts'
import { loadSiteConfigs, siteConfigFile } from '../../cli/build/vite-builds.ts'
import { siteDirectory } from '../../cli/paths.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('site-config-')

const env = (isSsrBuild: boolean): ConfigEnv => ({ command: 'build', mode: 'production', isSsrBuild, isPreview: false })

const CONFIG = `import { fileURLToPath } from 'node:url'
interface Env { isSsrBuild?: boolean; mode: string }
export default ({ isSsrBuild, mode }: Env) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: import.meta.dirname + '|' + import.meta.filename,
  define: { built: JSON.stringify(isSsrBuild ? 'server' : 'client'), mode: JSON.stringify(mode) },
})
`

function writeConfig(source: string): { file: string; cache: string } {
  const site = tempDir()
  const file = path.join(site, 'vite.config.ts')
  writeFileSync(file, source)
  return { file, cache: tempDir() }
}

describe('the site config, imported without Vite bundling it for each build', () => {
  it('is the file’s own module: its types stripped, its import.meta the file’s, its function called per build', async () => {
    const { file, cache } = writeConfig(CONFIG)
    const exported = await importSiteConfig(file, cache)
    expect(exported).toBeTypeOf('function')
    const client = await resolveSiteConfig(exported!, env(false))
    const server = await resolveSiteConfig(exported!, env(true))
    expect(client.root).toBe(`${path.dirname(file)}${path.sep}`)
    expect(client.base).toBe(`${path.dirname(file)}|${file}`)
    expect(client.define).toEqual({ built: '"client"', mode: '"production"' })
    expect(server.define).toEqual({ built: '"server"', mode: '"production"' })
  })

  it('is transpiled once: a later build imports the module kept for the same source', async () => {
    const { file, cache } = writeConfig(CONFIG)
    await importSiteConfig(file, cache)
    const [kept] = readdirSync(cache)
    const written = statSync(path.join(cache, kept!)).mtimeMs
    await importSiteConfig(file, cache)
    expect(readdirSync(cache)).toEqual([kept])
    expect(statSync(path.join(cache, kept!)).mtimeMs).toBe(written)
  })

  it('is transpiled again when the file changes, and the module of the old source is removed', async () => {
    const { file, cache } = writeConfig(CONFIG)
    await importSiteConfig(file, cache)
    const [before] = readdirSync(cache)
    writeFileSync(file, "export default { base: '/changed/' }\n")
    const exported = await importSiteConfig(file, cache)
    expect(await resolveSiteConfig(exported!, env(false))).toEqual({ base: '/changed/' })
    expect(readdirSync(cache)).toHaveLength(1)
    expect(readdirSync(cache)).not.toContain(before)
  })

  it('is left to Vite when the file imports files of its own (Vite bundles them in with their own import.meta)', async () => {
    const { file, cache } = writeConfig("import { base } from './base.ts'\nexport default { base }\n")
    writeFileSync(path.join(path.dirname(file), 'base.ts'), "export const base: string = '/from-a-module/'\n")
    expect(await importSiteConfig(file, cache)).toBeUndefined()
    expect(readdirSync(cache)).toEqual([])
  })

  it('is left to Vite when it cannot be transpiled (Vite reports what is wrong with it)', async () => {
    const { file, cache } = writeConfig('export default {\n')
    expect(await importSiteConfig(file, cache)).toBeUndefined()
  })

  it('must give an object, as Vite requires', async () => {
    await expect(resolveSiteConfig((() => 42) as never, env(false))).rejects.toThrow('the site config must export or return an object')
  })

  it('gives both builds of the shipped site the configs Vite itself loads', async () => {
    const vite = await import('vite')
    const loaded = await loadSiteConfigs(vite, siteDirectory)
    const byVite = async (isSsrBuild: boolean) => (await vite.loadConfigFromFile(env(isSsrBuild), siteConfigFile(siteDirectory), siteDirectory, 'silent'))!.config
    const summary = (config: UserConfig) => ({
      root: config.root,
      publicDir: config.publicDir,
      alias: config.resolve?.alias,
      oxc: config.oxc,
      plugins: (config.plugins ?? []).flat().map((plugin) => (plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : typeof plugin)),
    })
    expect(summary(loaded!.client)).toEqual(summary(await byVite(false)))
    expect(summary(loaded!.server)).toEqual(summary(await byVite(true)))
    expect(summary(loaded!.client).plugins).toContain('tree-shakeable-react-router')
  })
})
