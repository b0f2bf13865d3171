import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { listAuditRoutes, routeUrl, selectRoutes } from '../../scripts/audit/routes.ts'
import { parseCli, UsageError } from '../../scripts/audit/run.ts'

const dist = mkdtempSync(path.join(os.tmpdir(), 'portfolio-audit-routes-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))
for (const file of [
  'index.html',
  '404.html',
  'projects/b/index.html',
  'projects/a/index.html',
  'projects/tech/react/index.html',
  'projects/tech/mongodb/index.html',
  'writing/index.html',
  'writing/second-post/index.html',
  'writing/first-post/index.html',
  'writing/tags/security/index.html',
  'writing/tags/node-js/index.html',
  'assets/x.js',
]) {
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
  writeFileSync(path.join(dist, file), '')
}
mkdirSync(path.join(dist, 'projects/empty'), { recursive: true })

describe('routes', () => {
  it('lists /, each prerendered case study, each technology page, then /writing, each post and each tag page from the build, sorted', async () => {
    const routes = await listAuditRoutes(dist)
    expect(routes.map((r) => r.route)).toEqual([
      '/',
      '/projects/a',
      '/projects/b',
      '/projects/tech/mongodb',
      '/projects/tech/react',
      '/writing',
      '/writing/first-post',
      '/writing/second-post',
      '/writing/tags/node-js',
      '/writing/tags/security',
    ])
    // writing/tags/ is no post.
    expect(routes.filter((r) => r.postSlug).map((r) => r.postSlug)).toEqual(['first-post', 'second-post'])
    expect(routes.filter((r) => r.tagSlug).map((r) => r.tagSlug)).toEqual(['node-js', 'security'])
    // projects/tech/ holds no index.html of its own: it is no case study.
    expect(routes.filter((r) => r.projectId).map((r) => r.projectId)).toEqual(['a', 'b'])
    expect(routes.filter((r) => r.techSlug).map((r) => r.techSlug)).toEqual(['mongodb', 'react'])
  })

  it('selects routes by path or project id and refuses unknown ones', async () => {
    const routes = await listAuditRoutes(dist)
    expect(selectRoutes(routes, ['b', '/']).map((r) => r.route)).toEqual(['/', '/projects/b'])
    expect(selectRoutes(routes, ['/projects/a/']).map((r) => r.route)).toEqual(['/projects/a'])
    expect(selectRoutes(routes, ['projects/tech/react']).map((r) => r.route)).toEqual(['/projects/tech/react'])
    expect(selectRoutes(routes, ['/writing/first-post', 'writing']).map((r) => r.route)).toEqual([
      '/writing',
      '/writing/first-post',
    ])
    expect(() => selectRoutes(routes, ['nope'])).toThrow(/unknown route "nope"/)
  })

  it('builds route URLs under a base', () => {
    expect(routeUrl('http://127.0.0.1:1/x/', { route: '/', file: 'index.html' })).toBe('http://127.0.0.1:1/x/')
    expect(routeUrl('http://127.0.0.1:1/x', { route: '/projects/a', file: '' })).toBe('http://127.0.0.1:1/x/projects/a')
  })
})

describe('parseCli', () => {
  it('defaults to a full audit of a fresh build, gzip-served at /', () => {
    expect(parseCli([])).toEqual({ quick: false, base: '/', runs: 1, compression: 'gzip' })
  })

  it('reads --quick, --routes, --dist, --json, --runs and --no-compression', () => {
    expect(
      parseCli([
        '--quick',
        '--routes',
        '/, logic-i',
        '--dist',
        'out',
        '--json',
        'r.json',
        '--runs',
        '3',
        '--no-compression',
      ]),
    ).toEqual({
      quick: true,
      base: '/',
      runs: 3,
      compression: 'none',
      routes: ['/', 'logic-i'],
      dist: path.resolve('out'),
      json: path.resolve('r.json'),
    })
  })

  it('reads --no-media (the media fixture is audited unless it is given)', () => {
    expect(parseCli(['--no-media'])).toEqual({ quick: false, base: '/', runs: 1, compression: 'gzip', skipMedia: true })
  })

  it('rejects unknown options, bad bases and bad run counts', () => {
    expect(() => parseCli(['--fast'])).toThrow(UsageError)
    expect(() => parseCli(['--base', 'x'])).toThrow(/--base/)
    expect(() => parseCli(['--runs', '0'])).toThrow(/--runs/)
    expect(parseCli(['--help'])).toBe('help')
  })
})
