import { spawnSync } from 'node:child_process'
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import vm from 'node:vm'
import { renderMermaidSVG } from 'beautiful-mermaid'
import sanitizeHtml from 'sanitize-html'
import { describe, expect, it } from 'vitest'
import { writeSealedFile } from '../../cli/cache/cache-entries.ts'
import { loadBundledMermaid } from '../../cli/compile/mermaid-runtime.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('mermaid-runtime-')

/** A drawing with a script in it, and a policy that keeps the drawing: what a diagram's sanitising does. */
const UNSAFE_SVG = '<svg viewBox="0 0 4 4"><script>alert(1)</script><rect x="1" onclick="alert(2)"/></svg>'
const SVG_POLICY = { allowedTags: ['svg', 'rect'], allowedAttributes: { '*': ['viewBox', 'x'] }, parser: { lowerCaseTags: false, lowerCaseAttributeNames: false } }

const DIAGRAMS = [
  'flowchart LR\n  Client --> API\n  API --> DB[(Postgres)]\n  API -.-> Cache',
  'sequenceDiagram\n  Browser->>API: POST /login\n  API-->>Browser: 200 token',
  'stateDiagram-v2\n  [*] --> Pending\n  Pending --> Paid\n  Paid --> [*]',
]

/**
 * Loads the renderer from `directory` in a fresh process (V8 consults a code cache only for a script
 * its isolate has not compiled yet), draws the diagrams, saves the code cache, and reports.
 */
function loadInFreshProcess(directory: string): { codeCache: string; svgs: string[]; sanitized: string } {
  const runtime = pathToFileURL(path.resolve(import.meta.dirname, '../../cli/compile/mermaid-runtime.ts')).href
  const script = `const { loadBundledMermaid } = await import(${JSON.stringify(runtime)})
const loaded = await loadBundledMermaid(${JSON.stringify(directory)})
const svgs = ${JSON.stringify(DIAGRAMS)}.map((source) => loaded.render(source))
const sanitized = loaded.sanitizeHtml(${JSON.stringify(UNSAFE_SVG)}, ${JSON.stringify(SVG_POLICY)})
loaded.saveCodeCache()
console.log(JSON.stringify({ codeCache: loaded.codeCache, svgs, sanitized }))`
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout) as { codeCache: string; svgs: string[]; sanitized: string }
}

const fileEnding = (directory: string, ending: string) => path.join(directory, readdirSync(directory).find((f) => f.endsWith(ending))!)

describe('the bundled diagram renderer (loaded with V8 code cache)', () => {
  const expected = DIAGRAMS.map((source) => renderMermaidSVG(source))
  const sanitized = sanitizeHtml(UNSAFE_SVG, SVG_POLICY)

  it('draws and sanitises exactly what the packages do, and the next process loads it with the code cache', () => {
    const directory = tempDir()
    expect(sanitized).toBe('<svg viewBox="0 0 4 4"><rect x="1"></rect></svg>')
    expect(loadInFreshProcess(directory)).toEqual({ codeCache: 'missing', svgs: expected, sanitized })
    expect(loadInFreshProcess(directory)).toEqual({ codeCache: 'used', svgs: expected, sanitized })
  }, 60_000)

  it('never hands V8 a damaged code cache (it can crash on one), and writes it again', () => {
    const directory = tempDir()
    loadInFreshProcess(directory)
    const cache = fileEnding(directory, '.v8-cache')
    const bytes = readFileSync(cache)
    bytes.fill(7, 200, 4096)
    writeFileSync(cache, bytes)
    expect(loadInFreshProcess(directory)).toEqual({ codeCache: 'damaged', svgs: expected, sanitized })
    expect(loadInFreshProcess(directory).codeCache).toBe('used')
  }, 60_000)

  it('a whole code cache V8 refuses (made for other code) is replaced', () => {
    const directory = tempDir()
    loadInFreshProcess(directory)
    const foreign = new vm.Script('globalThis.answer = 42').createCachedData()
    writeSealedFile(fileEnding(directory, '.v8-cache'), foreign)
    expect(loadInFreshProcess(directory)).toEqual({ codeCache: 'refused', svgs: expected, sanitized })
    expect(loadInFreshProcess(directory).codeCache).toBe('used')
  }, 60_000)

  it('never runs an edited bundle: it is bundled again from the package', async () => {
    const directory = tempDir()
    await loadBundledMermaid(directory)
    const bundle = fileEnding(directory, '.cjs')
    appendFileSync(bundle, '\nmodule.exports.renderMermaidSVG = () => "<svg>edited</svg>"\n')
    const loaded = await loadBundledMermaid(directory)
    expect(loaded!.render(DIAGRAMS[1]!)).toBe(expected[1])
    expect(readFileSync(bundle, 'utf8')).not.toContain('edited')
  }, 60_000)
})
