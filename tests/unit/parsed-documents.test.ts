import { describe, expect, it } from 'vitest'
import { ParsedDocuments } from '../../cli/content/parsed-documents.ts'
import { parseYaml } from '../../cli/content/parse-yaml.ts'

const source = (path: string) => ({ path, text: `id: ${path}\n` })

describe('ParsedDocuments', () => {
  it('parses a lazily added file only when it is asked for, once', () => {
    const docs = new ParsedDocuments()
    let parses = 0
    docs.setLazy('b.yaml', () => {
      parses++
      return parseYaml(source('b.yaml')).parsed
    })
    expect(docs.has('b.yaml')).toBe(true)
    expect(docs.size).toBe(1)
    expect(parses).toBe(0)
    expect(docs.get('b.yaml')?.data).toEqual({ id: 'b.yaml' })
    expect(docs.get('b.yaml')).toBe(docs.get('b.yaml'))
    expect(parses).toBe(1)
    expect(docs.get('missing.yaml')).toBeUndefined()
  })

  it('iterates every file, parsed on the way, in the order they were added', () => {
    const docs = new ParsedDocuments()
    docs.set('a.yaml', parseYaml(source('a.yaml')).parsed)
    for (const file of ['b.yaml', 'c.yaml', 'd.yaml']) docs.setLazy(file, () => parseYaml(source(file)).parsed)
    docs.get('d.yaml') // parsed out of order
    expect([...docs.keys()]).toEqual(['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'])
    expect([...docs.values()].map((d) => d.data)).toEqual(['a', 'b', 'c', 'd'].map((x) => ({ id: `${x}.yaml` })))
    const seen: string[] = []
    docs.forEach((_, file) => seen.push(file))
    expect(seen).toEqual(['a.yaml', 'b.yaml', 'c.yaml', 'd.yaml'])
  })

  it('deletes and clears lazy and parsed files alike', () => {
    const docs = new ParsedDocuments()
    docs.set('a.yaml', parseYaml(source('a.yaml')).parsed)
    docs.setLazy('b.yaml', () => parseYaml(source('b.yaml')).parsed)
    expect(docs.delete('b.yaml')).toBe(true)
    expect(docs.has('b.yaml')).toBe(false)
    expect([...docs.keys()]).toEqual(['a.yaml'])
    docs.clear()
    expect(docs.size).toBe(0)
  })
})
