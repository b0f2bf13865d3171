import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { recordedResult, saveRecord, snapshotInputs } from '../../cli/pipeline/build-record.ts'
import { sha256Hex } from '../../cli/sha256.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('portfolio-build-record-')

/** Content saved a moment ago (so "racy" against any record made now), a built site, and a store. */
function justBuilt() {
  const root = tempDir()
  const outDir = path.join(tempDir(), 'dist')
  mkdirSync(outDir)
  writeFileSync(path.join(root, 'portfolio.yaml'), 'site:\n  title: Jane\n')
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>')
  const options = { root, outDir, base: '/' }
  const result = { pages: ['/'], diagnostics: [], fileCount: 1, sources: [] }
  return { store: openStore(tempDir(), 'v1'), options, result, portfolio: path.join(root, 'portfolio.yaml') }
}

describe('the build record', () => {
  it('trusts an input saved in the tick the build started only while its bytes are those the build read', () => {
    const { store, options, result, portfolio } = justBuilt()
    const inputs = snapshotInputs(options.root)
    const read = sha256Hex(Buffer.from('site:\n  title: Jane\n'))
    const readAs = (file: string) => (file === portfolio ? read : undefined)
    saveRecord(store, options, inputs, result, readAs)
    expect(recordedResult(store, options, snapshotInputs(options.root))).toEqual(result)

    // Bytes other than those the build read behind the same identity (an edit within the same tick):
    // the record does not hold, nor does one that has no digest of what the build read.
    saveRecord(store, options, inputs, result, (file) => (file === portfolio ? sha256Hex('other bytes') : undefined))
    expect(recordedResult(store, options, snapshotInputs(options.root))).toBeUndefined()
    saveRecord(store, options, inputs, result, () => undefined)
    expect(recordedResult(store, options, snapshotInputs(options.root))).toBeUndefined()
  })

  it('holds only for the options it was made with and the output folder as the build left it', () => {
    const { store, options, result, portfolio } = justBuilt()
    const read = sha256Hex(Buffer.from('site:\n  title: Jane\n'))
    saveRecord(store, options, snapshotInputs(options.root), result, (file) => (file === portfolio ? read : undefined))
    expect(recordedResult(store, options, snapshotInputs(options.root))).toEqual(result)
    expect(recordedResult(store, { ...options, base: '/sub/' }, snapshotInputs(options.root))).toBeUndefined()
    writeFileSync(path.join(options.outDir, 'extra.html'), '')
    expect(recordedResult(store, options, snapshotInputs(options.root))).toBeUndefined()
  })
})
