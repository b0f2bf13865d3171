import { formatDay } from '../../site/src/period.ts'
import { describe, expect, it } from 'vitest'
import type { PostSummary } from '../../site/src/generated/types.ts'
import { renderHead } from '../../site/src/head.ts'
import { postMeta } from '../../site/src/page-meta.ts'
import { matchPage, matchPath, routeIds } from '../../site/src/route-match.ts'
import { postJsonLd, tagJsonLd, writingJsonLd } from '../../site/src/structured-data.ts'
import { dateOnly, postCount, postTags, postsAbout, postsTagged, readingTime } from '../../site/src/writing.ts'

const post = (slug: string, extra: Partial<PostSummary> = {}): PostSummary => ({
  slug,
  title: `Title of ${slug}`,
  summary: `Summary of ${slug}`,
  published: '2026-03-14',
  tags: [],
  projects: [],
  words: 1000,
  readingMinutes: 5,
  ...extra,
})

const url = (path: string) => `https://jane.dev${path}`

describe('writing routes', () => {
  it('matches the list, a post and a tag page, with or without a trailing slash', () => {
    expect(matchPath('/writing')).toEqual({ id: routeIds.writing })
    expect(matchPath('/writing/')).toEqual({ id: routeIds.writing })
    expect(matchPath('/writing/razorpay-webhooks')).toEqual({ id: routeIds.post, postSlug: 'razorpay-webhooks' })
    expect(matchPath('/writing/razorpay-webhooks/')).toEqual({ id: routeIds.post, postSlug: 'razorpay-webhooks' })
    expect(matchPath('/writing/tags/node-js')).toEqual({ id: routeIds.tag, tagSlug: 'node-js' })
    expect(matchPath('/writing/tags/node-js/')).toEqual({ id: routeIds.tag, tagSlug: 'node-js' })
  })

  it('decodes a segment and sends deeper paths to the not-found page', () => {
    expect(matchPath('/writing/caf%C3%A9')).toEqual({ id: routeIds.post, postSlug: 'café' })
    expect(matchPath('/writing/a/b')).toEqual({ id: routeIds.notFound })
    expect(matchPath('/writing/tags/a/b')).toEqual({ id: routeIds.notFound })
    expect(matchPath('/writings')).toEqual({ id: routeIds.notFound })
  })

  it('matches under a base path', () => {
    expect(matchPage('/sub/writing/tags/go', '/sub/')).toEqual({ id: routeIds.tag, tagSlug: 'go' })
    expect(matchPage('/writing', '/sub/')).toEqual({ id: routeIds.notFound })
  })
})

describe('writing helpers', () => {
  it('says the reading time in whole minutes, at least one', () => {
    expect(readingTime(6)).toBe('6 min read')
    expect(readingTime(0.2)).toBe('1 min read')
  })

  it('counts the posts of a tag', () => {
    expect(postCount(1, 'Node.js')).toBe('1 post tagged Node.js')
    expect(postCount(3, 'Node.js')).toBe('3 posts tagged Node.js')
  })

  it('lists the tags by slug, most used first, then by name, with their posts newest first', () => {
    const posts = [
      post('c', { tags: ['Node.js', 'Payments'] }),
      post('b', { tags: ['Go'] }),
      post('a', { tags: ['Node.js', 'Go', 'Algorithms'] }),
    ]
    expect(postTags(posts)).toEqual([
      { name: 'Go', slug: 'go', slugs: ['b', 'a'] },
      { name: 'Node.js', slug: 'node-js', slugs: ['c', 'a'] },
      { name: 'Algorithms', slug: 'algorithms', slugs: ['a'] },
      { name: 'Payments', slug: 'payments', slugs: ['c'] },
    ])
    expect(postsTagged(posts, 'node-js').map((p) => p.slug)).toEqual(['c', 'a'])
    expect(postsTagged(posts, 'rust')).toEqual([])
  })

  it('finds the posts about a project', () => {
    const posts = [post('a', { projects: ['logic-i'] }), post('b'), post('c', { projects: ['authstack', 'logic-i'] })]
    expect(postsAbout(posts, 'logic-i').map((p) => p.slug)).toEqual(['a', 'c'])
  })

  it('spells a date out in the language of the page, the same day whatever the time zone, and keeps the day for <time datetime>', () => {
    expect(formatDay('2026-03-14')).toBe('March 14, 2026')
    expect(formatDay('2026-01-02T23:30:00Z')).toBe('January 2, 2026')
    expect(formatDay('2026-03-14', 'fr')).toBe('14 mars 2026')
    expect(formatDay('2026-03-14', 'de')).toBe('14. März 2026')
    expect(formatDay('soon')).toBe('soon')
    expect(dateOnly('2026-01-02T23:30:00Z')).toBe('2026-01-02')
  })
})

describe('writing in the head', () => {
  it('describes a post as a BlogPosting, its home the address it was first published at', () => {
    const data = postJsonLd(
      post('otp', { updated: '2026-04-01', tags: ['Node.js', 'Security'], canonical: 'https://dev.to/jane/otp' }),
      url,
      'https://jane.dev/og/writing/otp.png',
    )
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Title of otp',
      datePublished: '2026-03-14',
      dateModified: '2026-04-01',
      image: 'https://jane.dev/og/writing/otp.png',
      url: 'https://jane.dev/writing/otp',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://dev.to/jane/otp' },
      keywords: 'Node.js, Security',
      author: { '@type': 'Person' },
    })
    expect(postJsonLd(post('a'), url, null)).toMatchObject({
      dateModified: '2026-03-14',
      mainEntityOfPage: { '@id': 'https://jane.dev/writing/a' },
    })
  })

  it('lists the posts on /writing as a Blog (an external post by its own address) and a tag page as a CollectionPage', () => {
    const posts = [
      post('a', { tags: ['Go'] }),
      post('m', { external: { url: 'https://medium.com/x', feed: 'Medium' } }),
    ]
    const meta = { title: 'Writing', description: 'Posts', path: '/writing', type: 'website' as const }
    const blog = writingJsonLd(posts, url, meta)
    expect(blog['@type']).toBe('Blog')
    expect(blog.blogPost).toEqual([
      {
        '@type': 'BlogPosting',
        headline: 'Title of a',
        url: 'https://jane.dev/writing/a',
        datePublished: '2026-03-14',
      },
      { '@type': 'BlogPosting', headline: 'Title of m', url: 'https://medium.com/x', datePublished: '2026-03-14' },
    ])
    const tag = tagJsonLd({ name: 'Go', slug: 'go', slugs: ['a'] }, posts, url, meta)
    expect(tag).toMatchObject({ '@type': 'CollectionPage', url: 'https://jane.dev/writing/tags/go' })
    expect(tag.mainEntity).toMatchObject({ itemListElement: [{ position: 1, item: { headline: 'Title of a' } }] })
  })

  it('names the three feeds when the site has posts, and a post first published elsewhere as canonical', () => {
    const options = { siteUrl: 'https://jane.dev', siteName: 'Jane', base: '/sub/' }
    const meta = postMeta(post('otp', { canonical: 'https://dev.to/jane/otp' }))
    const head = renderHead(meta, { ...options, feeds: true })
    expect(head).toContain('<link rel="canonical" href="https://dev.to/jane/otp">')
    expect(head).toContain('<meta property="og:url" content="https://jane.dev/sub/writing/otp">')
    expect(head.match(/<link rel="alternate"[^>]*>/g)).toEqual([
      '<link rel="alternate" type="application/atom+xml" title="Jane (Atom)" href="https://jane.dev/sub/feed.xml">',
      '<link rel="alternate" type="application/rss+xml" title="Jane (RSS)" href="https://jane.dev/sub/rss.xml">',
      '<link rel="alternate" type="application/feed+json" title="Jane (JSON Feed)" href="https://jane.dev/sub/feed.json">',
    ])
    expect(renderHead(postMeta(post('a')), options)).not.toContain('rel="alternate"')
  })
})
