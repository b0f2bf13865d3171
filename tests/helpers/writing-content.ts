import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { FIXTURES_DIR, REPO_ROOT } from './fixtures.ts'
import { gradientImage } from './test-images.ts'

/** The writing fixture's posts: two published, one draft (tests/fixtures/writing/posts/). */
export const WRITING_FIXTURE = {
  /** Newest first, as /writing lists them. */
  published: ['verifying-webhooks', 'token-rotation'],
  draft: 'notes-on-search',
} as const

/**
 * The repository's content (portfolio.yaml, projects/, media/) with the writing fixture's posts, and
 * the cover they name (made here, never committed), in `<dir>/content`; returns that folder.
 */
export async function contentWithPosts(dir: string): Promise<string> {
  const root = path.join(dir, 'content')
  mkdirSync(root)
  cpSync(path.join(REPO_ROOT, 'portfolio.yaml'), path.join(root, 'portfolio.yaml'))
  cpSync(path.join(REPO_ROOT, 'projects'), path.join(root, 'projects'), { recursive: true })
  if (existsSync(path.join(REPO_ROOT, 'media')))
    cpSync(path.join(REPO_ROOT, 'media'), path.join(root, 'media'), { recursive: true })
  mkdirSync(path.join(root, 'public'))
  await addWritingFixture(root)
  return root
}

/** Adds the writing fixture's posts/ and the cover they name to the content at `root`. */
export async function addWritingFixture(root: string): Promise<void> {
  cpSync(path.join(FIXTURES_DIR, 'writing', 'posts'), path.join(root, 'posts'), { recursive: true })
  mkdirSync(path.join(root, 'media', 'writing'), { recursive: true })
  writeFileSync(path.join(root, 'media', 'writing', 'webhooks-cover.png'), await gradientImage(1600, 840, { seed: 7 }))
}
