import { describe, expect, it } from 'vitest'
import type { Located } from '../../cli/diagnostics/diagnostic.ts'
import {
  findNode,
  locateInString,
  locateMappingOwner,
  locatePointer,
  positionAt,
  rawValueText,
} from '../../cli/diagnostics/locate.ts'
import { parseYaml, type ParsedDocument } from '../../cli/content/parse-yaml.ts'

function parse(text: string): ParsedDocument {
  const { parsed, diagnostics } = parseYaml({ path: 'x.yaml', text })
  expect(diagnostics).toEqual([])
  return parsed
}

/** "line:col" or "line:col-line:col" (end exclusive). */
function at(located: Located): string {
  const start = `${located.start.line}:${located.start.column}`
  return located.end ? `${start}-${located.end.line}:${located.end.column}` : start
}

/** The index of `needle` in the parsed string value at `key` (top level). */
function indexIn(parsed: ParsedDocument, key: string, needle: string): number {
  const value = (parsed.data as Record<string, string>)[key] ?? ''
  const index = value.indexOf(needle)
  expect(index, `${needle} in ${JSON.stringify(value)}`).toBeGreaterThanOrEqual(0)
  return index
}

const doc = [
  'title: Hello world',
  'owner:',
  '  name: Jane',
  '  role:',
  'tags: [a, b, c]',
  'empty: ""',
  'nothing: ~',
  'list:',
  '  - one',
  '  - two',
  '',
].join('\n')

describe('locatePointer', () => {
  const parsed = parse(doc)

  it('targets the value by default and the key on request', () => {
    expect(at(locatePointer(parsed, '/title'))).toBe('1:8-1:19')
    expect(at(locatePointer(parsed, '/title', 'key'))).toBe('1:1-1:6')
    expect(at(locatePointer(parsed, '/owner/name'))).toBe('3:9-3:13')
    expect(at(locatePointer(parsed, '/owner/name', 'key'))).toBe('3:3-3:7')
  })

  it('falls back to the key when the value is empty ("role:")', () => {
    expect(at(locatePointer(parsed, '/owner/role'))).toBe('4:3-4:7')
  })

  it('points at the written value when it is "" or ~ (they have a span)', () => {
    expect(at(locatePointer(parsed, '/empty'))).toBe('6:8-6:10')
    expect(at(locatePointer(parsed, '/nothing'))).toBe('7:10-7:11')
  })

  it('locates items of flow and block sequences by index', () => {
    expect(at(locatePointer(parsed, '/tags/2'))).toBe('5:14-5:15')
    expect(at(locatePointer(parsed, '/list/1'))).toBe('10:5-10:8')
  })

  it('falls back to the nearest existing ancestor for a missing key, index or deeper path', () => {
    expect(at(locatePointer(parsed, '/owner/email'))).toBe('3:3-4:8')
    expect(at(locatePointer(parsed, '/owner/email', 'key'))).toBe('2:1-2:6')
    expect(at(locatePointer(parsed, '/tags/9'))).toBe('5:7-5:16')
    expect(at(locatePointer(parsed, '/owner/name/first'))).toBe('3:9-3:13')
    expect(locatePointer(parsed, '/nope').start).toEqual({ line: 1, column: 1 })
  })

  it('reports whether the pointer was found exactly', () => {
    expect(findNode(parsed.contents, ['owner', 'name']).exact).toBe(true)
    expect(findNode(parsed.contents, ['owner', 'email']).exact).toBe(false)
    expect(findNode(parsed.contents, ['tags', 3]).exact).toBe(false)
  })

  it('locates the root at 1:1', () => {
    expect(locatePointer(parsed, '').start).toEqual({ line: 1, column: 1 })
  })

  it('locates keys that need escaping in a pointer ("/" and "~")', () => {
    const p = parse('metrics:\n  "a/b": 1\n  "x~y": 2\n')
    expect(at(locatePointer(p, '/metrics/a~1b', 'key'))).toBe('2:3-2:8')
    expect(at(locatePointer(p, '/metrics/x~0y'))).toBe('3:10-3:11')
  })

  it('targets keys and values inside a flow mapping, and falls back to its key for an empty value', () => {
    const p = parse('m: { a: 1, b: two, c: }\n')
    expect(at(locatePointer(p, '/m/b'))).toBe('1:15-1:18')
    expect(at(locatePointer(p, '/m/b', 'key'))).toBe('1:12-1:13')
    expect(at(locatePointer(p, '/m/c'))).toBe('1:20-1:21')
  })

  it('keeps the file and pointer of the request', () => {
    expect(locatePointer(parsed, '/title')).toMatchObject({ file: 'x.yaml', pointer: '/title' })
  })
})

describe('locateMappingOwner', () => {
  const parsed = parse(doc)

  it('points at the key of the mapping a required field is missing from', () => {
    expect(at(locateMappingOwner(parsed, '/owner'))).toBe('2:1-2:6')
  })

  it('points at 1:1 for a field missing at the top level', () => {
    expect(at(locateMappingOwner(parsed, ''))).toBe('1:1')
  })

  it('points at the start of a sequence item that is a mapping', () => {
    const p = parse('sections:\n  - id: a\n    title: A\n')
    expect(at(locateMappingOwner(p, '/sections/0'))).toBe('2:5')
  })
})

describe('locateInString', () => {
  it('maps an index in a plain scalar to its column', () => {
    const p = parse('path: /users/{id\n')
    expect(at(locateInString(p, '/path', 7))).toBe('1:14-1:15')
  })

  it('maps an index in a single- or double-quoted scalar without escapes past the quote', () => {
    expect(at(locateInString(parse('path: "/users/{id"\n'), '/path', 7))).toBe('1:15-1:16')
    expect(at(locateInString(parse("path: '/users/{id'\n"), '/path', 7))).toBe('1:15-1:16')
  })

  it('maps an index in a literal block scalar through its indentation', () => {
    const p = parse('body: |\n  first line\n  second <b> line\n')
    expect(at(locateInString(p, '/body', indexIn(p, 'body', '<b>'), 3))).toBe('3:10-3:13')
  })

  it('maps through blank lines and deeper nesting of a block scalar', () => {
    const p = parse('sections:\n  - body: |\n      one\n\n      two <b>\n')
    const body = (p.data as { sections: { body: string }[] }).sections[0]?.body ?? ''
    expect(at(locateInString(p, '/sections/0/body', body.indexOf('<b>')))).toBe('5:11-5:12')
  })

  it('maps an index in a block scalar that starts with a blank line', () => {
    const p = parse('body: |\n\n  after blank <b>\n')
    expect(at(locateInString(p, '/body', indexIn(p, 'body', '<b>')))).toBe('3:15-3:16')
  })

  it('maps an index in a "|-" block scalar (strip chomping)', () => {
    const p = parse('body: |-\n  one\n  two <b>')
    expect(at(locateInString(p, '/body', indexIn(p, 'body', '<b>')))).toBe('3:7-3:8')
  })

  it('maps an index in a block scalar with CRLF line endings', () => {
    const p = parse('title: x\r\nbody: |\r\n  one\r\n  two <b>\r\n')
    expect(at(locateInString(p, '/body', indexIn(p, 'body', '<b>'), 3))).toBe('4:7-4:10')
    expect(at(locatePointer(p, '/title'))).toBe('1:8-1:9')
  })

  it('keeps the span on one line only (no end when it would cross a line)', () => {
    const p = parse('body: |\n  ab\n  cd\n')
    expect(at(locateInString(p, '/body', 1, 4))).toBe('2:4')
  })

  it('falls back to the whole value when the pointer is not a string', () => {
    const p = parse('n: 42\n')
    expect(at(locateInString(p, '/n', 1))).toBe('1:4-1:6')
  })

  it('falls back to the whole value for escapes it cannot map exactly', () => {
    const p = parse('body: "a \\"q\\" <b>"\n')
    expect(at(locateInString(p, '/body', indexIn(p, 'body', '<b>')))).toBe('1:7-1:20')
  })

  // Known validator bug: the indentation is guessed from the first content line, ignoring an
  // explicit indentation indicator, so the column is off by the extra spaces (reports 2:12).
  it('maps an index in a block scalar with an explicit indentation indicator ("|2")', () => {
    const p = parse('body: |2\n    code <b>\nnext: 1\n')
    expect(indexIn(p, 'body', '<b>')).toBe(7)
    expect(at(locateInString(p, '/body', 7))).toBe('2:10-2:11')
  })

  // Known gap: folded scalars (">") are not mapped; a raw-HTML error in a folded markdown body
  // points at the ">" instead of the tag (reports 1:7-4:1).
  it.fails('maps an index in a folded block scalar (">") (known validator gap)', () => {
    const p = parse('body: >\n  one two\n  three <b>\n')
    expect(at(locateInString(p, '/body', indexIn(p, 'body', '<b>')))).toBe('3:9-3:10')
  })
})

describe('positionAt and rawValueText', () => {
  const parsed = parse(doc)

  it('converts offsets to 1-based line and column, clamping to the text', () => {
    expect(positionAt(parsed, 0)).toEqual({ line: 1, column: 1 })
    expect(positionAt(parsed, doc.indexOf('owner'))).toEqual({ line: 2, column: 1 })
    expect(positionAt(parsed, -5)).toEqual({ line: 1, column: 1 })
    expect(positionAt(parsed, 10_000)).toEqual(positionAt(parsed, doc.length))
  })

  it('counts a CRLF as the end of the line, not as a column of the next', () => {
    const p = parse('a: 1\r\nb: 2\r\n')
    expect(positionAt(p, 'a: 1\r\n'.length)).toEqual({ line: 2, column: 1 })
  })

  it('returns the source text of a value, or undefined when it is empty or missing', () => {
    expect(rawValueText(parsed, '/nothing')).toBe('~')
    expect(rawValueText(parsed, '/empty')).toBe('""')
    expect(rawValueText(parsed, '/owner/role')).toBeUndefined()
    expect(rawValueText(parsed, '/owner/email')).toBeUndefined()
  })
})
