/** The overlays' schemas, derived from the sources': what a translation file may hold. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
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

  it('are committed in schema/ as derived now (npx tsx scripts/write-overlay-schemas.ts writes them)', () => {
    for (const [name, text] of overlaySchemaFiles())
      expect(readFileSync(path.join(REPO_ROOT, 'schema', name), 'utf8'), name).toBe(text)
  })
})
