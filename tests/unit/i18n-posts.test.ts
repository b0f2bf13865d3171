/** Posts in several languages: posts/<slug>.<tag>.md loaded, checked, localized, compiled, and each language's feeds. */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noStore } from '../../cli/cache/no-store.ts'
import { compileLanguagePostCached } from '../../cli/compile/compile-cache.ts'
import { checkContent, type CheckResult } from '../../cli/content/check-content.ts'
import type { RenderedPost } from '../../cli/content/content-types.ts'
import type { LanguageContent } from '../../cli/content/i18n/localize.ts'
import { loadSources } from '../../cli/content/load-sources.ts'
import { languageFeedFiles, languageFeeds } from '../../cli/feeds/language-feeds.ts'
import { brief, copyToTemp, FIXTURES_DIR, type FixtureRoot } from '../helpers/fixtures.ts'
import { atomProblems, jsonFeedProblems, jsonFeedUrls, rssProblems, xmlFeedUrls } from '../helpers/feed-checks.ts'

const I18N = path.join(FIXTURES_DIR, 'i18n')
let result: CheckResult
const language = (tag: string) => result.languages?.find((l) => l.language === tag) as LanguageContent

beforeAll(async () => {
  result = await checkContent(I18N)
})

/** Every post of a language compiled (no diagram in the fixture: nothing to draw). */
async function compiled(tag: string): Promise<RenderedPost[]> {
  return Promise.all(language(tag).posts.map(async (post) => (await compileLanguagePostCached(post, noStore)).post))
}

describe('post translations', () => {
  it('are loaded beside their posts, not taken for posts or bad file names', async () => {
    const loaded = await loadSources(I18N)
    expect(loaded.posts.map((post) => post.path)).toEqual(['posts/caching-builds.md', 'posts/release-notes.md'])
    expect(loaded.postOverlays.map(({ source, language, post }) => [source.path, language, post])).toEqual([
      ['posts/caching-builds.ar.md', 'ar', 'caching-builds'],
      ['posts/caching-builds.fr.md', 'fr', 'caching-builds'],
    ])
    expect(loaded.diagnostics).toEqual([])
  })

  it('validate clean, counted as files and in each language coverage (the text one field more per post)', () => {
    expect(result.diagnostics.map(brief)).toEqual([])
    expect(result.fileCount).toBe(3 + 8 + 1 + 2 + 2)
    const caching = 3 // title, summary, text
    const notes = 3
    const fr = result.coverage.find((c) => c.language === 'fr')
    const hi = result.coverage.find((c) => c.language === 'hi')
    expect((fr?.fields ?? 0) - (hi?.fields ?? 0)).toBe(0)
    expect(fr?.fields).toBeGreaterThanOrEqual(caching + notes)
    expect(result.translationLock).toContain('  posts/caching-builds.md:\n    /title: ')
    expect(result.translationLock).toMatch(/\n {4}body: [0-9a-f]{16}\n/)
  })

  it('localize: the merged front matter, the language text where translated, else the source', () => {
    const fr = language('fr')
    const [caching, notes] = fr.posts
    expect(caching).toMatchObject({
      slug: 'caching-builds',
      untranslated: false,
      bodyFile: 'posts/caching-builds.fr.md',
      bodyLanguage: 'fr',
      fromOtherLanguage: [],
    })
    expect(caching?.data).toMatchObject({
      title: 'Mettre en cache une construction statique par son contenu',
      published: '2025-03-10',
      tags: ['Node.js', 'builds'],
      projects: ['ledger'],
    })
    expect(caching?.body).toContain('## Quand reconstruire')
    expect(notes).toMatchObject({ untranslated: true, bodyFile: 'posts/release-notes.md', bodyLanguage: 'en' })
    expect(notes?.fromOtherLanguage).toEqual([
      { pointer: '/title', language: 'en' },
      { pointer: '/summary', language: 'en' },
    ])
    expect(language('ar').posts[0]?.data.title).toBe('التخزين المؤقت لبناء ثابت حسب محتواه')
    expect(language('hi').posts.every((post) => post.untranslated)).toBe(true)
  })

  it('compile in their language, with heading ids from the translated text', async () => {
    const [fr] = await compiled('fr')
    expect(fr?.title).toBe('Mettre en cache une construction statique par son contenu')
    expect(fr?.outline.map((h) => h.id)).toEqual(['des-cles-tirees-du-contenu', 'quand-reconstruire'])
    const [ar] = await compiled('ar')
    expect(ar?.outline.map((h) => h.text)).toEqual(['مفاتيح من المحتوى', 'متى نعيد البناء'])
  })
})

describe('each language feeds', () => {
  it('carry only the posts whose text is in the language, in it, with its tag and URLs under /<tag>/', async () => {
    const fr = languageFeeds(language('fr'), await compiled('fr'), '/')
    expect(fr).toBeDefined()
    const atom = fr?.atom ?? ''
    expect(atomProblems(atom)).toEqual([])
    expect(rssProblems(fr?.rss ?? '')).toEqual([])
    expect(jsonFeedProblems(fr?.json ?? '')).toEqual([])
    expect(atom).toContain('xml:lang="fr"')
    expect(atom).toContain('Mettre en cache une construction statique par son contenu')
    expect(atom).not.toContain('Writing release notes')
    expect(fr?.rss).toContain('<language>fr</language>')
    const json = JSON.parse(fr?.json ?? '{}') as { language: string; feed_url: string; items: { url: string }[] }
    expect(json.language).toBe('fr')
    expect(json.feed_url).toBe('https://amira.example.com/fr/feed.json')
    expect(json.items.map((item) => item.url)).toEqual(['https://amira.example.com/fr/writing/caching-builds'])
    // The in-page link of the translated text points at the French page's heading.
    expect(atom).toContain('https://amira.example.com/fr/writing/caching-builds#quand-reconstruire')
    const urls = [...xmlFeedUrls(atom), ...xmlFeedUrls(fr?.rss ?? ''), ...jsonFeedUrls(fr?.json ?? '')]
    const own = urls.filter((url) => url.startsWith('https://amira.example.com/'))
    expect(own.length).toBeGreaterThan(0)
    for (const url of own) expect(url.startsWith('https://amira.example.com/fr/'), url).toBe(true)
  })

  it('are files in the language folder; an Arabic feed is in Arabic; a language without a translated post has none', async () => {
    const files = languageFeedFiles(language('ar'), await compiled('ar'), '/sub/')
    expect(files.map((f) => f.file)).toEqual(['ar/feed.xml', 'ar/rss.xml', 'ar/feed.json'])
    expect(files[0]?.text).toContain('xml:lang="ar"')
    expect(files[0]?.text).toContain('https://amira.example.com/sub/ar/writing/caching-builds')
    expect(files[0]?.text).toContain('التخزين المؤقت لبناء ثابت حسب محتواه')
    expect(languageFeeds(language('hi'), await compiled('hi'), '/')).toBeUndefined()
  })
})

describe('a stale post translation', () => {
  let copy: FixtureRoot
  beforeAll(() => {
    copy = copyToTemp(I18N)
    const file = path.join(copy.root, 'posts', 'caching-builds.md')
    writeFileSync(file, readFileSync(file, 'utf8').replace('Only when a digest changes.', 'Only when a key changes.'))
  })
  afterAll(() => copy.cleanup())

  it('is a warning at the translated text, an error with --strict-i18n', async () => {
    const loose = await checkContent(copy.root)
    expect(loose.diagnostics.map(brief)).toEqual([
      'W:TRANSLATION_STALE@posts/caching-builds.ar.md:5:1',
      'W:TRANSLATION_STALE@posts/caching-builds.fr.md:5:1',
    ])
    expect(loose.diagnostics[1]?.message).toBe(
      'the fr translation of the text of posts/caching-builds.md is stale since the source changed',
    )
    expect(loose.coverage.find((c) => c.language === 'fr')?.stale).toBe(1)
    const strict = await checkContent(copy.root, { strictI18n: true })
    expect(strict.diagnostics.map(brief)).toContain('TRANSLATION_STALE@posts/caching-builds.fr.md:5:1')
    const missing = strict.diagnostics.filter(
      (d) => d.code === 'TRANSLATION_MISSING' && d.file === 'posts/release-notes.md',
    )
    expect(missing.map((d) => d.message)).toContain(
      '3 fields of posts/release-notes.md have no fr translation: /title, /summary, its text',
    )
  })
})
