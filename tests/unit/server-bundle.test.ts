import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { loadServerBundle, runCommonJs } from '../../cli/build/server-bundle.ts'

const tempDir = tempDirsPerTest('portfolio-server-bundle-')

/** A server build's shape: an entry requiring a package and, lazily, a chunk that requires the entry back. */
function serverBuild(): string {
  const dir = tempDir()
  mkdirSync(path.join(dir, 'assets'))
  // A package only node_modules beside the build can answer (the temp folder has no other).
  mkdirSync(path.join(dir, 'node_modules/plain-package'), { recursive: true })
  writeFileSync(path.join(dir, 'node_modules/plain-package/index.js'), `exports.stringify = (value) => 'plain ' + JSON.stringify(value)`)
  writeFileSync(
    path.join(dir, 'entry.cjs'),
    `const shared = require('shared-package')
exports.name = 'entry'
exports.shared = shared
exports.loadChunk = () => require('./assets/chunk.cjs')
exports.nodePackage = require('plain-package').stringify({ a: 1 })
exports.self = __filename`,
  )
  writeFileSync(path.join(dir, 'assets/chunk.cjs'), `const entry = require('../entry.cjs')\nmodule.exports = { entryName: entry.name, sameShared: entry.shared === require('shared-package') }`)
  return path.join(dir, 'entry.cjs')
}

describe('the server bundle', () => {
  it('runs a CommonJS build with the provided packages, its chunks once each, and node_modules for the rest', () => {
    const entry = serverBuild()
    const shared = { provided: true }
    const exports = runCommonJs(entry, { 'shared-package': shared }) as Record<string, unknown>
    expect(exports.shared).toBe(shared)
    expect(exports.nodePackage).toBe('plain {"a":1}')
    expect(exports.self).toBe(entry)
    // The chunk gets the entry's own exports (a cycle, as Node resolves it), not a second copy of the entry.
    const loadChunk = exports.loadChunk as () => unknown
    expect(loadChunk()).toEqual({ entryName: 'entry', sameShared: true })
    expect(loadChunk()).toBe(loadChunk())
  })

  it('answers React from its production build while rendering, and leaves NODE_ENV as it was', async () => {
    const dir = tempDir()
    const entry = path.join(dir, 'entry-server.cjs')
    writeFileSync(
      entry,
      `const React = require('react')
const { renderToString } = require('react-dom/server')
const { StaticRouter } = require('react-router-dom')
exports.render = (url) => renderToString(React.createElement(StaticRouter, { location: url }, React.createElement('main', null, 'at ' + url)))
exports.react = React`,
    )
    const before = process.env.NODE_ENV
    const bundle = await loadServerBundle<{ render: (url: string) => string; react: { version: string } }>(entry)
    expect(process.env.NODE_ENV).toBe(before)
    expect(bundle.render('/projects/a')).toBe('<main>at /projects/a</main>')
    // The bundled React (vitest runs with NODE_ENV=test: from node_modules it would be the development build).
    const fromNodeModules = createRequire(import.meta.url)('react') as object
    expect(bundle.react).not.toBe(fromNodeModules)
    expect(bundle.react.version).toBe((createRequire(import.meta.url)('react/package.json') as { version: string }).version)
    expect('captureOwnerStack' in bundle.react).toBe(false) // React 19 has it in its development build only
  })

  it('imports an ES module entry as it is', async () => {
    const dir = tempDir()
    const entry = path.join(dir, 'entry-server.mjs')
    writeFileSync(entry, `export const render = () => 'rendered'`)
    const bundle = await loadServerBundle<{ render: () => string }>(entry)
    expect(bundle.render()).toBe('rendered')
  })
})
