import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const repo = path.resolve(import.meta.dirname, '../..')
const cacheDir = path.join(repo, 'node_modules/.cache/portfolio')

async function validateShippedContent() {
  vi.resetModules()
  const { checkContent } = await import('../../cli/content/check-content.ts')
  return checkContent(repo)
}

describe('compiled validator cache', () => {
  it('is written on first use and gives the same verdicts as a fresh compile', async () => {
    const result = await validateShippedContent()
    expect(result.diagnostics).toEqual([])
    expect(readdirSync(cacheDir).some((f) => /^validators-[0-9a-f]{16}\.cjs$/.test(f))).toBe(true)
  })

  it('is never trusted when corrupt: validation still runs and the cache is rebuilt', async () => {
    await validateShippedContent()
    const file = readdirSync(cacheDir).find((f) => f.endsWith('.cjs'))!
    const target = path.join(cacheDir, file)
    writeFileSync(target, 'this is not javascript {')
    // A fresh process, as a user runs it (this one has the good module in its require cache).
    const run = spawnSync(process.execPath, [path.join(repo, 'bin/portfolio.mjs'), 'validate'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    })
    expect(run.stderr).toContain('no problems')
    expect(run.status).toBe(0)
    expect(readFileSync(target, 'utf8')).toContain('validate')
  })

  it('keeps one version: validators of other schemas go when the current ones are written', async () => {
    await validateShippedContent()
    const current = readdirSync(cacheDir).filter((f) => /^validators-[0-9a-f]{16}\.cjs$/.test(f))
    // Compiled from the schemas as they were before an edit (or with other ajv options).
    const replaced = path.join(cacheDir, 'validators-0123456789abcdef.cjs')
    writeFileSync(replaced, 'module.exports = {}')
    for (const file of current) rmSync(path.join(cacheDir, file), { force: true })
    const run = spawnSync(process.execPath, [path.join(repo, 'bin/portfolio.mjs'), 'validate'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    })
    expect(run.status).toBe(0)
    expect(existsSync(replaced)).toBe(false)
    expect(readdirSync(cacheDir).filter((f) => /^validators-[0-9a-f]{16}\.cjs$/.test(f))).toHaveLength(1)
  })
})
