import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import { pageKey, pageRecord, samePageInputs, type PageCache } from '../../cli/pipeline/page-cache.ts'
import type { PageScan } from '../../cli/pipeline/scan-page.ts'

describe('the page cache and the posts', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'post-page-cache-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const cache = (postHashes: Record<string, string>, postsHash: string): PageCache => ({
    store: openStore(dir, 'v1'),
    site: path.join(dir, 'site'),
    siteKey: 'site-1',
    projectHashes: new Map(),
    cardsHash: 'cards',
    cardHashes: new Map(),
    techHash: 'tech',
    postHashes: new Map(Object.entries(postHashes)),
    postsHash,
  })
  const postRoute = { url: '/writing/a', file: 'writing/a/index.html', status: 200 as const, postSlug: 'a' }
  const writingRoute = { url: '/writing', file: 'writing/index.html', status: 200 as const }
  const scan = (page: string): PageScan => ({ page, ids: [], links: [] }) as unknown as PageScan

  it("keys a post page by its post's data, and by nothing else of the posts", () => {
    const before = cache({ a: 'a1', b: 'b1' }, 'index1')
    expect(pageKey(cache({ a: 'a1', b: 'b2' }, 'index2'), postRoute)).toBe(pageKey(before, postRoute))
    expect(pageKey(cache({ a: 'a2', b: 'b1' }, 'index1'), postRoute)).not.toBe(pageKey(before, postRoute))
    expect(pageKey(cache({ a: 'a2' }, 'index2'), writingRoute)).toBe(pageKey(before, writingRoute))
  })

  it('takes a page that read the posts index only while the index is the one it saw', () => {
    const before = cache({}, 'index1')
    const read = pageRecord(before, writingRoute, { scan: scan(writingRoute.file), usedCards: false, usedPosts: true })
    expect(read).toEqual({ scan: scan(writingRoute.file), posts: 'index1' })
    expect(samePageInputs(before, writingRoute)(read)).toBe(true)
    expect(samePageInputs(cache({}, 'index2'), writingRoute)(read)).toBe(false)
    const notRead = pageRecord(before, writingRoute, {
      scan: scan(writingRoute.file),
      usedCards: false,
      usedPosts: false,
    })
    expect(samePageInputs(cache({}, 'index2'), writingRoute)(notRead)).toBe(true)
  })
})
