import { Marked, type Token, type Tokens } from 'marked'
import type { Post, PostPart, RenderedPost } from '../content/content-types.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import {
  countWords,
  isMermaid,
  lexPost,
  mermaidTitle,
  postHeadings,
  readingMinutes,
  type Heading,
} from '../content/post-text.ts'
import { walkTokens } from '../content/rules/markdown.ts'
import { checkDiagramWidth } from './diagram-width.ts'
import { highlightCodeBlock } from './highlight.ts'
import { POLICY_RENDERER } from './markdown-policy.ts'
import { measureDiagram } from './measure-diagram.ts'
import type { Diagram } from './draw-diagrams.ts'

/**
 * A post's text compiled: the same markdown, policy and highlighting as case-study prose, with what
 * a page of its own adds: h2 and h3 with ids (its outline, for the table of contents), and its
 * ```mermaid blocks drawn to inline SVG. One lexing gives the HTML, the outline and the word count.
 */

/** A compiled post (its cover still `{ src, alt }` until cli/media resolves it), and the diagrams that could not be drawn. */
export interface CompiledPost {
  post: RenderedPost
  diagnostics: Diagnostic[]
}

/** A post's text lexed, with the diagrams it draws: compilePostText, then drawPostDiagrams. */
export interface PostToDraw {
  slug: string
  front: Post
  tokens: Token[]
  headings: Heading[]
  /** Each ```mermaid block, in order. */
  diagrams: (Diagram & { line: number })[]
}

/** Where a diagram goes until its SVG is put in (a private-use character no author types). */
const marker = (index: number) => `\uE000diagram-${index}\uE000`

// Set around each (synchronous) render: the ids of this post's headings, the diagrams met so far.
let headingIds = new Map<Token, string>()
let diagramCount = 0

const marked = new Marked({
  gfm: true,
  renderer: {
    ...POLICY_RENDERER,
    // Its h1 is the title, so headings start at h2; each has its id (the outline's anchors).
    heading(token: Tokens.Heading) {
      const level = Math.min(6, Math.max(2, token.depth))
      const id = headingIds.get(token)
      return `<h${level}${id ? ` id="${id}"` : ''}>${this.parser.parseInline(token.tokens)}</h${level}>\n`
    },
    code({ text, lang }: Tokens.Code) {
      if (isMermaid({ lang } as Tokens.Code)) return `<p>${marker(diagramCount++)}</p>\n`
      return highlightCodeBlock(text, lang)
    },
  },
})

/** Compiling a post, first half: its text lexed once, its headings' ids and its diagrams' sources. */
export function compilePostText(slug: string, front: Post, body: string, bodyLine = 1): PostToDraw {
  const tokens = lexPost(body)
  const diagrams: PostToDraw['diagrams'] = []
  walkTokens(tokens, body, 0, (token, index) => {
    if (token.type !== 'code' || !isMermaid(token as Tokens.Code)) return
    const code = token as Tokens.Code
    const line = bodyLine + body.slice(0, index).split('\n').length - 1
    diagrams.push({ mermaid: code.text, title: mermaidTitle(code) ?? `Diagram ${diagrams.length + 1}`, line })
  })
  return { slug, front, tokens, headings: postHeadings(tokens), diagrams }
}

/**
 * Compiling a post, second half: its text in parts, the HTML between its diagrams and each diagram
 * drawn (`svgs`, in order; a diagram without one is a DIAGRAM_SYNTAX error at its block, one too wide
 * to read a DIAGRAM_WIDTH warning), the outline, the words and the reading time.
 */
export function renderPost(
  toDraw: PostToDraw,
  file: string,
  svgs: readonly ({ svg: string } | { error: string })[],
): CompiledPost {
  const { slug, front, tokens, headings, diagrams } = toDraw
  headingIds = new Map(headings.map((heading) => [heading.token, heading.id]))
  diagramCount = 0
  let html: string
  try {
    html = marked.parser(tokens).trim()
  } finally {
    headingIds = new Map()
  }
  const diagnostics: Diagnostic[] = []
  // The HTML cut at each diagram's marker (a paragraph this render wrote, never the author's text).
  const pieces = html.split(/<p>\uE000diagram-\d+\uE000<\/p>/)
  const parts: PostPart[] = []
  const addHtml = (piece: string | undefined) => {
    const trimmed = piece?.trim()
    if (trimmed) parts.push({ html: trimmed })
  }
  addHtml(pieces[0])
  diagrams.forEach((diagram, i) => {
    const drawn = svgs[i]
    const at = { file, start: { line: diagram.line, column: 1 } }
    if (drawn && 'svg' in drawn) {
      const size = measureDiagram(drawn.svg)
      parts.push({
        diagram: {
          title: diagram.title,
          mermaid: diagram.mermaid,
          svg: drawn.svg,
          width: size.width,
          textSize: size.textSize,
        },
      })
      const tooWide = checkDiagramWidth(diagram.mermaid, size)
      if (tooWide)
        diagnostics.push(
          createDiagnostic(
            'DIAGRAM_WIDTH',
            at,
            `the diagram "${diagram.title}": ${tooWide.message}`,
            tooWide.hint,
            'warning',
          ),
        )
    } else
      diagnostics.push(
        createDiagnostic(
          'DIAGRAM_SYNTAX',
          at,
          `the diagram "${diagram.title}" cannot be rendered: ${drawn?.error ?? 'it was not drawn'}`,
          'Check the diagram against the Mermaid syntax for its type.',
        ),
      )
    addHtml(pieces[i + 1])
  })
  const words = countWords(tokens)
  const post: RenderedPost = {
    slug,
    title: front.title,
    summary: front.summary,
    published: front.published,
    ...(front.updated !== undefined ? { updated: front.updated } : {}),
    ...(front.canonical !== undefined ? { canonical: front.canonical } : {}),
    ...(front.draft === true ? { draft: true } : {}),
    tags: front.tags ?? [],
    projects: front.projects ?? [],
    words,
    readingMinutes: readingMinutes(words),
    // Still { src, alt }: cli/media makes it a ResponsiveImage before anything reads it (as a project's cover).
    ...(front.cover !== undefined ? { cover: front.cover as unknown as RenderedPost['cover'] } : {}),
    parts,
    outline: headings
      .filter((heading) => heading.level === 2 || heading.level === 3)
      .map(({ id, text, level }) => ({ id, text, level: level as 2 | 3 })),
  }
  return { post, diagnostics }
}
