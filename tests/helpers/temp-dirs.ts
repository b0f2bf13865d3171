import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'

/** A maker of fresh temporary folders (named `<prefix>…`), each removed after the test that made it. */
export function tempDirsPerTest(prefix: string): () => string {
  const made: string[] = []
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix))
    made.push(dir)
    return dir
  }
}
