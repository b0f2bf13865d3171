import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkEndpointPath, pathShape } from '../../cli/content/rules/endpoints.ts'

/** code@index+length, the part of a problem the caret is built from. */
function where(path: string): string | undefined {
  const problem = checkEndpointPath(path)
  return problem && `${problem.code}@${problem.index}+${problem.length}`
}

describe('checkEndpointPath accepts well-formed paths', () => {
  it.each([
    '/',
    '/users',
    '/users/{id}',
    '/a/{aId}/b/{bId}',
    '/files/{file_name}.json',
    '/v1/orders/{orderId}/items',
    '/api/health',
  ])('accepts %s', (path) => {
    expect(checkEndpointPath(path)).toBeUndefined()
  })
})

describe('checkEndpointPath: E3 leading slash', () => {
  it('refuses a path without a leading "/" at index 0 and suggests the fixed path', () => {
    const problem = checkEndpointPath('users/{id}')
    expect(where('users/{id}')).toBe('ENDPOINT_PATH@0+1')
    expect(problem?.message).toContain('must start with "/"')
    expect(problem?.hint).toContain('"/users/{id}"')
  })

  it('refuses a full URL in place of a path', () => {
    expect(where('https://api.example.com/users')).toBe('ENDPOINT_PATH@0+1')
  })
})

describe('checkEndpointPath: E4 unbalanced braces', () => {
  it('points at the "{" that is never closed ("/users/{id")', () => {
    expect(where('/users/{id')).toBe('ENDPOINT_TEMPLATE@7+1')
    expect(checkEndpointPath('/users/{id')?.message).toContain('column 8')
  })

  it('points at a "}" that was never opened ("/users/id}")', () => {
    expect(where('/users/id}')).toBe('ENDPOINT_TEMPLATE@9+1')
    expect(checkEndpointPath('/users/id}')?.message).toContain('column 10')
  })

  it('points at the same "{" the message names for "/{{id}"', () => {
    const problem = checkEndpointPath('/{{id}')
    expect(problem?.message).toContain('column 2')
    expect(where('/{{id}')).toBe('ENDPOINT_TEMPLATE@1+1')
  })

  it('points at a "{" left open after a complete parameter', () => {
    expect(where('/a/{id}/{')).toBe('ENDPOINT_TEMPLATE@8+1')
  })
})

describe('checkEndpointPath: E5 and E6 parameter names', () => {
  it('refuses an empty parameter "{}" and spans both braces', () => {
    expect(where('/users/{}')).toBe('ENDPOINT_TEMPLATE@7+2')
  })

  it('refuses a repeated parameter at its second occurrence', () => {
    expect(where('/a/{id}/b/{id}')).toBe('ENDPOINT_TEMPLATE@10+4')
    expect(checkEndpointPath('/a/{id}/b/{id}')?.message).toContain('"id" appears twice')
  })

  it('refuses a parameter name that is not a word', () => {
    expect(where('/users/{user-id}')).toBe('ENDPOINT_TEMPLATE@7+9')
    expect(where('/users/{ id }')).toBe('ENDPOINT_PATH@8+1')
  })
})

describe('checkEndpointPath: E9 query, fragment and whitespace', () => {
  it.each([
    ['/search?q=x', 7, '"?"'],
    ['/a#b', 2, '"#"'],
    ['/a b', 2, 'a space'],
    ['/a\tb', 2, 'a space'],
    ['/a?b#c', 2, '"?"'],
    ['/users/{id}?expand=1', 11, '"?"'],
  ])('refuses %j at index %i', (path, index, what) => {
    expect(where(path)).toBe(`ENDPOINT_PATH@${index}+1`)
    expect(checkEndpointPath(path)?.message).toContain(what)
  })

  it('refuses an empty segment "//" at its index', () => {
    expect(where('/users//{id}')).toBe('ENDPOINT_PATH@6+2')
  })

  it('reports the forbidden character before a brace problem that follows it', () => {
    expect(where('/a b/{id')).toBe('ENDPOINT_PATH@2+1')
  })
})

describe('checkEndpointPath on arbitrary strings', () => {
  it('never throws and always reports a span inside the path', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('/', '{', '}', 'a', '_', '-', '?', '#', ' ', '\t', '1'), minLength: 1 }),
        (path) => {
          const problem = checkEndpointPath(path)
          if (!problem) return
          expect(problem.index).toBeGreaterThanOrEqual(0)
          expect(problem.length).toBeGreaterThanOrEqual(1)
          expect(problem.index + problem.length).toBeLessThanOrEqual(path.length)
        },
      ),
    )
  })

  it('accepts every path built from plain segments and distinct parameters', () => {
    // "." and ".." are dot segments, refused since issue 33; dots inside a segment stay fine.
    const segment = fc.oneof(
      fc.stringMatching(/^[a-z0-9._-]{1,8}$/).filter((s) => s !== '.' && s !== '..'),
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/).map((n) => `{${n}}`),
    )
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const names = segments.filter((s) => s.startsWith('{'))
        fc.pre(new Set(names).size === names.length)
        expect(checkEndpointPath('/' + segments.join('/'))).toBeUndefined()
      }),
    )
  })
})

describe('checkEndpointPath: the path once normalised (issue 33)', () => {
  it.each([
    ['/users/./{id}', 'ENDPOINT_PATH@7+1'],
    ['/users/..', 'ENDPOINT_PATH@7+2'],
    ['/a/%2E%2e/b', 'ENDPOINT_PATH@3+6'],
    ['/a/.%2e', 'ENDPOINT_PATH@3+4'],
    ['/files/a%2fb', 'ENDPOINT_PATH@8+3'],
    ['/files/a%5Cb', 'ENDPOINT_PATH@8+3'],
    ['/files\\a', 'ENDPOINT_PATH@6+1'],
    ['/discount/50%', 'ENDPOINT_PATH@12+1'],
    ['/a/%zz', 'ENDPOINT_PATH@3+1'],
    ['/users/{id}/', 'ENDPOINT_TRAILING_SLASH@11+1'],
  ])('%s -> %s', (path, expected) => {
    expect(where(path)).toBe(expected)
  })

  it('only a trailing slash is a warning', () => {
    expect(checkEndpointPath('/users/')?.severity).toBe('warning')
    expect(checkEndpointPath('/users/..')?.severity).toBeUndefined()
  })

  it.each(['/files/{name}.json', '/v1..v2', '/a/...', '/a/.well-known', '/a/%20b'])('accepts %s', (path) => {
    expect(checkEndpointPath(path)).toBeUndefined()
  })
})

describe('pathShape: OpenAPI path equivalence', () => {
  it('gives templated paths that differ only in parameter names the same shape', () => {
    expect(pathShape('/users/{id}/posts/{postId}')).toBe(pathShape('/users/{userId}/posts/{p}'))
    expect(pathShape('/users/{id}')).not.toBe(pathShape('/users/{id}/'))
    expect(pathShape('/users/{id}')).not.toBe(pathShape('/users/me'))
  })
})

describe('pathShape: RFC 3986 normalisation', () => {
  it('decodes percent-encoded unreserved characters and ignores the case of hex digits', () => {
    expect(pathShape('/%7Eusers/a%2db')).toBe(pathShape('/~users/a-b'))
    expect(pathShape('/a%3ab')).toBe(pathShape('/a%3Ab'))
    expect(pathShape('/a%3Ab')).not.toBe(pathShape('/a:b'))
  })
})
