import { parseFeed } from 'feedsmith'
import { XmlDocument } from 'libxml2-wasm'
import { describe, expect, it } from 'vitest'
import { absoluteSrcset, absoluteUrl, absolutizeHtml, siteLocation } from '../../cli/feeds/absolute-urls.ts'
import { renderFeeds } from '../../cli/feeds/feed-documents.ts'
import { draft, portfolio, posts, siteFiles } from '../fixtures/feeds/posts.ts'
import {
  atomProblems,
  jsonFeedProblems,
  jsonFeedUrls,
  NS,
  rssProblems,
  urlProblems,
  xmlFeedUrls,
} from '../helpers/feed-checks.ts'

const feedsAt = (base: string) => {
  const feeds = renderFeeds(posts, portfolio, base)
  if (!feeds) throw new Error('no feeds')
  return feeds
}

/** The ids of each post's page, for the fragments of links to it. */
const anchorsUnder = (root: string) =>
  Object.fromEntries(posts.map((post) => [`${root}writing/${post.slug}`, post.outline.map((entry) => entry.id)]))

describe('renderFeeds', () => {
  it('writes no feed when no post is listed', () => {
    expect(renderFeeds([], portfolio, '/')).toBeUndefined()
    expect(renderFeeds([draft], portfolio, '/')).toBeUndefined()
  })

  for (const base of ['/', '/my-portfolio/']) {
    describe(`under the base ${base}`, () => {
      const feeds = feedsAt(base)
      const root = `https://aarav.dev${base}`

      it('writes Atom that is valid against RFC 4287’s RELAX NG schema', () => {
        expect(atomProblems(feeds.atom)).toEqual([])
      })

      it('writes well-formed RSS 2.0 with the required channel and item elements', () => {
        expect(rssProblems(feeds.rss)).toEqual([])
      })

      it('writes JSON Feed 1.1 with its required fields and types', () => {
        expect(jsonFeedProblems(feeds.json)).toEqual([])
      })

      it('makes every URL of each feed absolute, the site’s own pointing at its pages and files', () => {
        for (const urls of [xmlFeedUrls(feeds.atom), xmlFeedUrls(feeds.rss), jsonFeedUrls(feeds.json)]) {
          expect(urls.length).toBeGreaterThanOrEqual(20)
          expect(urlProblems(urls, root, siteFiles, anchorsUnder(root))).toEqual([])
        }
      })

      it('links each feed to itself and to /writing', () => {
        const atom = XmlDocument.fromString(feeds.atom)
        expect(atom.get("/atom:feed/atom:link[@rel='self']/@href", NS)?.content).toBe(`${root}feed.xml`)
        expect(atom.get("/atom:feed/atom:link[@rel='alternate']/@href", NS)?.content).toBe(`${root}writing`)
        const rss = XmlDocument.fromString(feeds.rss)
        expect(rss.get("/rss/channel/atom:link[@rel='self']/@href", NS)?.content).toBe(`${root}rss.xml`)
        expect(JSON.parse(feeds.json)).toMatchObject({ feed_url: `${root}feed.json`, home_page_url: `${root}writing` })
      })
    })
  }

  const feeds = feedsAt('/')

  it('gives each Atom entry its id, dates, summary, full text, tags, original and cover', () => {
    const { format, feed } = parseFeed(feeds.atom)
    if (format !== 'atom') throw new Error(format)
    expect(feed.title).toMatchObject({ value: 'Aarav Mehta — Full-Stack Developer' })
    expect(feed.authors).toEqual([{ name: 'Aarav Mehta', uri: 'https://aarav.dev/' }])
    // The feed changed when its latest post did: the first post's update, not a build time.
    expect(feed.updated).toBe('2026-04-02T00:00:00.000Z')
    const [webhooks, onCall, tenants] = feed.entries ?? []
    expect(webhooks).toMatchObject({
      id: 'https://aarav.dev/writing/verifying-razorpay-webhooks',
      title: { value: 'Verifying Razorpay webhooks in Express' },
      summary: { value: 'Why the signature check needs the raw body, and how to keep retries idempotent.' },
      published: '2026-03-14T00:00:00.000Z',
      updated: '2026-04-02T00:00:00.000Z',
      categories: [{ term: 'Node.js' }, { term: 'payments' }],
      links: [{ href: 'https://aarav.dev/writing/verifying-razorpay-webhooks', rel: 'alternate' }],
      media: {
        contents: [
          {
            url: 'https://aarav.dev/media/5be0c1d2-1600.jpg',
            medium: 'image',
            type: 'image/jpeg',
            width: 1600,
            height: 900,
          },
        ],
      },
    })
    expect(webhooks?.content?.type).toBe('html')
    expect(webhooks?.content?.value).toContain(
      '<a href="https://aarav.dev/writing/verifying-razorpay-webhooks#raw-body">',
    )
    // A code block keeps its lines.
    expect(webhooks?.content?.value).toContain(
      'secret)\n  .<span class="hljs-title function_">update</span>(rawBody)\n',
    )
    // Never updated: updated is the day it was published.
    expect(onCall).toMatchObject({ published: '2026-01-20T00:00:00.000Z', updated: '2026-01-20T00:00:00.000Z' })
    expect(onCall?.links).toContainEqual({
      href: 'https://medium.com/@aarav/what-a-year-of-on-call-taught-me-3f9a1c2b7d4e',
      rel: 'via',
      type: 'text/html',
    })
    // Plain text stays plain text: a title's & and < are characters, not markup.
    expect(tenants?.title).toMatchObject({
      value: 'Tenants & Postgres: row-level security <in practice>',
      type: 'text',
    })
    expect(tenants?.content?.value).toContain('<code>]]&gt;</code>')
  })

  it('gives each RSS item its permalink, date, author, tags, full text and original', () => {
    const { format, feed } = parseFeed(feeds.rss)
    if (format !== 'rss') throw new Error(format)
    expect(feed).toMatchObject({ language: 'en', lastBuildDate: 'Thu, 02 Apr 2026 00:00:00 GMT' })
    const [webhooks, onCall] = feed.items ?? []
    expect(webhooks).toMatchObject({
      link: 'https://aarav.dev/writing/verifying-razorpay-webhooks',
      guid: { value: 'https://aarav.dev/writing/verifying-razorpay-webhooks', isPermaLink: true },
      pubDate: 'Sat, 14 Mar 2026 00:00:00 GMT',
      dc: { creators: ['Aarav Mehta'] },
      categories: [{ name: 'Node.js' }, { name: 'payments' }],
    })
    expect(webhooks?.content?.encoded).toContain('srcset="https://aarav.dev/media/9c41aa07-480.png 480w, ')
    expect(onCall?.atom?.links).toEqual([
      {
        href: 'https://medium.com/@aarav/what-a-year-of-on-call-taught-me-3f9a1c2b7d4e',
        rel: 'via',
        type: 'text/html',
      },
    ])
  })

  it('gives each JSON Feed item its url, external_url, image, dates, tags and authors', () => {
    const feed = JSON.parse(feeds.json)
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Aarav Mehta — Full-Stack Developer',
      language: 'en',
      authors: [{ name: 'Aarav Mehta', url: 'https://aarav.dev/' }],
    })
    expect(feed.items.map((item: { id: string }) => item.id)).toEqual(
      posts.map((post) => `https://aarav.dev/writing/${post.slug}`),
    )
    expect(feed.items[0]).toMatchObject({
      url: 'https://aarav.dev/writing/verifying-razorpay-webhooks',
      image: 'https://aarav.dev/media/5be0c1d2-1600.jpg',
      date_published: '2026-03-14T00:00:00.000Z',
      date_modified: '2026-04-02T00:00:00.000Z',
      tags: ['Node.js', 'payments'],
    })
    expect(feed.items[1].external_url).toBe('https://medium.com/@aarav/what-a-year-of-on-call-taught-me-3f9a1c2b7d4e')
    expect(feed.items[2]).not.toHaveProperty('external_url')
    expect(feed.items[2]).not.toHaveProperty('image')
  })

  it('leaves drafts and the posts of other sites out', () => {
    const external = {
      ...posts[1]!,
      slug: 'elsewhere',
      external: { url: 'https://dev.to/aarav/x-1a2b', feed: 'dev.to' },
    }
    const withOthers = renderFeeds([draft, ...posts, external], portfolio, '/')
    expect(withOthers).toEqual(feeds)
  })

  it('carries the newest posts only, 20 unless told', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...posts[2]!,
      slug: `post-${i}`,
      published: `2025-10-${String(31 - i).padStart(2, '0')}`,
    }))
    const ids = (json: string | undefined) => JSON.parse(json ?? '{}').items.map((item: { id: string }) => item.id)
    expect(ids(renderFeeds(many, portfolio, '/')?.json)).toEqual(
      many.slice(0, 20).map((p) => `https://aarav.dev/writing/${p.slug}`),
    )
    expect(ids(renderFeeds(many, portfolio, '/', { limit: 2 })?.json)).toEqual([
      'https://aarav.dev/writing/post-0',
      'https://aarav.dev/writing/post-1',
    ])
  })

  it('gives the same bytes for the same posts', () => {
    expect(renderFeeds(structuredClone(posts), portfolio, '/')).toEqual(feeds)
  })
})

describe('absolutizeHtml', () => {
  const site = siteLocation('https://aarav.dev/', '/my-portfolio')
  const page = 'https://aarav.dev/my-portfolio/writing/a'

  it('makes in-page anchors absolute to the post, in-site paths and media absolute under the base, and leaves the rest', () => {
    expect(absoluteUrl('#raw-body', site, page)).toBe(`${page}#raw-body`)
    expect(absoluteUrl('/projects/logic-i#api', site, page)).toBe('https://aarav.dev/my-portfolio/projects/logic-i#api')
    expect(absoluteUrl('/', site, page)).toBe('https://aarav.dev/my-portfolio/')
    expect(absoluteUrl('media/a-800.avif', site, page)).toBe('https://aarav.dev/my-portfolio/media/a-800.avif')
    expect(absoluteUrl('https://example.com/a?b=1&c=2', site, page)).toBe('https://example.com/a?b=1&c=2')
    expect(absoluteUrl('mailto:aarav@aarav.dev', site, page)).toBe('mailto:aarav@aarav.dev')
  })

  it('makes every srcset candidate absolute and keeps its descriptor', () => {
    expect(absoluteSrcset('media/a-480.avif 480w,media/a-800.avif  800w', site, page)).toBe(
      'https://aarav.dev/my-portfolio/media/a-480.avif 480w, https://aarav.dev/my-portfolio/media/a-800.avif 800w',
    )
    expect(absoluteSrcset('media/a.png, media/a@2x.png 2x', site, page)).toBe(
      'https://aarav.dev/my-portfolio/media/a.png, https://aarav.dev/my-portfolio/media/a@2x.png 2x',
    )
  })

  it('changes nothing but URLs: text, code and an SVG diagram’s own references stay as they were', () => {
    const html =
      '<p>a &amp; b &lt;c&gt; “d”&nbsp;e <a href="#x">x</a></p><pre><code>if (a &lt; b) {}</code></pre>' +
      '<svg viewBox="0 0 10 10"><marker id="m"/><use href="#m"/><path marker-end="url(#m)" d="M0 0"/></svg>'
    expect(absolutizeHtml(html, site, page)).toBe(html.replace('href="#x"', `href="${page}#x"`))
  })
})
