import { bashBlock, jsonBlock, sqlBlock, typescriptBlock } from './code-blocks.ts'
import { bulletList, contentWord, countWords, orderedList, paragraph, table, TECH, titleWords } from './prose.ts'
import type { Random } from './random.ts'

/** One post as both builds read it: its front matter's fields and its markdown. */
export interface BenchPost {
  slug: string
  title: string
  summary: string
  /** YYYY-MM-DD. */
  published: string
  tags: string[]
  markdown: string
}

/**
 * A post's sections: one-word titles, so every tool's heading slugger gives the same ids and the
 * in-page links prose.ts writes (`#approach`) resolve in both builds.
 */
const SECTIONS: { title: string; words: number; extra?: (random: Random) => string[] }[] = [
  { title: 'Context', words: 220 },
  { title: 'Problem', words: 160, extra: (r) => [bulletList(r, ANCHORS)] },
  { title: 'Approach', words: 240, extra: (r) => [orderedList(r, ANCHORS), typescriptBlock(r)] },
  { title: 'Implementation', words: 260, extra: (r) => [jsonBlock(r), sqlBlock(r)] },
  { title: 'Results', words: 180, extra: (r) => [table(r)] },
  { title: 'Deployment', words: 140, extra: (r) => [bashBlock(r, contentWord(r))] },
  { title: 'Lessons', words: 160 },
]
const ANCHORS = SECTIONS.map((s) => s.title.toLowerCase())

/** The first post's date; post i is published i days later, so the newest is the last. */
const FIRST_DAY = Date.UTC(2022, 0, 3)

/**
 * Post `n` (1-based) of ~1,500 words: prose with lists, a table, code blocks and links, like the
 * case studies (prose.ts), in sections with `##` headings. Links prose.ts aims at a generated
 * project point at one the shipped content has.
 */
export function createPost(n: number, random: Random): BenchPost {
  const body = SECTIONS.map(({ title, words, extra }) => {
    const blocks = [paragraph(random, ANCHORS), ...(extra?.(random) ?? [])]
    let count = blocks.reduce((sum, block) => sum + countWords(block), 0)
    while (count < words - 45) {
      blocks.push(paragraph(random, ANCHORS))
      count += countWords(blocks.at(-1)!)
    }
    return `## ${title}\n\n${blocks.join('\n\n')}`
  }).join('\n\n')
  const tags = [...new Set(Array.from({ length: random.int(2, 4) }, () => random.pick(TECH)))]
  return {
    slug: `post-${String(n).padStart(4, '0')}`,
    title: `${titleWords(random, random.int(3, 6))} with ${random.pick(TECH)}`,
    summary: `${titleWords(random, 1)} ${Array.from({ length: random.int(14, 24) }, () => contentWord(random)).join(' ')}.`,
    published: new Date(FIRST_DAY + (n - 1) * 86_400_000).toISOString().slice(0, 10),
    tags,
    markdown: `${body.replaceAll('/projects/p-0001#overview', '/projects/logic-i')}\n`,
  }
}

/** posts/<slug>.md for our build. */
export function ourPost(post: BenchPost): string {
  const front = [
    `title: ${JSON.stringify(post.title)}`,
    `summary: ${JSON.stringify(post.summary)}`,
    `published: "${post.published}"`,
    `tags: [${post.tags.map((t) => JSON.stringify(t)).join(', ')}]`,
  ]
  return `---\n${front.join('\n')}\n---\n\n${post.markdown}`
}

/** The same post for Eleventy's base blog (content/blog/<slug>.md): its front matter's names for the same fields. */
export function baseBlogPost(post: BenchPost): string {
  const front = [
    `title: ${JSON.stringify(post.title)}`,
    `description: ${JSON.stringify(post.summary)}`,
    `date: ${post.published}`,
    `tags: [${post.tags.map((t) => JSON.stringify(t)).join(', ')}]`,
  ]
  return `---\n${front.join('\n')}\n---\n\n${post.markdown}`
}
