import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeFiles } from '../../cli/generate/write-files.ts'

const temps: string[] = []
afterEach(() => temps.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('writeFiles', () => {
  it('writes what changed, removes stale files, and leaves another process’s write under way alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-write-files-'))
    temps.push(dir)
    writeFileSync(path.join(dir, 'same.ts'), 'same')
    writeFileSync(path.join(dir, 'stale.ts'), 'old')
    // Another build writing the same folder: its temporary file must survive until it renames it.
    writeFileSync(path.join(dir, 'chat.ts.4242-0a1b2c3d.tmp'), 'in flight')
    const changed = await writeFiles(dir, [
      { path: 'same.ts', contents: 'same' },
      { path: 'new.ts', contents: 'new' },
    ])
    expect(changed.sort()).toEqual(['new.ts', 'stale.ts'])
    expect(readdirSync(dir).sort()).toEqual(['chat.ts.4242-0a1b2c3d.tmp', 'new.ts', 'same.ts'])
    expect(readFileSync(path.join(dir, 'new.ts'), 'utf8')).toBe('new')
  })
})
