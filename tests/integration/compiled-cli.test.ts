import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const repo = path.resolve(import.meta.dirname, '../..')
const tempDir = tempDirsPerTest('portfolio-compiled-cli-')

/**
 * A stand-in for the compiled CLI: CommonJS that imports an ES module the way the CLI does
 * (cli/import-module.ts), run by bin/compiled-cli.mjs's loader as `<command>`, in a process of its own.
 */
function compiledApp() {
  const dir = tempDir()
  const app = path.join(dir, 'bin.cjs')
  writeFileSync(app, "__portfolioImport('node:os').then((os) => process.stdout.write(`${typeof os.cpus} ${process.argv[2]}`))\n")
  const runner = path.join(dir, 'run.mjs')
  writeFileSync(runner, `import { runCompiledCli } from ${JSON.stringify(pathToFileURL(path.join(repo, 'bin/compiled-cli.mjs')).href)}\nrunCompiledCli(${JSON.stringify(app)})\n`)
  const cache = `${app}.v8-cache`
  const run = (command: string) => {
    const result = spawnSync(process.execPath, [runner, command], { encoding: 'utf8' })
    return { stdout: result.stdout, stderr: result.stderr, code: result.status }
  }
  const header = () => readFileSync(cache).subarray(0, readFileSync(cache).indexOf(0x0a)).toString('latin1').split(' ')
  return { run, cache, header }
}

describe('the compiled CLI', () => {
  it('runs from a code cache written by its first run, and again after its first build', () => {
    const app = compiledApp()
    expect(app.run('validate')).toEqual({ stdout: 'function validate', stderr: '', code: 0 })
    expect(app.header()).toEqual(['portfolio-code-cache', '1', expect.stringMatching(/^[0-9a-f]{64}$/), 'validate'])
    const written = statSync(app.cache).mtimeMs
    // Taken as it is (V8 took it: a refused cache is written again), import() still answered.
    expect(app.run('validate')).toEqual({ stdout: 'function validate', stderr: '', code: 0 })
    expect(statSync(app.cache).mtimeMs).toBe(written)
    // A build runs more of the CLI than a validate: its cache replaces one a validate made, once.
    expect(app.run('build').stdout).toBe('function build')
    expect(app.header()[3]).toBe('build')
    const built = statSync(app.cache).mtimeMs
    expect(app.run('build').stdout).toBe('function build')
    expect(statSync(app.cache).mtimeMs).toBe(built)
  })

  it('never hands V8 a damaged code cache: it runs without it and writes it again', () => {
    const app = compiledApp()
    app.run('build')
    const bytes = readFileSync(app.cache)
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] ?? 0) ^ 0xff
    writeFileSync(app.cache, bytes)
    expect(app.run('build')).toEqual({ stdout: 'function build', stderr: '', code: 0 })
    expect(readFileSync(app.cache)).not.toEqual(bytes)
    expect(app.header()[3]).toBe('build')
  })
})
