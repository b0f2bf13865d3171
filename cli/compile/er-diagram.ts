import type { DatabaseSection } from '../content/content-types.ts'

/**
 * The entity-relationship diagram of a `database` section, as Mermaid `erDiagram` source drawn by the
 * same renderer as authored diagrams. It is made from the section's checked entities and relations,
 * so it can never disagree with the tables shown below it.
 */

export interface ErDiagram {
  title: string
  /** What the figure shows, in one visible sentence. */
  caption: string
  /** The text alternative: every entity and relation in words (the SVG's accessible name). */
  label: string
  mermaid: string
}

type Entity = DatabaseSection['entities'][number]
type Field = Entity['fields'][number]
type Relation = NonNullable<DatabaseSection['relations']>[number]

/**
 * Crow's-foot ends per cardinality: `from` end, `to` end. Zero-or-more on a "many" end: a row may
 * have none. The left "many" end is written `o{`, not Mermaid's `}o`, which beautiful-mermaid 1.1.3
 * does not read (it drops the relation); both mean zero or more to its parser.
 */
const ENDS: Record<Relation['cardinality'], string> = {
  'one-to-one': '||--||',
  'one-to-many': '||--o{',
  'many-to-many': 'o{--o{',
}

const WORDS: Record<Relation['cardinality'], string> = {
  'one-to-one': 'has one',
  'one-to-many': 'has many',
  'many-to-many': 'has many-to-many',
}

const PRIMARY = /\bprimary key\b|\bPK\b/i
const FOREIGN = /\bforeign key\b|\breferences\b|\bref\b|\bFK\b/i

/** The section's diagram, or undefined when the section has no entities (the schema requires one). */
export function databaseDiagram(section: Pick<DatabaseSection, 'entities' | 'relations'>): ErDiagram | undefined {
  const entities = section.entities
  if (entities.length === 0) return undefined
  const relations = section.relations ?? []
  const ids = entityIds(entities)
  const id = (name: string) => ids.get(name) ?? toIdentifier(name)
  const lines = ['erDiagram']
  for (const entity of entities) {
    lines.push(`  ${id(entity.name)} {`)
    for (const field of entity.fields) lines.push(`    ${attributeLine(field)}`)
    lines.push('  }')
  }
  for (const relation of relations)
    lines.push(`  ${id(relation.from)} ${ENDS[relation.cardinality]} ${id(relation.to)} : ""`)
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const relationWords = relations.map((r) => `${r.from} ${WORDS[r.cardinality]} ${r.to}`)
  return {
    title: 'Entity-relationship diagram',
    caption: `${count(entities.length, 'entity', 'entities')} and ${count(relations.length, 'relation', 'relations')}, drawn from the tables below. PK marks a primary key, FK a foreign key; a crow's foot marks the "many" end of a relation.`,
    label: `Entity-relationship diagram. Entities: ${entities.map((e) => e.name).join(', ')}.${relationWords.length > 0 ? ` Relations: ${relationWords.join('; ')}.` : ''}`,
    mermaid: lines.join('\n') + '\n',
  }
}

/** `type name PK FK`: the renderer reads one word each for type and name. */
function attributeLine(field: Field): string {
  const keys = [
    PRIMARY.test(field.constraints ?? '') ? 'PK' : '',
    FOREIGN.test(field.constraints ?? '') ? 'FK' : '',
  ].filter(Boolean)
  return [shortType(field.type), toIdentifier(field.name), ...keys].join(' ')
}

/** A type without spaces; a long parameter list such as ENUM('User','Partner','Admin') shortened, the table has it whole. */
function shortType(type: string): string {
  const compact = type.replace(/\s+/g, '').replace(/"/g, "'")
  return compact.replace(/\(([^)]{9,})\)/, '(…)') || '?'
}

/** One word the renderer accepts as a name: spaces and syntax characters become underscores. */
function toIdentifier(name: string): string {
  return name.trim().replace(/[^\p{L}\p{N}_.-]+/gu, '_') || '_'
}

/** Each entity's identifier in the diagram, unique even when two names differ only in spaces or symbols. */
function entityIds(entities: readonly Entity[]): Map<string, string> {
  const ids = new Map<string, string>()
  const used = new Set<string>()
  for (const { name } of entities) {
    if (ids.has(name)) continue
    let id = toIdentifier(name)
    for (let n = 2; used.has(id); n++) id = `${toIdentifier(name)}_${n}`
    used.add(id)
    ids.set(name, id)
  }
  return ids
}
