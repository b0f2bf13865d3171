/**
 * What a content schema says about translation, read from its marks: `"x-translatable": true` on a
 * property whose value is text a translator rewrites (a string, or a list of strings an overlay
 * replaces whole), `"x-key"` on a list of objects (the field, or fields, an overlay item is matched to
 * its source item by). A generic walker over the schema, so a field marked in the schema needs no
 * code here.
 */

/** The keywords of a JSON Schema node this walker reads (the schemas are in schema/*.schema.json). */
export interface SchemaNode {
  $ref?: string
  $id?: string
  $schema?: string
  title?: string
  description?: string
  type?: string | string[]
  properties?: { [name: string]: SchemaNode }
  required?: string[]
  additionalProperties?: boolean | SchemaNode
  items?: SchemaNode
  oneOf?: SchemaNode[]
  anyOf?: SchemaNode[]
  discriminator?: { propertyName: string }
  const?: unknown
  $defs?: { [name: string]: SchemaNode }
  'x-translatable'?: boolean
  'x-key'?: string | string[] | { anyOf: (string | string[])[] }
  [keyword: string]: unknown
}

export const TRANSLATABLE_KEYWORD = 'x-translatable'
export const KEY_KEYWORD = 'x-key'

/** The node `$ref` points at (only `#/$defs/<name>` refs occur), with the referring node's own keywords over it. */
export function resolve(node: SchemaNode, root: SchemaNode): SchemaNode {
  if (node.$ref === undefined) return node
  const name = /^#\/\$defs\/([^/]+)$/.exec(node.$ref)?.[1]
  const target = name === undefined ? undefined : root.$defs?.[name]
  if (!target) throw new Error(`schema: cannot resolve ${node.$ref}`)
  const { $ref: _ref, ...own } = node
  // A $ref beside other keywords applies both; in these schemas the own keywords only narrow (a
  // shorter maxLength), so laying them over the target says the same.
  return { ...resolve(target, root), ...own }
}

/**
 * How the items of a keyed list are matched: one or more keys, each one field or several together
 * (`["method", "path"]`). With several (`"x-key": { "anyOf": ["start", "id"] }`), an item is keyed
 * by the first its source has all the fields of: an experience entry by its start date, or by an
 * id of its own when it gives a duration instead of dates.
 */
export type ItemKeys = readonly (readonly string[])[]

export function keyFields(node: SchemaNode): ItemKeys | undefined {
  const key = node[KEY_KEYWORD]
  if (key === undefined) return undefined
  const keys = typeof key === 'string' || Array.isArray(key) ? [key] : key.anyOf
  return keys.map((fields) => (typeof fields === 'string' ? [fields] : fields))
}

/** Every field of any of the keys: what an overlay item carries to be matched, not to translate. */
export const allKeyFields = (keys: ItemKeys): string[] => [...new Set(keys.flat())]

/** The branch of a oneOf/anyOf that `data` takes, by the discriminator (a section's `kind`). */
export function branchFor(node: SchemaNode, data: unknown, root: SchemaNode): SchemaNode | undefined {
  const branches = node.oneOf ?? node.anyOf
  if (!branches) return node
  const property = node.discriminator?.propertyName
  if (property === undefined || typeof data !== 'object' || data === null) return undefined
  const value = (data as { [key: string]: unknown })[property]
  return branches
    .map((branch) => resolve(branch, root))
    .find((branch) => branch.properties?.[property]?.const === value)
}

const translatableCache = new WeakMap<SchemaNode, boolean>()

/** Whether an overlay may hold anything at this node: it is translatable, or something under it is. */
export function holdsTranslatable(node: SchemaNode, root: SchemaNode): boolean {
  const known = translatableCache.get(node)
  if (known !== undefined) return known
  const resolved = resolve(node, root)
  const answer =
    resolved[TRANSLATABLE_KEYWORD] === true ||
    Object.values(resolved.properties ?? {}).some((child) => holdsTranslatable(child, root)) ||
    (resolved.items !== undefined && keyFields(resolved) !== undefined && holdsTranslatable(resolved.items, root)) ||
    (resolved.oneOf ?? resolved.anyOf ?? []).some((branch) => holdsTranslatable(branch, root))
  translatableCache.set(node, answer)
  return answer
}

/** The fields of the first key `item` has all of, or undefined when it has none. */
function keyOf(item: unknown, keys: ItemKeys): readonly string[] | undefined {
  if (typeof item !== 'object' || item === null) return undefined
  const record = item as { [key: string]: unknown }
  return keys.find((fields) =>
    fields.every((field) => typeof record[field] === 'string' || typeof record[field] === 'number'),
  )
}

/** The item key of `item` for a keyed list: its first key's values, or undefined when it has no key. */
export function itemKey(item: unknown, keys: ItemKeys): string | undefined {
  const fields = keyOf(item, keys)
  return fields?.map((field) => String((item as { [key: string]: unknown })[field])).join(' ')
}

/** A key as a reader writes it in a file: `"2019-04"`, or `method: POST, path: /users` for a composite one. */
export function describeKey(item: unknown, keys: ItemKeys): string {
  const record = item as { [key: string]: unknown }
  const fields = keyOf(item, keys) ?? keys[0] ?? []
  if (keys.length === 1 && fields.length === 1) return JSON.stringify(String(record[fields[0] as string]))
  return fields.map((field) => `${field}: ${String(record[field])}`).join(', ')
}

/** One translatable value present in a document: its JSON pointer and value (a string or a list of strings). */
export interface TranslatableField {
  pointer: string
  value: unknown
}

/**
 * Every translatable value `data` holds, by the schema, in document order. Runs on data that passed
 * the schema (the source) or the overlay schema (an overlay).
 */
export function translatableFields(schema: SchemaNode, data: unknown): TranslatableField[] {
  const found: TranslatableField[] = []
  visit(schema, data, '', schema, found)
  return found
}

function visit(node: SchemaNode, data: unknown, pointer: string, root: SchemaNode, found: TranslatableField[]): void {
  if (data === undefined) return
  const resolved = resolve(node, root)
  if (resolved[TRANSLATABLE_KEYWORD] === true) {
    found.push({ pointer, value: data })
    return
  }
  if (Array.isArray(data)) {
    if (resolved.items === undefined || keyFields(resolved) === undefined) return
    const items = resolved.items
    data.forEach((item, i) => visit(items, item, `${pointer}/${i}`, root, found))
    return
  }
  if (typeof data !== 'object' || data === null) return
  const branch = branchFor(resolved, data, root)
  if (!branch?.properties) return
  for (const [name, child] of Object.entries(branch.properties))
    if (holdsTranslatable(child, root))
      visit(child, (data as { [key: string]: unknown })[name], `${pointer}/${escapeSegment(name)}`, root, found)
}

export const escapeSegment = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1')
