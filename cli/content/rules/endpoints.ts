import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer } from '../../diagnostics/json-pointer.ts'
import { locateInString, locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { recordsAt, sectionsOf } from './unchecked-data.ts'

export interface PathProblem {
  code: 'ENDPOINT_PATH' | 'ENDPOINT_TEMPLATE' | 'ENDPOINT_TRAILING_SLASH'
  /** Only a trailing slash is a warning: some real APIs do route "/users/" apart from "/users". */
  severity?: 'warning'
  /** 0-based index into the path where the problem is. */
  index: number
  length: number
  message: string
  hint?: string
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** A small tokenizer, not a regex: it reports the first problem with its column inside the path. */
export function checkEndpointPath(path: string): PathProblem | undefined {
  return checkPathCharacters(path) ?? checkTemplate(path) ?? checkNormalisedPath(path)
}

/** A leading "/", no query, fragment or space, no empty segment. */
function checkPathCharacters(path: string): PathProblem | undefined {
  if (!path.startsWith('/')) {
    return {
      code: 'ENDPOINT_PATH',
      index: 0,
      length: 1,
      message: `path ${JSON.stringify(path)} must start with "/"`,
      hint: `Write "/${path.replace(/^\/*/, '')}".`,
    }
  }
  const forbidden = /[?#\s]/.exec(path)
  if (forbidden) {
    const what = forbidden[0] === '?' ? '"?"' : forbidden[0] === '#' ? '"#"' : 'a space'
    return {
      code: 'ENDPOINT_PATH',
      index: forbidden.index,
      length: 1,
      message: `path ${JSON.stringify(path)} contains ${what}`,
      hint: 'Paths must not contain "?", "#" or spaces; describe query parameters in the summary.',
    }
  }
  const doubled = path.indexOf('//')
  if (doubled >= 0)
    return {
      code: 'ENDPOINT_PATH',
      index: doubled,
      length: 2,
      message: `path ${JSON.stringify(path)} contains "//"`,
      hint: 'Remove the empty path segment.',
    }
  return undefined
}

/** Balanced braces around parameters ("/users/{id}"), each with a name of its own. */
function checkTemplate(path: string): PathProblem | undefined {
  const seen = new Set<string>()
  let open = -1
  for (let i = 0; i < path.length; i++) {
    const c = path[i]
    if (c === '{') {
      if (open >= 0)
        return {
          code: 'ENDPOINT_TEMPLATE',
          index: open,
          length: 1,
          message: `unbalanced "{" at column ${open + 1} of the path`,
          hint: 'Close each parameter with "}" before opening another: /users/{id}.',
        }
      open = i
    } else if (c === '}') {
      if (open < 0)
        return {
          code: 'ENDPOINT_TEMPLATE',
          index: i,
          length: 1,
          message: `unbalanced "}" at column ${i + 1} of the path`,
          hint: 'Open the parameter with "{": /users/{id}.',
        }
      const problem = checkParameter(path.slice(open + 1, i), open, seen)
      if (problem) return problem
      open = -1
    }
  }
  if (open >= 0)
    return {
      code: 'ENDPOINT_TEMPLATE',
      index: open,
      length: 1,
      message: `unbalanced "{" at column ${open + 1} of the path`,
      hint: 'Close the parameter with "}": /users/{id}.',
    }
  return undefined
}

/** One parameter's name (between the "{" at `open` and its "}"): a word, not one of `seen`, which it joins. */
function checkParameter(name: string, open: number, seen: Set<string>): PathProblem | undefined {
  if (name === '')
    return {
      code: 'ENDPOINT_TEMPLATE',
      index: open,
      length: 2,
      message: 'empty parameter name "{}"',
      hint: 'Name the parameter: /users/{id}.',
    }
  if (!PARAM_NAME.test(name))
    return {
      code: 'ENDPOINT_TEMPLATE',
      index: open,
      length: name.length + 2,
      message: `parameter name "${name}" must be a word (letters, digits, _)`,
    }
  if (seen.has(name))
    return {
      code: 'ENDPOINT_TEMPLATE',
      index: open,
      length: name.length + 2,
      message: `parameter "${name}" appears twice`,
      hint: 'Give each parameter its own name: /a/{aId}/b/{bId}.',
    }
  seen.add(name)
  return undefined
}

/** "." and ".." segments, also percent-encoded: a server or proxy resolves them, so the path shown is not the path served. */
const DOT_SEGMENT = /(?<=\/)(?:\.|%2e){1,2}(?=\/|$)/i
/** Percent-encoded "/" or "\\", or a raw "\\": separators that some servers decode and others do not. */
const ENCODED_SEPARATOR = /%2f|%5c|\\/i
const BAD_PERCENT = /%(?![0-9a-f]{2})/i

/** What a path must not contain once a server normalises it (RFC 3986 section 6, as OpenAPI path matching assumes). */
function checkNormalisedPath(path: string): PathProblem | undefined {
  const dots = DOT_SEGMENT.exec(path)
  if (dots) {
    return {
      code: 'ENDPOINT_PATH',
      index: dots.index,
      length: dots[0].length,
      message: `path ${JSON.stringify(path)} contains the dot segment "${dots[0]}"`,
      hint: 'Write the path as the server resolves it, without "." or ".." segments.',
    }
  }
  const separator = ENCODED_SEPARATOR.exec(path)
  if (separator) {
    return {
      code: 'ENDPOINT_PATH',
      index: separator.index,
      length: separator[0].length,
      message: `path ${JSON.stringify(path)} contains ${JSON.stringify(separator[0])}, which some servers read as a path separator and others do not`,
      hint: 'Split the path into segments with "/"; servers disagree on whether an encoded "/" or a "\\" separates segments.',
    }
  }
  const percent = BAD_PERCENT.exec(path)
  if (percent)
    return {
      code: 'ENDPOINT_PATH',
      index: percent.index,
      length: 1,
      message: `path ${JSON.stringify(path)} has a "%" that does not start a percent-encoded byte`,
      hint: 'Write "%" as "%25", or remove it.',
    }
  if (path.length > 1 && path.endsWith('/')) {
    return {
      code: 'ENDPOINT_TRAILING_SLASH',
      severity: 'warning',
      index: path.length - 1,
      length: 1,
      message: `path ${JSON.stringify(path)} ends with "/"`,
      hint: `Write "${path.replace(/\/+$/, '')}" unless the API really serves both apart.`,
    }
  }
  return undefined
}

/**
 * The path two endpoints are compared by. OpenAPI 3.1 (Paths Object): templated paths with the same
 * hierarchy but different parameter names are identical. RFC 3986 section 6.2.2: percent-encoded
 * unreserved characters and the case of hex digits do not make a path different either.
 */
export function pathShape(path: string): string {
  return path.replace(/\{[^{}/]*\}/g, '{}').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`
  })
}

/** Path syntax of every endpoint, and no two endpoints of one project with the same method and path. */
export function checkEndpoints(parsed: ParsedDocument, project: unknown): Diagnostic[] {
  const out: Diagnostic[] = []
  const seen = new Map<string, { pointer: string; path: string }>()
  for (const [section, s] of sectionsOf(project)) {
    if (section.kind !== 'endpoints') continue
    recordsAt(section, ['endpoints']).forEach(([endpoint, e]) => {
      if (typeof endpoint.path !== 'string') return
      const pointer = encodePointer(['sections', s, 'endpoints', e, 'path'])
      const problem = checkEndpointPath(endpoint.path)
      if (problem) {
        const message =
          problem.code === 'ENDPOINT_TEMPLATE'
            ? `sections[${s}].endpoints[${e}].path ${JSON.stringify(endpoint.path)}: ${problem.message}`
            : `sections[${s}].endpoints[${e}].${problem.message}`
        out.push(
          createDiagnostic(
            problem.code,
            locateInString(parsed, pointer, problem.index, problem.length),
            message,
            problem.hint,
            problem.severity,
          ),
        )
        if (!problem.severity) return
      }
      if (typeof endpoint.method !== 'string') return
      const key = `${endpoint.method} ${pathShape(endpoint.path)}`
      const first = seen.get(key)
      if (first !== undefined) {
        const here = locatePointer(parsed, encodePointer(['sections', s, 'endpoints', e]))
        const there = locatePointer(parsed, first.pointer)
        const same = first.path === endpoint.path
        const listed = `${endpoint.method} ${endpoint.path}`
        const why = same
          ? ''
          : ` (${JSON.stringify(first.path)} and ${JSON.stringify(endpoint.path)} are the same path: they differ only in parameter names or percent-encoding)`
        const hint = same
          ? undefined
          : 'Remove one of them, or make the paths differ by more than parameter names or encoding.'
        out.push(
          createDiagnostic(
            'ENDPOINT_DUPLICATE',
            here,
            `${listed} is listed twice: also at line ${there.start.line}${why}`,
            hint,
          ),
        )
        out.push(
          createDiagnostic(
            'ENDPOINT_DUPLICATE',
            there,
            `${endpoint.method} ${first.path} is listed twice: also at line ${here.start.line}${why}`,
            hint,
          ),
        )
      } else seen.set(key, { pointer: encodePointer(['sections', s, 'endpoints', e]), path: endpoint.path })
    })
  }
  return out
}
