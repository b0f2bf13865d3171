import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Store } from '../cache/store.ts'
import type { Portfolio, PostSummary, RenderedPost } from '../content/content-types.ts'
import type { SourceFile } from '../content/load-sources.ts'
import { parseYaml } from '../content/parse-yaml.ts'
import { readingMinutes } from '../content/post-text.ts'
import { loadExternalPosts, type ExternalPosts } from '../feeds/external-feeds.ts'
import { renderFeeds, type FeedDocuments } from '../feeds/feed-documents.ts'
import { feedFiles } from '../../site/src/paths.ts'

/**
 * The posts of the feeds in writing.external (cli/feeds/external-feeds.ts), fetched (or taken from
 * the store) while the content is checked. Their warnings are located in portfolio.yaml, parsed
 * again only if there is one to locate.
 */
export function startExternalPosts(
  portfolio: Pick<Portfolio, 'writing'> | undefined,
  source: SourceFile | undefined,
  store: Store,
): Promise<ExternalPosts> {
  const feeds = portfolio?.writing?.external ?? []
  if (feeds.length === 0 || !source) return Promise.resolve({ posts: [], diagnostics: [] })
  let parsed: ReturnType<typeof parseYaml>['parsed'] | undefined
  return loadExternalPosts(feeds, {
    store,
    readingMinutes,
    locate: (file) => (file === source.path ? (parsed ??= parseYaml(source).parsed) : undefined),
  })
}

/**
 * The Atom, RSS and JSON feeds of the posts the site lists (feed.xml, rss.xml, feed.json) as the
 * build writes them and the dev server answers them: the posts of posts/*.md in the order of
 * `listed` (newest first). Undefined when there is none to list.
 */
export function feedsOf(
  posts: readonly RenderedPost[],
  listed: readonly PostSummary[],
  portfolio: Pick<Portfolio, 'site' | 'owner'>,
  base: string,
): FeedDocuments | undefined {
  const bySlug = new Map(posts.map((post) => [post.slug, post]))
  const newestFirst = listed.flatMap((summary) => {
    const post = summary.external ? undefined : bySlug.get(summary.slug)
    return post ? [post] : []
  })
  return renderFeeds(newestFirst, portfolio, base)
}

/** Writes the feeds of feedsOf into `siteDir`; nothing when there is no post to list. */
export async function writeFeeds(
  siteDir: string,
  posts: readonly RenderedPost[],
  listed: readonly PostSummary[],
  portfolio: Pick<Portfolio, 'site' | 'owner'>,
  base: string,
): Promise<number> {
  const feeds = feedsOf(posts, listed, portfolio, base)
  if (!feeds) return 0
  for (const format of ['atom', 'rss', 'json'] as const)
    await writeFile(path.join(siteDir, feedFiles[format]), feeds[format])
  return 3
}
