/**
 * The entity-relationship diagram of a database section: drawn from its entities and relations by
 * the build's diagram renderer, one box per entity, one line per relation with its crow's-foot ends.
 */
import { describe, expect, it } from 'vitest'
import { Parser } from 'htmlparser2'
import { databaseDiagram } from '../../cli/compile/er-diagram.ts'
import type { DatabaseSection } from '../../cli/content/content-types.ts'
import { loadDiagramRenderer } from '../../cli/compile/render-diagram.ts'

const section: DatabaseSection = {
  id: 'database',
  title: 'Database Schema',
  kind: 'database',
  entities: [
    {
      name: 'users',
      fields: [
        { name: 'id', type: 'VARCHAR(36)', constraints: 'PRIMARY KEY' },
        { name: 'role', type: "ENUM('User','Partner','Admin')" },
      ],
    },
    {
      name: 'orders',
      fields: [
        { name: 'id', type: 'UUID', constraints: 'primary key' },
        { name: 'user id', type: 'UUID', constraints: 'FOREIGN KEY users.id, NOT NULL' },
      ],
    },
    { name: 'payments', fields: [{ name: 'orderId', type: 'ObjectId', constraints: 'required, ref orders' }] },
    { name: 'tags', fields: [{ name: 'label', type: 'String' }] },
  ],
  relations: [
    { from: 'users', to: 'orders', cardinality: 'one-to-many', note: 'A user places orders' },
    { from: 'orders', to: 'payments', cardinality: 'one-to-one' },
    { from: 'orders', to: 'tags', cardinality: 'many-to-many' },
  ],
}

interface Drawn {
  entities: { name: string; rows: string[] }[]
  relationLines: number
  /** Crow's-foot strokes: 2 per "one" end, 3 per "many" end. */
  markStrokes: number
  /** Circles: one per end that may be zero. */
  zeroMarks: number
}

/** What a reader sees in the SVG: entity boxes with their rows, relation lines and end marks. */
function readSvg(svg: string): Drawn {
  const drawn: Drawn = { entities: [], relationLines: 0, markStrokes: 0, zeroMarks: 0 }
  let depthInEntity = 0
  let text: string[] | undefined
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (depthInEntity > 0) depthInEntity++
        if (name === 'g' && attributes.class === 'entity') {
          depthInEntity = 1
          drawn.entities.push({ name: '', rows: [] })
        }
        if (name === 'polyline' && attributes.class === 'er-relationship') drawn.relationLines++
        if (name === 'line' && attributes.stroke === 'var(--_line)') drawn.markStrokes++
        if (name === 'circle' && attributes.stroke === 'var(--_line)') drawn.zeroMarks++
        if (name === 'text' && depthInEntity > 0) text = []
      },
      ontext(value) {
        text?.push(value)
      },
      onclosetag(name) {
        if (name === 'text' && text) {
          const entity = drawn.entities.at(-1)
          const value = text.join('').trim()
          if (entity && entity.name === '') entity.name = value
          else entity?.rows.push(value)
          text = undefined
        }
        if (depthInEntity > 0) depthInEntity--
      },
    },
    { xmlMode: true },
  )
  parser.end(svg)
  return drawn
}

describe('databaseDiagram', () => {
  it('draws one box per entity with its fields, keys marked, and one line per relation with the right ends', async () => {
    const diagram = databaseDiagram(section)
    expect(diagram).toBeDefined()
    const render = await loadDiagramRenderer()
    const drawn = readSvg(render(diagram!.mermaid, diagram!.label))
    expect(drawn.entities.map((e) => e.name)).toEqual(['users', 'orders', 'payments', 'tags'])
    // Each row is a key badge (when there is one), the type and the name; a long ENUM list is shortened.
    expect(drawn.entities[0]!.rows).toEqual(['PK', 'VARCHAR(36)', 'id', 'ENUM(…)', 'role'])
    expect(drawn.entities[1]!.rows).toEqual(['PK', 'UUID', 'id', 'FK', 'UUID', 'user_id'])
    expect(drawn.entities[2]!.rows).toEqual(['FK', 'ObjectId', 'orderId'])
    expect(drawn.relationLines).toBe(3)
    // one-to-many: || and o{ ; one-to-one: || and || ; many-to-many: }o and o{
    expect(drawn.markStrokes).toBe(2 + 3 + 2 + 2 + 3 + 3)
    expect(drawn.zeroMarks).toBe(1 + 0 + 2)
  })

  it('names every entity and relation in its text alternative, which is the SVG accessible name', async () => {
    const diagram = databaseDiagram(section)!
    expect(diagram.label).toBe(
      'Entity-relationship diagram. Entities: users, orders, payments, tags. Relations: users has many orders; orders has one payments; orders has many-to-many tags.',
    )
    expect(diagram.caption).toMatch(/^4 entities and 3 relations, drawn from the tables below\./)
    const svg = (await loadDiagramRenderer())(diagram.mermaid, diagram.label)
    expect(svg).toContain(`aria-label="${diagram.label}"`)
  })

  it('gives the same SVG for the same data', async () => {
    const render = await loadDiagramRenderer()
    const first = databaseDiagram(structuredClone(section))!
    const second = databaseDiagram(structuredClone(section))!
    expect(second.mermaid).toBe(first.mermaid)
    expect(render(second.mermaid, second.label)).toBe(render(first.mermaid, first.label))
  })
})
