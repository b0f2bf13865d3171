import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openStore, type Store } from '../../cli/cache/store.ts'
import { parseYaml } from '../../cli/content/parse-yaml.ts'
import type { Diagnostic } from '../../cli/diagnostics/diagnostic.ts'
import {
  ageOf,
  type ExternalFeed,
  type ExternalFeedOptions,
  loadExternalPosts,
} from '../../cli/feeds/external-feeds.ts'
import { externalSlug } from '../../cli/feeds/external-items.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'feeds', 'external', name), 'utf8')
const MEDIUM = fixture('medium.xml')
const DEVTO = fixture('devto.xml')
const NOTES = fixture('notes-atom.xml')
const TRUNCATED = fixture('truncated.xml')
const LOGIN_PAGE = '<!doctype html><html><head><title>Sign in</title></head><body><form>…</form></body></html>'

/** What the local server does at a path: serve a document (with a content type and an ETag), fail, or wait. */
type Behaviour = { body: string; type?: string; etag?: string } | { status: number } | { delayMs: number; body: string }

/** A feed server on 127.0.0.1 (never another host), whose answers a test changes as it goes. */
async function feedServer(
  routes: Record<string, Behaviour>,
): Promise<{ url: (p: string) => string; close: () => Promise<void>; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = []
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request)
    // No keep-alive: a later request finds the server down, not a pooled socket it closed.
    response.setHeader('connection', 'close')
    const behaviour = routes[request.url ?? '']
    if (!behaviour) return void response.writeHead(404).end('not found')
    if ('status' in behaviour) return void response.writeHead(behaviour.status).end('<h1>Internal Server Error</h1>')
    if ('delayMs' in behaviour) {
      const timer = setTimeout(() => response.writeHead(200).end(behaviour.body), behaviour.delayMs)
      response.on('close', () => clearTimeout(timer))
      return
    }
    if (behaviour.etag && request.headers['if-none-match'] === behaviour.etag) return void response.writeHead(304).end()
    response.writeHead(200, {
      'content-type': behaviour.type ?? 'application/rss+xml; charset=utf-8',
      ...(behaviour.etag ? { etag: behaviour.etag } : {}),
    })
    response.end(behaviour.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  servers.push(close)
  return { url: (p) => `http://127.0.0.1:${port}${p}`, close, requests }
}

const servers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()))
})

const tempDir = tempDirsPerTest('portfolio-feeds-')

/** portfolio.yaml's writing.external for these feeds, parsed, to locate the warnings. */
function portfolioFor(feeds: readonly ExternalFeed[]) {
  const lines = ['writing:', '  external:']
  for (const feed of feeds) {
    lines.push(`    - url: ${feed.url}`)
    if (feed.name) lines.push(`      name: ${feed.name}`)
  }
  const { parsed } = parseYaml({ path: 'portfolio.yaml', text: `${lines.join('\n')}\n` })
  return parsed
}

const DAY = 24 * 60 * 60 * 1000
const T0 = new Date('2026-11-20T08:00:00Z')
const readingMinutes = (words: number) => Math.max(1, Math.round(words / 230))

function optionsFor(store: Store, feeds: readonly ExternalFeed[], now: Date, extra: Partial<ExternalFeedOptions> = {}) {
  const parsed = portfolioFor(feeds)
  return {
    store,
    readingMinutes,
    locate: (file: string) => (file === 'portfolio.yaml' ? parsed : undefined),
    now: () => now,
    ...extra,
  } satisfies ExternalFeedOptions
}

/** `CODE@line:column` and the message, as a diagnostic reads. */
const brief = (d: Diagnostic) => `${d.severity} ${d.code}@${d.file}:${d.line}:${d.column} ${d.message}`

describe('loadExternalPosts', () => {
  it('fetches every feed, stores each with the time it was fetched, and lists their items as posts', async () => {
    const server = await feedServer({
      '/@aarav/feed': { body: MEDIUM },
      '/feed/aarav': { body: DEVTO },
      '/notes/feed.xml': { body: NOTES, type: 'application/atom+xml' },
    })
    const feeds = [
      { url: server.url('/@aarav/feed'), name: 'Medium' },
      { url: server.url('/feed/aarav') },
      { url: server.url('/notes/feed.xml'), name: 'Notes' },
    ]
    const store = openStore(tempDir(), 'test')
    const { posts, diagnostics } = await loadExternalPosts(feeds, optionsFor(store, feeds, T0))
    expect(diagnostics).toEqual([])
    expect(posts.map((post) => [post.published, post.title, post.external?.feed])).toEqual([
      ['2026-10-05', 'Advisory locks for cron jobs & other singletons', 'Notes'],
      ['2026-09-02', 'Idempotency keys, explained with a coffee order', 'Medium'],
      // 02:00 in India is the day before in UTC: days are UTC, as the local posts'.
      ['2026-07-31', 'Backpressure in Node streams, in one picture', 'Notes'],
      // An RSS title is plain text: the tag names in it stay text.
      ['2026-06-18', 'Accessible disclosure widgets with <details> and <summary>', 'DEV Community: Aarav Mehta'],
      ['2026-03-14', 'Verifying Razorpay webhooks in Express', 'DEV Community: Aarav Mehta'],
      ['2026-01-20', 'What a year of on-call taught me', 'Medium'],
      ['2025-11-02', 'Row-level security in Postgres for multi-tenant SaaS', 'DEV Community: Aarav Mehta'],
    ])

    const onCall = posts.find((post) => post.title.startsWith('What a year'))
    expect(onCall).toMatchObject({
      slug: `what-a-year-of-on-call-taught-me-3f9a1c2b7d4e-${externalSlug('https://medium.com/@aarav/what-a-year-of-on-call-taught-me-3f9a1c2b7d4e').slice(-8)}`,
      updated: '2026-01-27',
      tags: ['sre', 'on-call', 'devops'],
      projects: [],
      external: {
        url: 'https://medium.com/@aarav/what-a-year-of-on-call-taught-me-3f9a1c2b7d4e?source=rss-7d1e2f3a4b5c------2',
        feed: 'Medium',
      },
    })
    // Medium gives no synopsis: the summary is the start of the text, as plain text.
    expect(onCall?.summary).toMatch(
      /^A year ago I joined the rotation for our payments platform\. Here is what stuck\. Page on/,
    )
    expect(onCall?.summary.length).toBeLessThanOrEqual(300)
    expect(onCall?.words).toBeGreaterThan(100)
    expect(onCall?.readingMinutes).toBe(readingMinutes(onCall?.words ?? 0))

    // dev.to's description is the whole article (RSS 2.0: an item "complete in itself").
    const webhooks = posts.find((post) => post.title.startsWith('Verifying'))
    expect(webhooks?.words).toBeGreaterThan(60)
    expect(webhooks?.tags).toEqual(['node', 'express', 'payments', 'security'])
    expect(webhooks?.summary).not.toContain('<')
    expect(webhooks).not.toHaveProperty('updated')

    // Atom: the summary is the entry's own; updated only when it is a later day.
    const locks = posts.find((post) => post.title.startsWith('Advisory'))
    expect(locks).toMatchObject({
      summary:
        'Use pg_try_advisory_lock so that only one replica runs a scheduled job, without a separate lock service.',
      updated: '2026-10-06',
      tags: ['postgres', 'ops'],
      external: { url: 'https://notes.aarav.dev/2026/10/05/advisory-locks.html', feed: 'Notes' },
    })
    expect(posts.find((post) => post.title.startsWith('Backpressure'))).not.toHaveProperty('updated')
    expect(new Set(posts.map((post) => post.slug)).size).toBe(posts.length)

    for (const [index, text] of [MEDIUM, DEVTO, NOTES].entries()) {
      const feed = feeds[index] as ExternalFeed
      expect(store.get('external-feed', store.key('external-feed', feed.url))).toMatchObject({
        url: feed.url,
        fetchedAt: '2026-11-20T08:00:00.000Z',
        text,
      })
    }
  })

  it('uses the stored copy when the server is down, and says which feed and how old the copy is', async () => {
    const server = await feedServer({ '/@aarav/feed': { body: MEDIUM }, '/feed/aarav': { body: DEVTO } })
    const feeds = [{ url: server.url('/@aarav/feed'), name: 'Medium' }, { url: server.url('/feed/aarav') }]
    const store = openStore(tempDir(), 'test')
    const first = await loadExternalPosts(feeds, optionsFor(store, feeds, T0))
    await server.close()

    const later = new Date(T0.getTime() + 3 * DAY + 5 * 60 * 60 * 1000)
    const offline = await loadExternalPosts(feeds, optionsFor(store, feeds, later))
    expect(offline.posts).toEqual(first.posts)
    expect(offline.diagnostics.map(brief)).toEqual([
      `warning EXTERNAL_FEED_UNREACHABLE@portfolio.yaml:3:12 the feed "Medium" (${feeds[0]?.url}) could not be fetched: the connection failed (ECONNREFUSED). Its posts come from the last copy stored, 3 days old (fetched 2026-11-20 08:00 UTC).`,
      `warning EXTERNAL_FEED_UNREACHABLE@portfolio.yaml:5:12 the feed "DEV Community: Aarav Mehta" (${feeds[1]?.url}) could not be fetched: the connection failed (ECONNREFUSED). Its posts come from the last copy stored, 3 days old (fetched 2026-11-20 08:00 UTC).`,
    ])
    expect(offline.diagnostics[0]).toMatchObject({ pointer: '/writing/external/0/url', hint: expect.any(String) })
  })

  it('gives up on a feed that does not answer within the timeout, and uses its stored copy', async () => {
    const routes: Record<string, Behaviour> = { '/feed/aarav': { body: DEVTO } }
    const server = await feedServer(routes)
    const feeds = [{ url: server.url('/feed/aarav'), name: 'dev.to' }]
    const store = openStore(tempDir(), 'test')
    const first = await loadExternalPosts(feeds, optionsFor(store, feeds, T0))

    routes['/feed/aarav'] = { delayMs: 5_000, body: DEVTO }
    const started = performance.now()
    const slow = await loadExternalPosts(
      feeds,
      optionsFor(store, feeds, new Date(T0.getTime() + 2 * 60 * 60 * 1000), { timeoutMs: 250 }),
    )
    expect(performance.now() - started).toBeLessThan(4_000)
    expect(slow.posts).toEqual(first.posts)
    expect(slow.diagnostics.map(brief)).toEqual([
      `warning EXTERNAL_FEED_UNREACHABLE@portfolio.yaml:3:12 the feed "dev.to" (${feeds[0]?.url}) could not be fetched: no answer within 0.25 s. Its posts come from the last copy stored, 2 hours old (fetched 2026-11-20 08:00 UTC).`,
    ])
  })

  it('reports an HTTP error and uses the stored copy', async () => {
    const routes: Record<string, Behaviour> = { '/notes/feed.xml': { body: NOTES, type: 'application/atom+xml' } }
    const server = await feedServer(routes)
    const feeds = [{ url: server.url('/notes/feed.xml') }]
    const store = openStore(tempDir(), 'test')
    const first = await loadExternalPosts(feeds, optionsFor(store, feeds, T0))
    routes['/notes/feed.xml'] = { status: 500 }
    const failed = await loadExternalPosts(feeds, optionsFor(store, feeds, new Date(T0.getTime() + DAY)))
    expect(failed.posts).toEqual(first.posts)
    expect(failed.diagnostics.map(brief)).toEqual([
      `warning EXTERNAL_FEED_UNREACHABLE@portfolio.yaml:3:12 the feed "Aarav’s notes" (${feeds[0]?.url}) could not be fetched: the server answered 500 Internal Server Error. Its posts come from the last copy stored, 1 day old (fetched 2026-11-20 08:00 UTC).`,
    ])
  })

  it('reports a malformed feed as malformed, located, and keeps the good copy it stored', async () => {
    const routes: Record<string, Behaviour> = { '/feed/aarav': { body: DEVTO } }
    const server = await feedServer(routes)
    const feeds = [{ url: server.url('/feed/aarav'), name: 'dev.to' }]
    const store = openStore(tempDir(), 'test')
    const first = await loadExternalPosts(feeds, optionsFor(store, feeds, T0))

    routes['/feed/aarav'] = { body: TRUNCATED }
    const malformed = await loadExternalPosts(feeds, optionsFor(store, feeds, new Date(T0.getTime() + 10 * 60 * 1000)))
    expect(malformed.posts).toEqual(first.posts)
    expect(malformed.diagnostics.map(brief)).toEqual([
      `warning EXTERNAL_FEED_MALFORMED@portfolio.yaml:3:12 the feed "dev.to" (${feeds[0]?.url}) is malformed: it is not well-formed XML. Its posts come from the last copy stored, 10 minutes old (fetched 2026-11-20 08:00 UTC).`,
    ])
    expect(malformed.diagnostics[0]?.end).toEqual({ line: 3, column: 12 + (feeds[0]?.url.length ?? 0) })
    // The malformed answer did not replace the copy.
    expect(store.get('external-feed', store.key('external-feed', feeds[0]?.url ?? ''))).toMatchObject({ text: DEVTO })
  })

  it('reports a page that is not a feed, and lists nothing of it on a first build', async () => {
    const server = await feedServer({
      '/aarav': { body: LOGIN_PAGE, type: 'text/html' },
      '/feed/aarav': { body: DEVTO },
    })
    const feeds = [{ url: server.url('/aarav') }, { url: server.url('/feed/aarav') }]
    const { posts, diagnostics } = await loadExternalPosts(feeds, optionsFor(openStore(tempDir(), 'test'), feeds, T0))
    expect(posts.map((post) => post.external?.feed)).toEqual([
      'DEV Community: Aarav Mehta',
      'DEV Community: Aarav Mehta',
      'DEV Community: Aarav Mehta',
    ])
    expect(diagnostics.map(brief)).toEqual([
      `warning EXTERNAL_FEED_MALFORMED@portfolio.yaml:3:12 the feed "127.0.0.1:${new URL(feeds[0]?.url ?? '').port}" (${feeds[0]?.url}) is malformed: it is not an RSS, Atom or JSON feed. No copy of it is stored yet, so its posts are left out.`,
    ])
  })

  it('warns and goes on without the posts on a first build that cannot fetch', async () => {
    const server = await feedServer({})
    const feeds = [{ url: server.url('/@aarav/feed'), name: 'Medium' }]
    await server.close()
    const { posts, diagnostics } = await loadExternalPosts(feeds, optionsFor(openStore(tempDir(), 'test'), feeds, T0))
    expect(posts).toEqual([])
    expect(diagnostics.map(brief)).toEqual([
      `warning EXTERNAL_FEED_UNREACHABLE@portfolio.yaml:3:12 the feed "Medium" (${feeds[0]?.url}) could not be fetched: the connection failed (ECONNREFUSED). No copy of it is stored yet, so its posts are left out.`,
    ])
  })

  it('asks only for changes once it has a copy, and counts a "not modified" answer as fetched', async () => {
    const server = await feedServer({ '/feed/aarav': { body: DEVTO, etag: '"v1"' } })
    const feeds = [{ url: server.url('/feed/aarav') }]
    const store = openStore(tempDir(), 'test')
    const first = await loadExternalPosts(feeds, optionsFor(store, feeds, T0))
    const again = await loadExternalPosts(feeds, optionsFor(store, feeds, new Date(T0.getTime() + DAY)))
    expect(server.requests.map((request) => request.headers['if-none-match'])).toEqual([undefined, '"v1"'])
    expect(again).toEqual(first)
    expect(store.get('external-feed', store.key('external-feed', feeds[0]?.url ?? ''))).toMatchObject({
      fetchedAt: '2026-11-21T08:00:00.000Z',
      etag: '"v1"',
    })
  })

  it('takes the fetch function as a parameter', async () => {
    const feeds = [{ url: 'https://dev.to/feed/aarav' }]
    const requested: string[] = []
    const fetch = async (input: string | URL | Request) => {
      requested.push(String(input))
      return new Response(DEVTO, { headers: { 'content-type': 'application/rss+xml' } })
    }
    const { posts } = await loadExternalPosts(feeds, optionsFor(openStore(tempDir(), 'test'), feeds, T0, { fetch }))
    expect(requested).toEqual(['https://dev.to/feed/aarav'])
    expect(posts).toHaveLength(3)
  })
})

describe('ageOf', () => {
  it('says how old in the largest whole unit', () => {
    expect([0, 59_000, 60_000, 3_600_000 * 5, DAY - 1, DAY, 3 * DAY + 1].map(ageOf)).toEqual([
      'less than a minute',
      'less than a minute',
      '1 minute',
      '5 hours',
      '23 hours',
      '1 day',
      '3 days',
    ])
  })
})
