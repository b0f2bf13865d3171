import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkContent } from '../../cli/content/check-content.ts'
import { writeSyntheticContent } from '../../scripts/bench/synthetic-content.ts'

const root = mkdtempSync(path.join(os.tmpdir(), 'bench-content-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('bench content generator', () => {
  it('writes N projects that the validator accepts with no diagnostic, so the bench measures valid content', async () => {
    writeSyntheticContent(root, 12)
    expect(readdirSync(path.join(root, 'projects'))).toHaveLength(12)
    const result = await checkContent(root)
    expect(result.diagnostics).toEqual([])
    expect(result.content?.projects).toHaveLength(12)
  })
})
