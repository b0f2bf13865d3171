import { describe, expect, it } from 'vitest'
import { CliError } from '../../cli/errors.ts'
import { contentManifest, packageName } from '../../cli/init/content-manifest.ts'

const tool = { name: 'yaml-portfolio', version: '1.2.3', engines: { node: '>=20.19' } }

describe("a created portfolio's package.json", () => {
  it('is named after the folder by npm rules', () => {
    expect(packageName('My Portfolio!')).toBe('my-portfolio')
    expect(packageName('_Ada.Lovelace')).toBe('ada.lovelace')
    expect(packageName('...')).toBe('my-portfolio')
  })

  it('depends on the tool at a caret range of its version, with the scripts and the Node range', () => {
    expect(JSON.parse(contentManifest(undefined, 'Site', tool) ?? '')).toEqual({
      name: 'site',
      private: true,
      description: 'A portfolio built with yaml-portfolio',
      engines: { node: '>=20.19' },
      scripts: {
        dev: 'portfolio dev',
        build: 'portfolio build',
        preview: 'portfolio preview',
        validate: 'portfolio validate',
        doctor: 'portfolio doctor',
      },
      devDependencies: { 'yaml-portfolio': '^1.2.3' },
    })
  })

  it('leaves a package.json that already has the tool and the scripts alone, whatever their versions', () => {
    const existing = JSON.stringify({
      name: 'x',
      dependencies: { 'yaml-portfolio': '~0.9.0' },
      scripts: { dev: 'a', build: 'b', preview: 'c', validate: 'd', doctor: 'e' },
    })
    expect(contentManifest(existing, 'x', tool)).toBeUndefined()
  })

  it('refuses a package.json that is not a JSON object (exit 2, nothing written)', () => {
    expect(() => contentManifest('{ "name": ', 'x', tool)).toThrow(CliError)
    expect(() => contentManifest('[]', 'x', tool)).toThrow('package.json is not a JSON object')
  })
})
