import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodePointer, displayPath, encodePointer, isRecord, valueAt } from '../../cli/diagnostics/json-pointer.ts'

describe('decodePointer (RFC 6901)', () => {
  it('decodes the empty pointer as the root, with no segments', () => {
    expect(decodePointer('')).toEqual([])
  })

  it('decodes "/" as one empty-string key, not as the root', () => {
    expect(decodePointer('/')).toEqual([''])
    expect(decodePointer('//')).toEqual(['', ''])
  })

  it('decodes ~1 to "/" and ~0 to "~"', () => {
    expect(decodePointer('/a~1b/c~0d')).toEqual(['a/b', 'c~d'])
  })

  it('decodes ~1 before ~0, so "~01" is the key "~1" and not "/"', () => {
    expect(decodePointer('/~01')).toEqual(['~1'])
    expect(decodePointer('/~10')).toEqual(['/0'])
    expect(decodePointer('/~0~1')).toEqual(['~/'])
  })

  it('turns canonical array indices into numbers', () => {
    expect(decodePointer('/sections/0/endpoints/12/method')).toEqual(['sections', 0, 'endpoints', 12, 'method'])
  })

  it('keeps non-canonical numbers as strings (leading zero, sign, exponent, "-")', () => {
    expect(decodePointer('/a/01/-1/1e3/-/1.5')).toEqual(['a', '01', '-1', '1e3', '-', '1.5'])
  })

  it('keeps keys with spaces, unicode and reserved names unchanged', () => {
    expect(decodePointer('/metrics/Response time/__proto__/café')).toEqual([
      'metrics',
      'Response time',
      '__proto__',
      'café',
    ])
  })
})

describe('encodePointer', () => {
  it('encodes the root as the empty pointer', () => {
    expect(encodePointer([])).toBe('')
  })

  it('escapes "~" before "/", so a key "~1" does not become "/"', () => {
    expect(encodePointer(['a/b', 'c~d'])).toBe('/a~1b/c~0d')
    expect(encodePointer(['~1'])).toBe('/~01')
    expect(encodePointer(['/'])).toBe('/~1')
  })

  it('writes numbers as plain segments', () => {
    expect(encodePointer(['sections', 3, 'endpoints', 0])).toBe('/sections/3/endpoints/0')
  })

  it('round-trips any list of keys that are not canonical array indices', () => {
    const key = fc
      .string({ unit: fc.constantFrom('a', 'b', '/', '~', '0', '1', ' ', 'é', '-') })
      .filter((s) => !/^(0|[1-9][0-9]*)$/.test(s))
    fc.assert(
      fc.property(fc.array(fc.oneof(key, fc.nat({ max: 1000 }))), (segments) => {
        expect(decodePointer(encodePointer(segments))).toEqual(segments)
      }),
    )
  })
})

describe('displayPath', () => {
  it('names the top level', () => {
    expect(displayPath([])).toBe('(top level)')
  })

  it('joins identifiers with dots and indices with brackets', () => {
    expect(displayPath(['sections', 3, 'endpoints', 2, 'method'])).toBe('sections[3].endpoints[2].method')
  })

  it('quotes keys that are not identifiers', () => {
    expect(displayPath(['metrics', 'Response time'])).toBe('metrics["Response time"]')
    expect(displayPath(['a/b', 'x~y'])).toBe('["a/b"]["x~y"]')
    expect(displayPath(['metrics', 'say "hi"'])).toBe('metrics["say \\"hi\\""]')
  })

  it('starts with an index when the path does', () => {
    expect(displayPath([0, 'id'])).toBe('[0].id')
  })
})

describe('valueAt', () => {
  const data = {
    sections: [{ id: 'overview', body: 'x' }],
    metrics: { 'Response time': '<200ms', 'a/b': 1, '~': 2, '0': 'zero' },
  }

  it('returns the whole value for the root', () => {
    expect(valueAt(data, [])).toBe(data)
  })

  it('follows keys and indices', () => {
    expect(valueAt(data, decodePointer('/sections/0/id'))).toBe('overview')
    expect(valueAt(data, decodePointer('/metrics/Response time'))).toBe('<200ms')
  })

  it('finds keys containing "/" and "~" through their escaped pointer', () => {
    expect(valueAt(data, decodePointer(encodePointer(['metrics', 'a/b'])))).toBe(1)
    expect(valueAt(data, decodePointer('/metrics/~0'))).toBe(2)
  })

  it('finds a mapping key that looks like an index', () => {
    expect(valueAt(data, decodePointer('/metrics/0'))).toBe('zero')
  })

  it('returns undefined for paths that do not exist, including out-of-range indices', () => {
    expect(valueAt(data, ['sections', 5])).toBeUndefined()
    expect(valueAt(data, ['sections', 'id'])).toBeUndefined()
    expect(valueAt(data, ['sections', 0, 'id', 'deeper'])).toBeUndefined()
  })

  it('never reads inherited properties such as __proto__ or constructor', () => {
    expect(valueAt({}, ['__proto__'])).toBeUndefined()
    expect(valueAt({}, ['constructor'])).toBeUndefined()
    expect(valueAt([], ['length'])).toBeUndefined()
  })
})

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord([])).toBe(false)
    expect(isRecord(null)).toBe(false)
    expect(isRecord('x')).toBe(false)
  })
})
