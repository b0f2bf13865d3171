import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { generateContent, writeContent } from '../../scripts/bench/content.ts'

const repo = path.resolve(import.meta.dirname, '../..')
const root = mkdtempSync(path.join(os.tmpdir(), 'bench-content-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('bench content generator', () => {
  it('writes N projects that `portfolio validate` accepts with no diagnostic, so the bench measures valid content', () => {
    writeContent(root, generateContent(12))
    expect(readdirSync(path.join(root, 'projects'))).toHaveLength(12)
    const result = spawnSync(
      process.execPath,
      [path.join(repo, 'bin/portfolio.mjs'), 'validate', '--root', root, '--format', 'json'],
      { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    )
    expect(JSON.parse(result.stdout)).toEqual([])
    expect(result.status).toBe(0)
  })
})
