import { encodePointer, isRecord } from '../../diagnostics/json-pointer.ts'
import {
  allKeyFields,
  branchFor,
  describeKey,
  holdsTranslatable,
  itemKey,
  keyFields,
  resolve,
  TRANSLATABLE_KEYWORD,
  type SchemaNode,
} from './translatable-schema.ts'

/** One translated value of an overlay, and where it goes in the source. */
export interface MatchedField {
  /** Its pointer in the source document (list indices are the source's). */
  source: string
  /** Its pointer in the overlay document (list indices are the overlay's). */
  overlay: string
  /**
   * Its pointer with each list index replaced by the item's key (`/sections/overview/title`): what
   * the lock file records it under, so reordering a list does not lose its translations' digests.
   */
  stable: string
  /** A string, or a list of strings (replaced whole). */
  value: unknown
}

/** What an overlay holds that its source cannot take, found by walking both with the source schema. */
export type OverlayProblem =
  | { kind: 'unknown-key'; overlay: string; key: string; where: string; translatable: string[] }
  | { kind: 'not-in-source'; overlay: string; key: string; where: string }
  | { kind: 'not-translatable'; overlay: string; key: string; where: string; translatable: string[] }
  | { kind: 'unknown-item'; overlay: string; key: string; where: string; keys: string[] }
  | { kind: 'ambiguous-item'; overlay: string; key: string; where: string; count: number }

export interface OverlayMatch {
  fields: MatchedField[]
  problems: OverlayProblem[]
}

/**
 * Walks an overlay beside its source: each object's keys must be fields of the source schema that
 * translate (or lead to some that do), each keyed list item must match one source item by its key
 * fields, and a section may hold only what its source section's kind has. Values' own types are the
 * overlay schema's to check (validate-schema.ts); this finds what the schema alone cannot say.
 */
export function matchOverlay(schema: SchemaNode, source: unknown, overlay: unknown): OverlayMatch {
  const match: OverlayMatch = { fields: [], problems: [] }
  walk(schema, source, overlay, { source: [], overlay: [], stable: [] }, schema, match)
  return match
}

/** Where the walk is: in the source, in the overlay, and in the source by item keys. */
interface Paths {
  source: (string | number)[]
  overlay: (string | number)[]
  stable: string[]
}

const step = (paths: Paths, source: string | number, overlay: string | number, stable: string): Paths => ({
  source: [...paths.source, source],
  overlay: [...paths.overlay, overlay],
  stable: [...paths.stable, stable],
})

function walk(
  node: SchemaNode,
  source: unknown,
  overlay: unknown,
  paths: Paths,
  root: SchemaNode,
  match: OverlayMatch,
): void {
  const resolved = resolve(node, root)
  if (resolved[TRANSLATABLE_KEYWORD] === true) {
    if (source === undefined) {
      const key = String(paths.overlay[paths.overlay.length - 1])
      const where = describe(paths.source.slice(0, -1))
      match.problems.push({ kind: 'not-in-source', overlay: encodePointer(paths.overlay), key, where })
      return
    }
    match.fields.push({
      source: encodePointer(paths.source),
      overlay: encodePointer(paths.overlay),
      stable: encodePointer(paths.stable),
      value: overlay,
    })
    return
  }
  const fields = keyFields(resolved)
  if (fields && resolved.items) {
    // Anything but a list is the overlay schema's type error.
    if (!Array.isArray(overlay)) return
    const items = resolved.items
    const sourceItems = Array.isArray(source) ? source : []
    const sourceKeys = sourceItems.map((item) => itemKey(item, fields))
    overlay.forEach((item, i) => {
      const key = itemKey(item, fields)
      if (key === undefined) return // a missing key field is the overlay schema's "required"
      const at = [...paths.overlay, i]
      const where = describe(paths.source)
      const matches = sourceKeys.flatMap((candidate, j) => (candidate === key ? [j] : []))
      if (matches.length === 0) {
        const keys = sourceItems.flatMap((candidate, j) =>
          sourceKeys[j] === undefined ? [] : [describeKey(candidate, fields)],
        )
        match.problems.push({
          kind: 'unknown-item',
          overlay: encodePointer(at),
          key: describeKey(item, fields),
          where,
          keys,
        })
        return
      }
      if (matches.length > 1) {
        match.problems.push({
          kind: 'ambiguous-item',
          overlay: encodePointer(at),
          key: describeKey(item, fields),
          where,
          count: matches.length,
        })
        return
      }
      const j = matches[0] as number
      walkObject(items, sourceItems[j], item, step(paths, j, i, key), root, match, new Set(allKeyFields(fields)))
    })
    return
  }
  walkObject(resolved, source, overlay, paths, root, match, new Set())
}

function walkObject(
  node: SchemaNode,
  source: unknown,
  overlay: unknown,
  paths: Paths,
  root: SchemaNode,
  match: OverlayMatch,
  keys: ReadonlySet<string>,
): void {
  if (!isRecord(overlay)) return
  const branch = branchFor(resolve(node, root), source, root)
  if (!branch) return
  const properties = branch.properties ?? {}
  const translatable = Object.keys(properties).filter((name) => holdsTranslatable(properties[name] as SchemaNode, root))
  for (const [key, value] of Object.entries(overlay)) {
    if (keys.has(key)) continue
    const at = encodePointer([...paths.overlay, key])
    const where = describe(paths.source)
    const child = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (child === undefined) match.problems.push({ kind: 'unknown-key', overlay: at, key, where, translatable })
    else if (!holdsTranslatable(child, root))
      match.problems.push({ kind: 'not-translatable', overlay: at, key, where, translatable })
    else {
      const sourceValue = isRecord(source) ? source[key] : undefined
      walk(child, sourceValue, value, step(paths, key, key, key), root, match)
    }
  }
}

/** Where in the source a problem is, as messages name it: `hero`, `sections[2]`, or the top level. */
function describe(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'the top level'
  return path
    .map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : i === 0 ? segment : `.${segment}`))
    .join('')
}
