import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { encodePointer, isRecord } from '../../diagnostics/json-pointer.ts'
import { locateInString, locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'

export interface PathProblem {
  code: 'ENDPOINT_PATH' | 'ENDPOINT_TEMPLATE'
  /** 0-based index into the path where the problem is. */
  index: number
  length: number
  message: string
  hint?: string
}

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** A small tokenizer, not a regex: it reports the first problem with its column inside the path. */
export function checkEndpointPath(path: string): PathProblem | undefined {
  if (!path.startsWith('/')) {
    return { code: 'ENDPOINT_PATH', index: 0, length: 1, message: `path ${JSON.stringify(path)} must start with "/"`, hint: `Write "/${path.replace(/^\/*/, '')}".` }
  }
  const forbidden = /[?#\s]/.exec(path)
  if (forbidden) {
    const what = forbidden[0] === '?' ? '"?"' : forbidden[0] === '#' ? '"#"' : 'a space'
    return { code: 'ENDPOINT_PATH', index: forbidden.index, length: 1, message: `path ${JSON.stringify(path)} contains ${what}`, hint: 'Paths must not contain "?", "#" or spaces; describe query parameters in the summary.' }
  }
  const doubled = path.indexOf('//')
  if (doubled >= 0) return { code: 'ENDPOINT_PATH', index: doubled, length: 2, message: `path ${JSON.stringify(path)} contains "//"`, hint: 'Remove the empty path segment.' }
  const seen = new Set<string>()
  let open = -1
  for (let i = 0; i < path.length; i++) {
    const c = path[i]
    if (c === '{') {
      if (open >= 0) return { code: 'ENDPOINT_TEMPLATE', index: open, length: 1, message: `unbalanced "{" at column ${open + 1} of the path`, hint: 'Close each parameter with "}" before opening another: /users/{id}.' }
      open = i
    } else if (c === '}') {
      if (open < 0) return { code: 'ENDPOINT_TEMPLATE', index: i, length: 1, message: `unbalanced "}" at column ${i + 1} of the path`, hint: 'Open the parameter with "{": /users/{id}.' }
      const name = path.slice(open + 1, i)
      if (name === '') return { code: 'ENDPOINT_TEMPLATE', index: open, length: 2, message: 'empty parameter name "{}"', hint: 'Name the parameter: /users/{id}.' }
      if (!PARAM_NAME.test(name)) return { code: 'ENDPOINT_TEMPLATE', index: open, length: name.length + 2, message: `parameter name "${name}" must be a word (letters, digits, _)` }
      if (seen.has(name)) return { code: 'ENDPOINT_TEMPLATE', index: open, length: name.length + 2, message: `parameter "${name}" appears twice`, hint: 'Give each parameter its own name: /a/{aId}/b/{bId}.' }
      seen.add(name)
      open = -1
    }
  }
  if (open >= 0) return { code: 'ENDPOINT_TEMPLATE', index: open, length: 1, message: `unbalanced "{" at column ${open + 1} of the path`, hint: 'Close the parameter with "}": /users/{id}.' }
  return undefined
}

/** Path syntax of every endpoint, and no two endpoints of one project with the same method and path. */
export function checkEndpoints(parsed: ParsedDocument, project: { sections?: unknown }): Diagnostic[] {
  const out: Diagnostic[] = []
  const seen = new Map<string, string>()
  const sections = Array.isArray(project.sections) ? project.sections : []
  sections.forEach((section: unknown, s) => {
    if (!isRecord(section) || section.kind !== 'endpoints' || !Array.isArray(section.endpoints)) return
    section.endpoints.forEach((endpoint: unknown, e) => {
      if (!isRecord(endpoint) || typeof endpoint.path !== 'string') return
      const pointer = encodePointer(['sections', s, 'endpoints', e, 'path'])
      const problem = checkEndpointPath(endpoint.path)
      if (problem) {
        const message = problem.code === 'ENDPOINT_TEMPLATE' ? `sections[${s}].endpoints[${e}].path ${JSON.stringify(endpoint.path)}: ${problem.message}` : `sections[${s}].endpoints[${e}].${problem.message}`
        out.push(createDiagnostic(problem.code, locateInString(parsed, pointer, problem.index, problem.length), message, problem.hint))
        return
      }
      if (typeof endpoint.method !== 'string') return
      const key = `${endpoint.method} ${endpoint.path}`
      const first = seen.get(key)
      if (first !== undefined) {
        const here = locatePointer(parsed, encodePointer(['sections', s, 'endpoints', e]))
        const there = locatePointer(parsed, first)
        out.push(createDiagnostic('ENDPOINT_DUPLICATE', here, `${key} is listed twice: also at line ${there.start.line}`))
        out.push(createDiagnostic('ENDPOINT_DUPLICATE', there, `${key} is listed twice: also at line ${here.start.line}`))
      } else seen.set(key, encodePointer(['sections', s, 'endpoints', e]))
    })
  })
  return out
}

