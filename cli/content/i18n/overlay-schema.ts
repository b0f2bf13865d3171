import {
  holdsTranslatable,
  KEY_KEYWORD,
  allKeyFields,
  keyFields,
  resolve,
  TRANSLATABLE_KEYWORD,
  type SchemaNode,
} from './translatable-schema.ts'

/**
 * The schema of an overlay file (portfolio.<tag>.yaml, projects/<id>.<tag>.yaml), derived from its
 * source's schema so the two cannot drift: only the translatable fields and the objects and keyed
 * lists that lead to them; nothing required (a field left out falls back), no unknown field, and each
 * item of a keyed list carries its key fields (how it is matched to its source item). Refs are
 * inlined, so the schema stands alone for editors. A section's kinds are merged into one object:
 * which fields a section may hold is checked against its source section's kind (check-overlay.ts).
 */
export function deriveOverlaySchema(source: SchemaNode, id: string): SchemaNode {
  const body = derive(source, source)
  if (!body) throw new Error(`schema ${source.$id}: nothing in it is translatable`)
  return {
    $schema: source.$schema,
    $id: id,
    title: `${source.title} translation`,
    description: `A translation of ${source.title?.toLowerCase()} content into one of site.languages: only the translatable fields, each optional (a field left out is shown from the next language of the fallback chain). Derived from ${source.$id}.`,
    ...body,
  }
}

/** The overlay's node for `node`, or undefined when nothing under it translates. */
function derive(node: SchemaNode, root: SchemaNode): SchemaNode | undefined {
  if (!holdsTranslatable(node, root)) return undefined
  const resolved = resolve(node, root)
  if (resolved[TRANSLATABLE_KEYWORD] === true) return inline(resolved, root)
  const fields = keyFields(resolved)
  if (resolved.items !== undefined && fields !== undefined) {
    const item = derive(resolved.items, root)
    if (!item?.properties)
      throw new Error(`schema: the items of a keyed list must be objects (${resolved.description})`)
    const properties = { ...item.properties }
    for (const field of allKeyFields(fields)) properties[field] = keyFieldSchema(resolved.items, field, root)
    // An item carries a key: all the fields of one of them.
    const [only] = fields
    const required =
      fields.length === 1 && only ? { required: [...only] } : { anyOf: fields.map((key) => ({ required: [...key] })) }
    return {
      ...(resolved.description === undefined ? {} : { description: resolved.description }),
      type: 'array',
      [KEY_KEYWORD]: resolved[KEY_KEYWORD],
      items: { ...item, properties, ...required },
    }
  }
  const branches = resolved.oneOf ?? resolved.anyOf
  const objects = branches ? branches.map((branch) => derive(branch, root)) : [undefined]
  const properties: { [name: string]: SchemaNode } = {}
  for (const [name, child] of Object.entries(resolved.properties ?? {})) {
    const derived = derive(child, root)
    if (derived) properties[name] = derived
  }
  for (const object of objects)
    for (const [name, child] of Object.entries(object?.properties ?? {})) {
      const known = properties[name]
      if (known && shape(known) !== shape(child))
        throw new Error(`schema: two kinds of one list give "${name}" different shapes; an overlay could not hold both`)
      properties[name] = child
    }
  return {
    ...(resolved.description === undefined ? {} : { description: resolved.description }),
    type: 'object',
    additionalProperties: false,
    properties,
  }
}

/** A node as JSON without its descriptions: two kinds of section describe their intro each in its own words. */
const shape = (node: SchemaNode): string =>
  JSON.stringify(node, (key, value: unknown) => (key === 'description' ? undefined : value))

/** A key field's schema, from the item (or the first of its kinds that has it). */
function keyFieldSchema(items: SchemaNode, field: string, root: SchemaNode): SchemaNode {
  const resolved = resolve(items, root)
  const candidates = [resolved, ...(resolved.oneOf ?? resolved.anyOf ?? []).map((branch) => resolve(branch, root))]
  const schema = candidates.map((candidate) => candidate.properties?.[field]).find((found) => found !== undefined)
  if (!schema) throw new Error(`schema: x-key names "${field}", which the items do not have`)
  return inline(schema, root)
}

/** `node` with every ref under it inlined and its default dropped (an overlay never fills one in). */
function inline(node: SchemaNode, root: SchemaNode): SchemaNode {
  const { default: _default, ...resolved } = resolve(node, root)
  const out: SchemaNode = { ...resolved }
  if (resolved.items) out.items = inline(resolved.items, root)
  if (resolved.anyOf) out.anyOf = resolved.anyOf.map((branch) => inline(branch, root))
  if (resolved.properties)
    out.properties = Object.fromEntries(
      Object.entries(resolved.properties).map(([name, child]) => [name, inline(child, root)]),
    )
  if (typeof resolved.additionalProperties === 'object')
    out.additionalProperties = inline(resolved.additionalProperties, root)
  if (typeof resolved.propertyNames === 'object' && resolved.propertyNames !== null)
    out.propertyNames = inline(resolved.propertyNames as SchemaNode, root)
  return out
}
