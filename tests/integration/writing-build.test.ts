/**
 * Posts end to end on the CLI side: the shipped content (portfolio.yaml, projects/) with the posts of
 * tests/fixtures/writing/posts/ (a code block, a Mermaid diagram, a cover, tags, related projects, a
 * draft) checked, compiled, and built. The pages at the writing routes are the site's: this test
 * looks at the files and the data only, never at what a page says.
 */
import { existsSync, rmSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { openStore } from '../../cli/cache/store.ts'
import type { PostSummary, RenderedPost } from '../../cli/content/content-types.ts'
import { checkAndCompile } from '../../cli/pipeline/check-and-compile.ts'
import { runBuild } from '../../cli/pipeline/run-build.ts'
import { brief } from '../helpers/fixtures.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'
import { contentWithPosts, WRITING_FIXTURE } from '../helpers/writing-content.ts'

const tempDir = tempDirsPerTest('portfolio-writing-')

const PUBLISHED = [...WRITING_FIXTURE.published]
const DRAFT = WRITING_FIXTURE.draft

describe('posts through check and compile', () => {
  it('compiles the published posts (outline, words, code, diagram) and leaves the draft out unless asked', async () => {
    const dir = tempDir()
    const root = await contentWithPosts(dir)
    const store = openStore(path.join(dir, 'cache'))
    const built = await checkAndCompile(root, { store })
    expect(built.diagnostics.map(brief)).toEqual([])
    expect(built.compileDiagnostics.map(brief)).toEqual([])
    const posts = built.compiled?.posts ?? []
    expect(posts.map((post) => post.slug).sort()).toEqual([...PUBLISHED].sort())
    const webhooks = posts.find((post) => post.slug === 'verifying-webhooks') as RenderedPost
    expect(webhooks.outline).toEqual([
      { id: 'the-raw-body-is-the-message', text: 'The raw body is the message', level: 2 },
      { id: 'compare-in-constant-time', text: 'Compare in constant time', level: 3 },
      { id: 'where-it-sits-in-the-checkout', text: 'Where it sits in the checkout', level: 2 },
    ])
    const text = webhooks.parts.map((part) => ('html' in part ? part.html : '')).join('\n')
    expect(text).toContain('<h2 id="the-raw-body-is-the-message">')
    expect(text).toContain('<code class="hljs language-ts">')
    expect(text).not.toContain('sequenceDiagram')
    const diagrams = webhooks.parts.flatMap((part) => ('diagram' in part ? [part.diagram] : []))
    expect(diagrams.map((d) => d.title)).toEqual(['Webhook flow'])
    expect(diagrams[0]?.svg).toMatch(/^<svg [^>]*aria-label="Webhook flow"/)
    expect(diagrams[0]?.width).toBeGreaterThan(0)
    expect(webhooks.words).toBeGreaterThan(150)
    expect(webhooks.readingMinutes).toBe(Math.max(1, Math.round(webhooks.words / 230)))
    expect(webhooks).toMatchObject({
      tags: ['Node.js', 'payments', 'security'],
      projects: ['shopplusplus', 'authstack'],
    })

    const again = await checkAndCompile(root, { store })
    expect(again.compiled?.posts).toEqual(posts)

    const dev = await checkAndCompile(root, { store, drafts: true })
    expect(dev.compiled?.posts?.find((post) => post.slug === DRAFT)).toMatchObject({ draft: true })
  }, 120_000)
})

describe('a build with posts', () => {
  it('writes the posts data and feeds, lists the writing routes in the sitemap, draws their cards, and never builds the draft', async () => {
    const dir = tempDir()
    const root = await contentWithPosts(dir)
    const out = path.join(dir, 'dist')
    const store = openStore(path.join(dir, 'cache'))
    const result = await runBuild({ root, outDir: out, base: '/', store })
    expect(result.diagnostics.filter((d) => d.severity === 'error').map(brief)).toEqual([])
    expect(result.compiled).toBe(true)

    const index = JSON.parse(readFileSync(path.join(out, 'data/posts.json'), 'utf8')) as PostSummary[]
    expect(index.map((post) => post.slug)).toEqual(['verifying-webhooks', 'token-rotation'])
    expect(index[0]).not.toHaveProperty('html')
    expect(index[0]?.cover).toMatchObject({ alt: expect.stringContaining('payment request') })
    for (const slug of PUBLISHED) {
      const post = JSON.parse(readFileSync(path.join(out, `data/posts/${slug}.json`), 'utf8')) as RenderedPost
      expect(post.slug).toBe(slug)
      expect(existsSync(path.join(out, `writing/${slug}/index.html`))).toBe(true)
      expect(existsSync(path.join(out, `og/writing/${slug}.png`))).toBe(true)
    }
    for (const page of ['writing/index.html', 'writing/tags/node-js/index.html', 'writing/tags/payments/index.html'])
      expect(existsSync(path.join(out, page)), page).toBe(true)

    const sitemap = readFileSync(path.join(out, 'sitemap.xml'), 'utf8')
    for (const url of ['writing', 'writing/verifying-webhooks', 'writing/token-rotation', 'writing/tags/security'])
      expect(sitemap).toContain(`/${url}</loc>`)

    expect(existsSync(path.join(out, `data/posts/${DRAFT}.json`))).toBe(false)
    expect(existsSync(path.join(out, `writing/${DRAFT}`))).toBe(false)
    expect(existsSync(path.join(out, `og/writing/${DRAFT}.png`))).toBe(false)
    expect(existsSync(path.join(out, 'writing/tags/search'))).toBe(false)
    expect(sitemap).not.toContain(DRAFT)

    // The feeds: the published posts, newest first, at their absolute URLs; never the draft.
    const atom = readFileSync(path.join(out, 'feed.xml'), 'utf8')
    const rss = readFileSync(path.join(out, 'rss.xml'), 'utf8')
    const json = JSON.parse(readFileSync(path.join(out, 'feed.json'), 'utf8')) as { items: { id: string }[] }
    const site = 'https://aaravsharma.dev'
    expect(json.items.map((item) => item.id)).toEqual(index.map((post) => `${site}/writing/${post.slug}`))
    for (const feed of [atom, rss]) {
      for (const slug of PUBLISHED) expect(feed).toContain(`${site}/writing/${slug}`)
      expect(feed).not.toContain(DRAFT)
    }
    const writing = readFileSync(path.join(out, 'writing/index.html'), 'utf8')
    expect(writing).toContain('<link rel="alternate" type="application/atom+xml"')
  }, 300_000)

  it('with drafts only, builds no writing page and an app without "Writing" (the app started with posts guessed is built again)', async () => {
    const dir = tempDir()
    const root = await contentWithPosts(dir)
    for (const slug of PUBLISHED) rmSync(path.join(root, 'posts', `${slug}.md`))
    const out = path.join(dir, 'dist')
    const result = await runBuild({ root, outDir: out, base: '/', store: openStore(path.join(dir, 'cache')) })
    expect(result.compiled).toBe(true)
    expect(existsSync(path.join(out, 'writing'))).toBe(false)
    expect(existsSync(path.join(out, 'data/posts.json'))).toBe(false)
    expect(existsSync(path.join(out, 'feed.xml'))).toBe(false)
    const home = readFileSync(path.join(out, 'index.html'), 'utf8')
    expect(home).not.toContain('/writing')
    expect(home).not.toContain('application/atom+xml')
  }, 300_000)
})
