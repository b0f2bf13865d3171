/**
 * A project's translations are checked in its job, on a worker, and a valid one's check is kept in
 * the store by its text and its source's: the same diagnostics, at the same places, as when
 * checkContent checks them on this thread, before and after an edit to the source.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { checkContent } from '../../cli/content/check-content.ts'
import { checkAndCompile } from '../../cli/pipeline/check-and-compile.ts'
import { openPool } from '../../cli/pipeline/jobs.ts'
import { poolCounters } from '../../cli/workers/pool.ts'
import { brief, copyToTemp, FIXTURES_DIR, type FixtureRoot } from '../helpers/fixtures.ts'

const pool = openPool('always')
afterAll(() => pool.close())

let fixture: FixtureRoot
let storeRoot: string
beforeEach(() => {
  fixture = copyToTemp(path.join(FIXTURES_DIR, 'i18n'))
  storeRoot = mkdtempSync(path.join(os.tmpdir(), 'portfolio-overlay-store-'))
})
afterEach(() => {
  fixture.cleanup()
  rmSync(storeRoot, { recursive: true, force: true })
})

/** The diagnostics of checking on the pool with the store, as "CODE@file:line:col" (W: for warnings). */
async function pooled(): Promise<string[]> {
  const result = await checkAndCompile(fixture.root, { pool, store: openStore(storeRoot) })
  return result.diagnostics.map(brief)
}

function edit(file: string, from: string, to: string): void {
  const full = path.join(fixture.root, file)
  const text = readFileSync(full, 'utf8')
  expect(text).toContain(from)
  writeFileSync(full, text.replace(from, to))
}

describe("a project's translations checked in its job", () => {
  it('are clean on a worker, then from the store, as on this thread', async () => {
    const before = poolCounters.onWorkers
    expect(await pooled()).toEqual([])
    expect(poolCounters.onWorkers).toBeGreaterThan(before)
    expect(await pooled()).toEqual([])
    expect((await checkContent(fixture.root)).diagnostics.map(brief)).toEqual([])
  })

  it("find a section the source no longer has, though the overlay's check was kept valid", async () => {
    expect(await pooled()).toEqual([])
    edit('projects/ledger.yaml', '  - id: overview\n', '  - id: summary\n')
    const expected = (await checkContent(fixture.root)).diagnostics.map(brief)
    expect(expected).toContain('OVERLAY_UNKNOWN_ITEM@projects/ledger.fr.yaml:9:5')
    expect(await pooled()).toEqual(expected)
  })

  it('locate a stale translation at its field in the overlay, parsed again on this thread', async () => {
    edit('projects/ledger.yaml', 'keeps the books of small workshops', 'keeps the books of small shops')
    const expected = (await checkContent(fixture.root)).diagnostics.map(brief)
    expect(expected).toContain('W:TRANSLATION_STALE@projects/ledger.fr.yaml:11:11')
    expect(await pooled()).toEqual(expected)
    // And again with the overlays' checks from the store: still located.
    expect(await pooled()).toEqual(expected)
  })
})
