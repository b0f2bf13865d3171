/** Posts on the CLI side, piece by piece: front matter placed in the .md file, each post rule, the compile, the serialiser, the routes. */
import { describe, expect, it } from 'vitest'
import { checkPost } from '../../cli/content/check-post.ts'
import type { PostSummary, RenderedPost } from '../../cli/content/content-types.ts'
import { splitFrontMatter } from '../../cli/content/front-matter.ts'
import { countWords, lexPost, postHeadings, readingMinutes } from '../../cli/content/post-text.ts'
import { checkPosts, type PostDocument } from '../../cli/content/rules/posts.ts'
import { compilePostText, renderPost } from '../../cli/compile/compile-post.ts'
import { listedPosts, postsJson } from '../../cli/generate/post-data.ts'
import { generateContentModules } from '../../cli/generate/generate-content.ts'
import { listRoutes } from '../../cli/pipeline/list-routes.ts'
import { sitemapXml } from '../../cli/pipeline/seo-files.ts'
import { socialCardSpecs } from '../../cli/social/card-specs.ts'
import { brief } from '../helpers/fixtures.ts'

const post = (front: string, body = 'Text.\n', file = 'posts/a.md') => ({
  path: file,
  text: `---\n${front}\n---\n${body}`,
})
const FRONT = 'title: A post\nsummary: What it says.\npublished: "2026-01-10"'

describe('front matter', () => {
  it('splits at the first two --- lines and keeps the body offset', () => {
    const split = splitFrontMatter('posts/a.md', '---\r\ntitle: x\r\n---\r\nBody\r\n')
    expect(split).toEqual({ yaml: '---\r\ntitle: x\r\n', body: 'Body\r\n', bodyOffset: 20 })
  })

  it('a missing or unclosed block is a located error with a hint', () => {
    expect(checkPost({ path: 'posts/a.md', text: '# Title\n' }).diagnostics.map(brief)).toEqual([
      'POST_FRONT_MATTER@posts/a.md:1:1',
    ])
    const unclosed = checkPost({ path: 'posts/a.md', text: '---\ntitle: x\n' }).diagnostics
    expect(unclosed.map(brief)).toEqual(['POST_FRONT_MATTER@posts/a.md:1:1'])
    expect(unclosed[0]?.hint).toContain('---')
  })

  it('places YAML and schema errors at their line and column in the .md file', () => {
    expect(checkPost(post(`${FRONT}\ntitle: again`)).diagnostics.map(brief)).toEqual([
      'YAML_DUPLICATE_KEY@posts/a.md:5:1',
    ])
    expect(checkPost(post('title: A post\nsummary: x\npublished: "2026-13-01"')).diagnostics.map(brief)).toEqual([
      'SCHEMA_FORMAT@posts/a.md:4:12',
    ])
    expect(checkPost(post(`${FRONT}\ntitel: x`)).diagnostics.map(brief)).toEqual(['SCHEMA_UNKNOWN_KEY@posts/a.md:5:1'])
  })
})

describe('the rules of one post', () => {
  it('updated before published, and a date that does not exist', () => {
    const checked = checkPost(post(`${FRONT}\nupdated: "2025-12-31"`))
    expect(checked.diagnostics.map(brief)).toEqual(['POST_DATE_ORDER@posts/a.md:5:10'])
    expect(checkPost(post('title: A\nsummary: x\npublished: "2026-02-30"')).diagnostics.map(brief)).toEqual([
      'POST_DATE@posts/a.md:4:12',
    ])
  })

  it('markdown rules in the text, at the line of the .md file', () => {
    const body =
      '## Setup\n\nSee [setup](#setup), [nope](#nope) and <img src=x onerror=alert(1)>.\n\n[x](javascript:alert(1))\n'
    expect(checkPost(post(FRONT, body)).diagnostics.map(brief)).toEqual([
      'MD_RAW_HTML@posts/a.md:8:40',
      'MD_URL_SCHEME@posts/a.md:10:1',
      'BROKEN_ANCHOR@posts/a.md:8:22',
    ])
  })

  it('a Mermaid block gets the diagram rules, at its line', () => {
    const body = '```mermaid\nflowchart LR\n  A["<img src=x>"] --> B\n```\n'
    expect(checkPost(post(FRONT, body)).diagnostics.map(brief)).toEqual(['DIAGRAM_HTML@posts/a.md:8:6'])
  })

  it('a bad cover alt and canonical URL', () => {
    const front = `${FRONT}\ncanonical: http://example.com/a\ncover:\n  src: media/a.png\n  alt: IMG_1234.png`
    expect(checkPost(post(front)).diagnostics.map(brief)).toEqual([
      'URL_INSECURE@posts/a.md:5:12',
      'MEDIA_ALT@posts/a.md:8:8',
    ])
  })
})

describe('the rules across posts', () => {
  const doc = (file: string, front: string): PostDocument => {
    const { parsed } = checkPost(post(front, 'Text.\n', file))
    return { path: file, parsed, data: parsed.data as Record<string, unknown> }
  }

  it('a related project without a file, a tag spelled two ways, and a future date (a warning, against the given day)', () => {
    const a = doc('posts/a.md', `${FRONT}\ntags: [Node.js, C#]\nprojects: [alpha, alpah]`)
    const b = doc('posts/b.md', 'title: B\nsummary: x\npublished: "2026-06-01"\ntags: [nodejs, C sharp, node.js]')
    const found = checkPosts([a, b], ['alpha', 'beta'], '2026-05-31')
    expect(found.map(brief)).toEqual([
      'POST_UNKNOWN_PROJECT@posts/a.md:6:19',
      'W:POST_FUTURE_DATE@posts/b.md:4:12',
      'POST_TAG_SPELLING@posts/b.md:5:8',
      'POST_TAG_SPELLING@posts/b.md:5:16',
      'POST_TAG_SPELLING@posts/b.md:5:25',
    ])
    expect(found[0]?.hint).toContain('"alpha"')
    expect(found[2]?.message).toBe('tag "nodejs" is spelled "Node.js" in posts/a.md:5:8')
    expect(checkPosts([b], [], '2026-06-01').map(brief)).not.toContain('W:POST_FUTURE_DATE@posts/b.md:4:12')
  })
})

/** The HTML parts of a post's text, joined (its diagrams left out). */
const textOf = (post: RenderedPost): string => post.parts.map((part) => ('html' in part ? part.html : '')).join('\n')

describe('compiling a post', () => {
  const compile = (body: string, svgs: ({ svg: string } | { error: string })[] = []) => {
    const front = { title: 'T', summary: 'S', published: '2026-01-01', tags: ['x'] }
    return renderPost(compilePostText('a', front, body, 5), 'posts/a.md', svgs)
  }

  it('gives h2 and h3 ids (unique) and the outline, from the tokens', () => {
    const { post } = compile('# Intro\n\n## Intro\n\n### Why `code`?\n\n#### Deep\n\nText.\n')
    expect(post.outline).toEqual([
      { id: 'intro', text: 'Intro', level: 2 },
      { id: 'intro-1', text: 'Intro', level: 2 },
      { id: 'why-code', text: 'Why code?', level: 3 },
    ])
    expect(textOf(post)).toContain('<h2 id="intro">Intro</h2>')
    expect(textOf(post)).toContain('<h3 id="why-code">Why <code>code</code>?</h3>')
    expect(textOf(post)).toContain('<h4 id="deep">Deep</h4>')
  })

  it('counts words (not diagrams) and gives at least a minute', () => {
    const tokens = lexPost('Two words.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\n- one more\n')
    expect(countWords(tokens)).toBe(4)
    expect(readingMinutes(4)).toBe(1)
    expect(readingMinutes(230 * 7)).toBe(7)
    expect(postHeadings(lexPost('## A\n## A\n')).map((h) => h.id)).toEqual(['a', 'a-1'])
  })

  it('highlights code, and cuts the text at each diagram, drawn with its size', () => {
    const { post, diagnostics } = compile(
      'Before.\n\n```js\nconst a = 1\n```\n\n```mermaid Flow\nflowchart LR\n  A --> B\n```\n\nAfter.\n',
      [{ svg: '<svg width="300" height="80" role="img" aria-label="Flow"><text font-size="14">A</text></svg>' }],
    )
    expect(diagnostics).toEqual([])
    expect(post.parts).toHaveLength(3)
    expect(post.parts[0]).toEqual({
      html: '<p>Before.</p>\n<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span></code></pre>',
    })
    expect(post.parts[1]).toEqual({
      diagram: {
        title: 'Flow',
        mermaid: 'flowchart LR\n  A --> B',
        svg: '<svg width="300" height="80" role="img" aria-label="Flow"><text font-size="14">A</text></svg>',
        width: 300,
        textSize: 14,
      },
    })
    expect(post.parts[2]).toEqual({ html: '<p>After.</p>' })
    expect(post).toMatchObject({ slug: 'a', tags: ['x'], projects: [], readingMinutes: 1 })
  })

  it('a diagram that cannot be drawn is a DIAGRAM_SYNTAX error at its fence', () => {
    const { diagnostics, post } = compile('Text.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n', [{ error: 'bad' }])
    expect(diagnostics.map(brief)).toEqual(['DIAGRAM_SYNTAX@posts/a.md:7:1'])
    expect(textOf(post)).not.toContain('\uE000')
    expect(post.parts).toEqual([{ html: '<p>Text.</p>' }])
  })
})

const summary = (slug: string, published: string, extra: Partial<RenderedPost> = {}): RenderedPost => ({
  slug,
  title: slug,
  summary: 's',
  published,
  tags: ['Node.js'],
  projects: [],
  words: 10,
  readingMinutes: 1,
  parts: [{ html: '<p>x</p>' }],
  outline: [],
  ...extra,
})

describe('the posts data', () => {
  it('posts.json: summaries without text, newest first then by slug', () => {
    const external: PostSummary = {
      ...summary('ext', '2026-02-01'),
      external: { url: 'https://dev.to/x', feed: 'dev.to' },
    }
    const listed = listedPosts({
      posts: [summary('b', '2026-01-01'), summary('a', '2026-01-01')],
      externalPosts: [external],
    })
    expect(listed.map((p) => p.slug)).toEqual(['ext', 'a', 'b'])
    const json = JSON.parse(postsJson(listed)) as Record<string, unknown>[]
    expect(json[1]).toEqual({
      slug: 'a',
      title: 'a',
      summary: 's',
      published: '2026-01-01',
      tags: ['Node.js'],
      projects: [],
      words: 10,
      readingMinutes: 1,
    })
  })

  it('hasPosts in the content module', () => {
    const content = (posts: RenderedPost[]) =>
      generateContentModules(
        { portfolio: { site: { language: 'en' }, chat: {}, projects: { order: [] } } as never, projects: [], posts },
        '',
      ).find((f) => f.path === 'content.ts')?.contents
    expect(content([])).toContain('export const hasPosts: boolean = false')
    expect(content([summary('a', '2026-01-01')])).toContain('export const hasPosts: boolean = true')
  })
})

describe('the writing routes', () => {
  it('/writing, a page per local post and per tag slug, in the sitemap; none without posts', () => {
    const external = { slug: 'ext', tags: ['C#'], external: { url: 'https://x.dev', feed: 'x' } }
    const routes = listRoutes(['p'], [], [{ slug: 'b-post', tags: ['Node.js', 'payments'] }, external])
    expect(routes.map((r) => [r.file, r.postSlug ?? r.tag ?? ''])).toEqual([
      ['index.html', ''],
      ['projects/p/index.html', ''],
      ['writing/index.html', ''],
      ['writing/b-post/index.html', 'b-post'],
      ['writing/tags/c-sharp/index.html', 'c-sharp'],
      ['writing/tags/node-js/index.html', 'node-js'],
      ['writing/tags/payments/index.html', 'payments'],
      ['404.html', ''],
    ])
    expect(sitemapXml(routes, 'https://x.dev', '/')).toContain('<loc>https://x.dev/writing/tags/node-js</loc>')
    expect(listRoutes(['p']).some((r) => r.url.startsWith('/writing'))).toBe(false)
  })

  it('a card per post at og/writing/<slug>.png', () => {
    const specs = socialCardSpecs({
      portfolio: {
        site: { url: 'https://x.dev' },
        owner: { name: 'A', role: 'B' },
        hero: { headline: 'H', claims: [] },
        availability: { text: '' },
      } as never,
      projects: [],
      posts: [{ slug: 'a', title: 'T', summary: 'S', tags: ['x'] }],
    })
    expect(specs.map((s) => s.file)).toEqual(['og/index.png', 'og/writing/a.png'])
    expect(specs[1]?.project).toMatchObject({ title: 'T', description: 'S', tech: ['x'] })
  })
})
