import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parse, stringify } from 'yaml'
import { createCaseStudy, type CaseStudy } from './case-study.ts'
import { peerIndex, peerPage } from './peer-page.ts'
import { baseBlogPost, createPost, ourPost, type BenchPost } from './post.ts'
import { createRandom } from './random.ts'

const repo = path.resolve(import.meta.dirname, '../..')

export interface GeneratedContent {
  ids: string[]
  /** projects/<id>.yaml for our build, by file name. */
  projects: Record<string, string>
  /** The same case studies as markdown pages for the peer, by file name (index.md lists them). */
  pages: Record<string, string>
}

/**
 * N case studies from one seed. Each project has its own random stream (seed and index), so the
 * first 1000 of 4000 are the 1000 and a project's text does not depend on N.
 */
export function generateContent(n: number, seed = 'bench'): GeneratedContent {
  const studies: CaseStudy[] = Array.from({ length: n }, (_, i) =>
    createCaseStudy(i + 1, createRandom(`${seed}/${i + 1}`)),
  )
  const projects: Record<string, string> = {}
  const pages: Record<string, string> = { 'index.md': peerIndex(studies) }
  for (const study of studies) {
    projects[`${study.id}.yaml`] =
      `# yaml-language-server: $schema=../schema/project.schema.json\n${stringify(study, { lineWidth: 0 })}`
    pages[`${study.id}.md`] = peerPage(study)
  }
  return { ids: studies.map((s) => s.id), projects, pages }
}

/** A content root: the shipped portfolio.yaml (its project order replaced; the build makes its resume) and the projects. */
export function writeContent(root: string, content: GeneratedContent): void {
  mkdirSync(path.join(root, 'projects'), { recursive: true })
  mkdirSync(path.join(root, 'public'), { recursive: true })
  for (const [file, text] of Object.entries(content.projects)) writeFileSync(path.join(root, 'projects', file), text)
  const order = content.ids.map((id) => `    - ${id}\n`).join('')
  const portfolio = readFileSync(path.join(repo, 'portfolio.yaml'), 'utf8').replace(
    /(\n  order:\n)((?:    - .*\n)+)/,
    (_, head: string) => head + order,
  )
  writeFileSync(path.join(root, 'portfolio.yaml'), portfolio)
}

/** The peer's input folder: one markdown page per case study and the index. */
export function writePeerInput(directory: string, pages: Record<string, string>): void {
  mkdirSync(directory, { recursive: true })
  for (const [file, text] of Object.entries(pages)) writeFileSync(path.join(directory, file), text)
}

/** The peer's pages for a content root's projects as they are (the shipped ones: with diagrams and test cards). */
export function peerPagesOf(root: string): Record<string, string> {
  const files = readdirSync(path.join(root, 'projects'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
  const studies = files.map((f) => parse(readFileSync(path.join(root, 'projects', f), 'utf8')) as CaseStudy)
  return Object.fromEntries([['index.md', peerIndex(studies)], ...studies.map((s) => [`${s.id}.md`, peerPage(s)])])
}

/** N posts from one seed, each from its own stream (as generateContent's projects). */
export function generatePosts(n: number, seed = 'bench-post'): BenchPost[] {
  return Array.from({ length: n }, (_, i) => createPost(i + 1, createRandom(`${seed}/${i + 1}`)))
}

/** A content root with the shipped portfolio and case studies, and the posts in posts/. */
export function writePostsContent(root: string, posts: readonly BenchPost[]): void {
  cpSync(path.join(repo, 'portfolio.yaml'), path.join(root, 'portfolio.yaml'))
  cpSync(path.join(repo, 'projects'), path.join(root, 'projects'), { recursive: true })
  mkdirSync(path.join(root, 'posts'), { recursive: true })
  for (const post of posts) writeFileSync(path.join(root, 'posts', `${post.slug}.md`), ourPost(post))
}

/**
 * Eleventy's base blog (scripts/bench/peers/blog, as its repository has it) with the posts in
 * content/blog/, in `directory`: its packages are those installed beside the template. The posts
 * quote code with {{ and {%, so each is markdown only, as its docs say to write such a post.
 */
export function writeBaseBlog(directory: string, template: string, posts: readonly BenchPost[]): void {
  cpSync(template, directory, { recursive: true, filter: (file) => path.basename(file) !== 'node_modules' })
  symlinkSync(path.join(template, 'node_modules'), path.join(directory, 'node_modules'))
  for (const post of posts)
    writeFileSync(
      path.join(directory, 'content/blog', `${post.slug}.md`),
      baseBlogPost(post).replace('---\n', '---\ntemplateEngineOverride: md\n'),
    )
}
