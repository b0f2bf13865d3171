import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { marked } from 'marked'

/** The bench's markdown pages (one per case study, and index.md), written by scripts/bench/content.ts. */
export function pageDirectory() {
  const directory = process.env.BENCH_CONTENT
  if (!directory) throw new Error('BENCH_CONTENT names the folder of markdown pages to build')
  return directory
}

/** A page's title (from its front matter) and its markdown rendered to HTML, as a route loader returns it. */
export async function loadPage(name) {
  const text = await readFile(path.join(pageDirectory(), `${name}.md`), 'utf8')
  const [, front = '', body = text] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? []
  // A title is written JSON-quoted (a case study's) or plain (the index's).
  const raw = /^title: (.*)$/m.exec(front)?.[1] ?? ''
  const title = raw.startsWith('"') ? JSON.parse(raw) : raw
  return { title, html: await marked.parse(body) }
}
