import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { diagramsLikelyDrawn, filesLikelyChecked, rootArgument } from '../../cli/build/early-workers.ts'
import { EntryPack, packFile } from '../../cli/cache/entry-pack.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('early-workers-')

/** A content root whose project files have these texts, and an empty compile cache folder. */
function contentRoot(projects: Record<string, string>): { root: string; compiled: string } {
  const root = tempDir()
  mkdirSync(path.join(root, 'projects'))
  for (const [name, text] of Object.entries(projects)) writeFileSync(path.join(root, 'projects', name), text)
  return { root, compiled: tempDir() }
}

const DIAGRAM = 'sections:\n  - kind: diagrams\n    diagrams:\n      - title: Flow\n        mermaid: |\n          flowchart LR\n            A --> B\n'

describe('starting the diagram worker before the build command is parsed', () => {
  it('guesses diagrams will be drawn for a first build of content with a Mermaid diagram', () => {
    const { root, compiled } = contentRoot({ 'alpha.yaml': 'id: alpha\n', 'beta.yaml': `id: beta\n${DIAGRAM}` })
    expect(diagramsLikelyDrawn(root, compiled)).toBe(true)
  })

  it('does not for content without diagrams, nor without a projects folder', () => {
    const { root, compiled } = contentRoot({ 'alpha.yaml': 'id: alpha\n', 'notes.txt': 'mermaid' })
    expect(diagramsLikelyDrawn(root, compiled)).toBe(false)
    expect(diagramsLikelyDrawn(tempDir(), compiled)).toBe(false)
  })

  it('does not once a build kept this root’s compiled files (a rebuild finds its diagrams in the cache)', () => {
    const { root, compiled } = contentRoot({ 'beta.yaml': `id: beta\n${DIAGRAM}` })
    const other = contentRoot({}).root
    writeFileSync(packFile(compiled, other), '')
    expect(diagramsLikelyDrawn(root, compiled)).toBe(true)
    writeFileSync(packFile(compiled, root), '')
    expect(diagramsLikelyDrawn(root, compiled)).toBe(false)
    // The very file a build's pack is kept in.
    expect(EntryPack.open(compiled, root).file).toBe(packFile(compiled, root))
  })

  it('reads --root as the CLI takes it, in either spelling; the current folder otherwise', () => {
    expect(rootArgument(['--root', '../site', '--base', '/x/'])).toBe('../site')
    expect(rootArgument(['--base=/x/', '--root=content'])).toBe('content')
    expect(rootArgument(['--format', 'json'])).toBe('.')
    expect(rootArgument(['--root'])).toBe('.')
  })
})

describe('starting the content workers before the build command is parsed', () => {
  it('counts the project files a first build of the root will check', () => {
    const { root, compiled: checked } = contentRoot({ 'a.yaml': 'id: a\n', 'b.yml': 'id: b\n', 'notes.txt': '' })
    expect(filesLikelyChecked(root, checked)).toBe(2)
    expect(filesLikelyChecked(tempDir(), checked)).toBe(0)
  })

  it('counts none once a build kept this root’s checked files (a rebuild checks only what changed)', () => {
    const { root, compiled: checked } = contentRoot({ 'a.yaml': 'id: a\n' })
    writeFileSync(packFile(checked, contentRoot({}).root), '')
    expect(filesLikelyChecked(root, checked)).toBe(1)
    writeFileSync(packFile(checked, root), '')
    expect(filesLikelyChecked(root, checked)).toBe(0)
  })
})
