import { isMap, isScalar, isSeq, type LineCounter, type Node, type Pair } from 'yaml'
import type { Located, Position } from './diagnostic.ts'
import { decodePointer } from './json-pointer.ts'

/** What locate needs of a parsed file. */
export interface Locatable {
  path: string
  text: string
  lineCounter: LineCounter
  contents: Node | null
}

interface Found {
  node: Node | null
  /** The key of the pair that holds `node`, when the last segment named a mapping key. */
  key?: Node
  /** False when the pointer ran past the tree and `node` is the nearest existing ancestor. */
  exact: boolean
}

/** Our own walk over maps and sequences (no doc.getIn): it stops at the nearest existing ancestor. */
export function findNode(root: Node | null, segments: readonly (string | number)[]): Found {
  let node: Node | null = root
  let key: Node | undefined
  for (const segment of segments) {
    if (isMap(node)) {
      const pair: Pair | undefined = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment))
      if (!pair) return { node, key, exact: false }
      key = pair.key as Node
      node = (pair.value as Node | null) ?? null
      if (node === null) return { node: key, key, exact: false }
    } else if (isSeq(node) && typeof segment === 'number' && node.items[segment] !== undefined) {
      key = undefined
      node = node.items[segment] as Node
    } else {
      return { node, key, exact: false }
    }
  }
  return { node, key, exact: true }
}

export function positionAt(source: Locatable, offset: number): Position {
  const { line, col } = source.lineCounter.linePos(Math.max(0, Math.min(offset, source.text.length)))
  return { line, column: col }
}

function spanOf(source: Locatable, node: Node | undefined | null): { start: Position; end?: Position } {
  if (!node?.range) return { start: { line: 1, column: 1 } }
  const [start, valueEnd] = node.range
  return valueEnd > start
    ? { start: positionAt(source, start), end: positionAt(source, valueEnd) }
    : { start: positionAt(source, start) }
}

/**
 * The place a diagnostic about `pointer` should point at. `on: 'key'` targets the key of the pair
 * (unknown keys, empty values); values with an empty span (`title:`) also fall back to their key.
 */
export function locatePointer(source: Locatable, pointer: string, on: 'key' | 'value' = 'value'): Located {
  const found = findNode(source.contents, decodePointer(pointer))
  const emptyValue = isScalar(found.node) && found.node.range && found.node.range[0] === found.node.range[1]
  const target = (on === 'key' || emptyValue) && found.key ? found.key : found.node
  return { file: source.path, pointer, ...spanOf(source, target) }
}

/** The key node of the mapping entry `pointer` (for "missing field" on a parent mapping, aim at its key). */
export function locateMappingOwner(source: Locatable, pointer: string): Located {
  const found = findNode(source.contents, decodePointer(pointer))
  if (found.key && found.exact) return { file: source.path, pointer, ...spanOf(source, found.key) }
  if (isSeq(found.node) || isMap(found.node)) {
    const range = found.node.range
    if (range) return { file: source.path, pointer, start: positionAt(source, range[0]) }
  }
  return { file: source.path, pointer, ...spanOf(source, found.node) }
}

/**
 * The place of character `index` (length `length`) inside the string value at `pointer`, mapped
 * through quotes and block-scalar indentation, so a caret can sit inside a markdown body or a path.
 */
export function locateInString(source: Locatable, pointer: string, index: number, length = 1): Located {
  const found = findNode(source.contents, decodePointer(pointer))
  const node = found.node
  if (!found.exact || !isScalar(node) || !node.range || typeof node.value !== 'string')
    return locatePointer(source, pointer)
  const offset = scalarSourceOffset(source.text, node.range[0], node.range[1], node.type, node.value, index)
  if (offset === undefined) return locatePointer(source, pointer)
  const endOffset = scalarSourceOffset(source.text, node.range[0], node.range[1], node.type, node.value, index + length)
  const start = positionAt(source, offset)
  const end = endOffset !== undefined && endOffset > offset ? positionAt(source, endOffset) : undefined
  return end && end.line === start.line
    ? { file: source.path, pointer, start, end }
    : { file: source.path, pointer, start }
}

function leadingSpaces(value: string): number {
  return /^ */.exec(value)?.[0].length ?? 0
}

function scalarSourceOffset(
  text: string,
  start: number,
  end: number,
  type: string | undefined,
  value: string,
  index: number,
): number | undefined {
  const raw = text.slice(start, end)
  if (type === 'PLAIN') return raw === value ? start + index : undefined
  if (type === 'QUOTE_SINGLE' || type === 'QUOTE_DOUBLE') {
    // Exact only when the quoted text has no escapes or folded lines.
    return raw.slice(1, -1) === value ? start + 1 + index : undefined
  }
  if (type === 'BLOCK_LITERAL') {
    // Header line ("|", "|-", "|2"), then lines indented by a common amount; value line k = content line k.
    const headerEnd = raw.indexOf('\n')
    if (headerEnd < 0) return undefined
    const body = raw.slice(headerEnd + 1)
    // An explicit indentation indicator (|2) fixes the indent relative to the parent; otherwise the first content line does.
    const explicit = /^\|[+-]?([1-9])|^\|([1-9])[+-]?/.exec(raw)
    const firstLine = /^( *)\S/m.exec(body)?.[1]?.length ?? 0
    const indent = explicit
      ? firstLine - (value.length - value.trimStart().length > 0 ? leadingSpaces(value) : 0)
      : firstLine
    const before = value.slice(0, index)
    const lineIndex = before.split('\n').length - 1
    const column = index - (before.lastIndexOf('\n') + 1)
    let offset = start + headerEnd + 1
    for (let k = 0; k < lineIndex; k++) {
      const next = text.indexOf('\n', offset)
      if (next < 0 || next >= end) return undefined
      offset = next + 1
    }
    return offset + indent + column
  }
  return undefined
}

/** The source text of the value at `pointer` (e.g. `NULL`, `~`), or undefined when it has none. */
export function rawValueText(source: Locatable, pointer: string): string | undefined {
  const found = findNode(source.contents, decodePointer(pointer))
  if (!found.exact || !found.node?.range) return undefined
  const [start, end] = found.node.range
  return end > start ? source.text.slice(start, end) : undefined
}
