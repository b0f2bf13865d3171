import { isAlias, isMap, isNode, isScalar, isSeq, type Node, type Scalar } from 'yaml'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { positionAt, type Locatable } from '../diagnostics/locate.ts'
import { MAX_DEPTH } from './find-deep-nesting.ts'
import { CONTROL_CHARACTER } from './load-sources.ts'

/** Walks the syntax tree for what valid YAML still must not contain: aliases, tags, complex or duplicate keys, deep nesting. */
export function checkNodes(parsed: Locatable): Diagnostic[] {
  const out: Diagnostic[] = []
  // Raw control characters never reach here (load-sources refuses them), so only a "\" escape can make one.
  const controlPossible = parsed.text.includes('\\') || CONTROL_CHARACTER.test(parsed.text)
  const visit = (node: unknown, depth: number): void => {
    if (!isNode(node)) return
    if (depth > MAX_DEPTH) {
      out.push(createDiagnostic('YAML_TOO_DEEP', span(parsed, node), `nesting depth exceeds ${MAX_DEPTH}`))
      return
    }
    if (isAlias(node)) {
      out.push(
        createDiagnostic(
          'YAML_ALIAS',
          span(parsed, node),
          `aliases are not allowed in content files (found *${node.source})`,
        ),
      )
      return
    }
    if (node.tag) out.push(tagDiagnostic(parsed, node))
    if (controlPossible) out.push(...controlCharacter(parsed, node))
    if (isMap(node)) {
      const seen = new Map<string, Node>()
      for (const pair of node.items) {
        if (isScalar(pair.key)) out.push(...scalarKeyProblems(parsed, pair.key, seen))
        else {
          if (isNode(pair.key)) out.push(complexKey(parsed, pair.key))
          visit(pair.key, depth + 1)
        }
        visit(pair.value, depth + 1)
      }
    } else if (isSeq(node)) {
      for (const item of node.items) visit(item, depth + 1)
    }
  }
  visit(parsed.contents, 0)
  return out
}

function span(parsed: Locatable, node: Node) {
  const [s, e] = node.range ?? [0, 0]
  const start = positionAt(parsed, s)
  const end = positionAt(parsed, e)
  return { file: parsed.path, start, ...(e > s && end.line === start.line ? { end } : {}) }
}

/** The node's range starts after its tag: find the "!…" token that only white space separates from the node. */
function tagDiagnostic(parsed: Locatable, node: Node): Diagnostic {
  const start = node.range?.[0] ?? 0
  const before = parsed.text.slice(Math.max(0, start - 300), start)
  const match = /(!\S*)\s*$/.exec(before)
  const at = match ? start - before.length + match.index : start
  const tagText = match?.[1] ?? String(node.tag).replace('tag:yaml.org,2002:', '!!')
  const begin = positionAt(parsed, at)
  const end = match ? { end: { line: begin.line, column: begin.column + tagText.length } } : {}
  return createDiagnostic(
    'YAML_TAG',
    { file: parsed.path, start: begin, ...end },
    `tags are not allowed (found ${tagText})`,
  )
}

/** A string value holding a control character (made by an escape), located at the escape. */
function controlCharacter(parsed: Locatable, node: Node): Diagnostic[] {
  if (!isScalar(node) || typeof node.value !== 'string' || !CONTROL_CHARACTER.test(node.value)) return []
  const char = CONTROL_CHARACTER.exec(node.value)?.[0] ?? ''
  return [
    createDiagnostic(
      'CONTROL_CHAR',
      escapeSpan(parsed, node) ?? span(parsed, node),
      `control character U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} in a value (written as an escape)`,
      'Remove the escape sequence; content text cannot hold control characters.',
    ),
  ]
}

/** Where a double-quoted escape (\0, \e, \x01, \u0007…) produced a control character. */
function escapeSpan(parsed: Locatable, node: Node) {
  const [start, end] = node.range ?? [0, 0]
  const raw = parsed.text.slice(start, end)
  for (const m of raw.matchAll(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0abvfeN_LP])/g)) {
    const code =
      m[1]!.length > 1
        ? parseInt(m[1]!.slice(1), 16)
        : ({ '0': 0, a: 7, b: 8, v: 11, f: 12, e: 27, N: 0x85, _: 0xa0, L: 0x2028, P: 0x2029 }[m[1]!] ?? 0)
    if (!CONTROL_CHARACTER.test(String.fromCodePoint(code))) continue
    const begin = positionAt(parsed, start + (m.index ?? 0))
    return { file: parsed.path, start: begin, end: { line: begin.line, column: begin.column + m[0].length } }
  }
  return undefined
}

/** A key that is a list, a mapping or an alias. */
function complexKey(parsed: Locatable, key: Node): Diagnostic {
  return createDiagnostic(
    'YAML_SYNTAX',
    span(parsed, key),
    'keys must be plain text, not lists, mappings or aliases',
    'Write the key as a simple word followed by ": ".',
  )
}

/** A plain key's tag, and a key its mapping already has (`seen`: the mapping's keys so far). */
function scalarKeyProblems(parsed: Locatable, key: Scalar, seen: Map<string, Node>): Diagnostic[] {
  const out: Diagnostic[] = []
  if (key.tag) out.push(tagDiagnostic(parsed, key))
  const name = String(key.value)
  const first = seen.get(name)
  if (first) {
    const firstPos = span(parsed, first).start
    out.push(
      createDiagnostic(
        'YAML_DUPLICATE_KEY',
        span(parsed, key),
        `"${name}" is already defined at ${firstPos.line}:${firstPos.column}`,
      ),
    )
  } else seen.set(name, key)
  return out
}
