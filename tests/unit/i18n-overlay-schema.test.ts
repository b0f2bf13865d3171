/** The overlays' schemas, derived from the sources': what a translation file may hold. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sourceSchema } from '../../cli/content/i18n/check-overlays.ts'
import { matchOverlay } from '../../cli/content/i18n/match-overlay.ts'
import { overlaySchemaFiles } from '../../cli/content/i18n/overlay-schema-files.ts'
import type { SchemaNode } from '../../cli/content/i18n/translatable-schema.ts'
import { compileValidators, readOverlaySchema } from '../../cli/content/validate-schema.ts'
import { REPO_ROOT } from '../helpers/fixtures.ts'

const project = readOverlaySchema('project.overlay')
const portfolio = readOverlaySchema('portfolio.overlay')

function everyNode(node: SchemaNode, visit: (node: SchemaNode) => void): void {
  visit(node)
  for (const child of Object.values(node.properties ?? {})) everyNode(child, visit)
  if (node.items) everyNode(node.items, visit)
}

describe('the overlay schemas', () => {
  it('hold the translatable fields and the keys that lead to them, nothing else', () => {
    expect(Object.keys(project.properties ?? {})).toEqual([
      'title',
      'description',
      'achievements',
      'audience',
      'cover',
      'media',
      'sections',
    ])
    expect(Object.keys(project.properties?.cover?.properties ?? {})).toEqual(['alt'])
    expect(Object.keys(portfolio.properties?.site?.properties ?? {})).toEqual(['title', 'description'])
    expect(portfolio.properties?.links).toBeUndefined()
    expect(portfolio.properties?.theme).toBeUndefined()
  })

  it('require only the key fields of list items, and allow no other field', () => {
    const required: string[][] = []
    everyNode(project, (node) => {
      if (node.required) required.push(node.required)
      if (node.type === 'object') expect(node.additionalProperties).toBe(false)
    })
    expect(required).toEqual([
      ['src'],
      ['id'],
      ['id'],
      ['id'],
      ['id'],
      ['name'],
      ['name'],
      ['from', 'to'],
      ['method', 'path'],
      ['number'],
    ])
    expect(project.properties?.sections?.items?.properties?.endpoints?.items?.required).toEqual(['method', 'path'])
  })

  it('accept a translation of every kind of field and reject a field that comes from the source', () => {
    const { validators } = compileValidators()
    const validate = validators['project.overlay']
    expect(
      validate({
        title: 'Grand livre',
        achievements: ['Rapide'],
        media: [{ src: 'media/a.png', alt: 'Écran' }],
        sections: [{ id: 'api', title: 'API', endpoints: [{ method: 'GET', path: '/x', summary: 'Lire.' }] }],
      }),
    ).toBe(true)
    expect(validate({ liveUrl: 'https://example.fr' })).toBe(false)
    expect(validate({ sections: [{ title: 'Sans id' }] })).toBe(false)
  })

  it('match an experience entry by its start date, or by its id when it has a duration instead', () => {
    const source = {
      experience: [
        { role: 'Developer', start: '2023-04' },
        { role: 'Coordinator', duration: '3+ years', id: 'operations' },
      ],
    }
    const overlay = {
      experience: [
        { id: 'operations', role: 'Coordinadora', duration: 'Más de 3 años' },
        { start: '2023-04', role: 'Desarrolladora' },
        { id: 'operation', role: 'Otra' },
      ],
    }
    const match = matchOverlay(sourceSchema('portfolio'), source, overlay)
    expect(match.fields.map((field) => [field.source, field.overlay, field.stable])).toEqual([
      ['/experience/1/role', '/experience/0/role', '/experience/operations/role'],
      ['/experience/1/duration', '/experience/0/duration', '/experience/operations/duration'],
      ['/experience/0/role', '/experience/1/role', '/experience/2023-04/role'],
    ])
    expect(match.problems).toEqual([
      {
        kind: 'unknown-item',
        overlay: '/experience/2',
        key: 'id: operation',
        where: 'experience',
        keys: ['start: 2023-04', 'id: operations'],
      },
    ])
    // The overlay schema asks an entry for one of its keys, and takes either.
    const validate = compileValidators().validators['portfolio.overlay']
    expect(validate({ experience: [{ id: 'operations', role: 'Coordinadora' }] })).toBe(true)
    expect(validate({ experience: [{ start: '2023-04', role: 'Desarrolladora' }] })).toBe(true)
    expect(validate({ experience: [{ role: 'Sin clave' }] })).toBe(false)
  })

  it('are committed in schema/ as derived now (npx tsx scripts/write-overlay-schemas.ts writes them)', () => {
    for (const [name, text] of overlaySchemaFiles())
      expect(readFileSync(path.join(REPO_ROOT, 'schema', name), 'utf8'), name).toBe(text)
  })
})
