import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../cli/diagnostics/diagnostic.ts'
import { MAX_DEPTH, parseYaml } from '../../cli/content/parse-yaml.ts'
import { readPlainYaml } from '../../cli/content/read-plain-yaml.ts'
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/fixtures.ts'

/**
 * The fast reading (js-yaml's events) may take a file only when the full reading (yaml's document
 * and the rules of parse-yaml.ts) would find nothing wrong with it and read the same data. Checked
 * on every YAML file of the fixtures and the shipped content, their CRLF versions, and thousands of
 * small random mutations of them (PLAIN_YAML_MUTATIONS=200000 PLAIN_YAML_SEED=n for a long run).
 */

function yamlFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

const corpus = [...yamlFiles(FIXTURES_DIR), path.join(REPO_ROOT, 'portfolio.yaml'), ...yamlFiles(path.join(REPO_ROOT, 'projects')), ...yamlFiles(path.join(REPO_ROOT, 'templates'))].map((file) => readFileSync(file, 'utf8'))

const full = (text: string) => parseYaml({ path: 'x.yaml', text }, { plain: false })

/** Where parseYaml with the fast reading differs from parseYaml without it, for `text`. */
function disagreement(text: string): string | undefined {
  const fast = parseYaml({ path: 'x.yaml', text })
  const { parsed, diagnostics } = full(text)
  const codes = (list: readonly Diagnostic[]) => list.map((d) => `${d.code}@${d.line}:${d.column}`).join(', ')
  if (codes(fast.diagnostics) !== codes(diagnostics)) return `diagnostics differ: [${codes(fast.diagnostics)}] vs [${codes(diagnostics)}]`
  return isDeepStrictEqual(parsed.data, fast.parsed.data) ? undefined : 'the readings give different data'
}

// A small deterministic generator, so a failure names a seed that reproduces it.
function random(seed: number): (below: number) => number {
  let state = seed
  return (below) => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff
    return state % below
  }
}

const INSERTS = [
  ':', ' ', '\t', '\n', '\r', '\r\n', '- ', '"', "'", '[', ']', '{', '}', '#', '|', '>', '&a ', '*a', '!', '!!str ', '? ', ',', '%', '@', '`', '\\', '  ', ': ', '\n  ',
  '---\n', '...', '0x', '1e3', '.inf', '~', 'null', 'true', 'yes', '0o7', '__proto__: 1\n', '"\\x01"', '"\\t"', '|-\n', '>+\n', '\u00a0', '\ufeff', '<<: ', '? a\n: b\n',
  '- - ', '[a, b]', '{a: 1}', '"multi\n line"', "'it''s'", '|2\n', ' #c', '\t#', 'k:v', '- : ', '1_000', '0b11', '+1', '-.5', '0x1F', '.NaN', 'Null', 'TRUE', '2024-01-01',
]

function mutate(text: string, next: (below: number) => number): string {
  const kind = next(6)
  const at = next(text.length + 1)
  if (kind <= 2) return text.slice(0, at) + INSERTS[next(INSERTS.length)] + text.slice(at)
  if (kind === 3) return text.slice(0, at) + text.slice(at + 1 + next(3))
  const lines = text.split('\n')
  const line = next(lines.length)
  if (kind === 4) lines.splice(line, 0, lines[next(lines.length)] ?? '')
  else lines[line] = next(2) ? ` ${lines[line]}` : (lines[line] ?? '').replace(/^ /, '')
  return lines.join('\n')
}

describe('readPlainYaml', () => {
  it('reads the shipped content and most valid fixtures fast, with the same data', () => {
    const valid = corpus.filter((text) => full(text).diagnostics.length === 0)
    const read = valid.filter((text) => readPlainYaml(text, MAX_DEPTH))
    expect(valid.length).toBeGreaterThan(100)
    expect(read.length / valid.length).toBeGreaterThan(0.9)
    for (const text of corpus) expect(disagreement(text)).toBeUndefined()
    for (const text of corpus) expect(disagreement(text.replace(/\n/g, '\r\n'))).toBeUndefined()
  })

  it('leaves every file the full reading has something to say about to it', () => {
    const cases = {
      tag: 'a: !!str 1\n',
      anchorAndAlias: 'a: &x 1\nb: *x\n',
      duplicateKey: 'a: 1\na: 2\n',
      emptyKey: 'a:\n  : - b\n',
      complexKey: '? [a]\n: b\n',
      twoDocuments: 'a: 1\n---\nb: 2\n',
      controlEscape: 'a: "\\u0007"\n',
      loneCarriageReturn: 'a:\n  b: 1\n \r  c: 2\n',
      longKey: `${'k'.repeat(1100)}: 1\n`,
      nullKey: '~: 1\n',
      numberKey: '1: a\n',
      byteOrderMark: '\ufeffa: 1\n',
      tabIndent: 'a:\n\t- 1\n',
      notAMapping: '- a\n- b\n',
      empty: '# nothing\n',
    }
    for (const [name, text] of Object.entries(cases)) expect(readPlainYaml(text, MAX_DEPTH), name).toBeUndefined()
  })

  const count = Number(process.env.PLAIN_YAML_MUTATIONS ?? 3000)
  it('agrees with the full reading on thousands of mutated files', { timeout: 30_000 + count * 5 }, () => {
    const next = random(Number(process.env.PLAIN_YAML_SEED ?? 20261122))
    const found: string[] = []
    for (let i = 0; i < count && found.length < 5; i += 1) {
      let text = corpus[next(corpus.length)] ?? ''
      for (let m = 1 + next(3); m > 0; m -= 1) text = mutate(text, next)
      const problem = disagreement(text)
      if (problem) found.push(`${problem}:\n${text}`)
    }
    expect(found).toEqual([])
  })
})
