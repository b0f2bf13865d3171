import { Marked, type Tokens } from 'marked'
import { highlightCodeBlock } from './highlight.ts'
import { POLICY_RENDERER } from './markdown-policy.ts'
import { textBlocks, type TextBlock } from './text-blocks.ts'

const marked = new Marked({
  gfm: true,
  renderer: {
    ...POLICY_RENDERER,
    // Section titles are h2, so markdown headings start at h3.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(6, Math.max(3, depth + 1))
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
    code({ text, lang }: Tokens.Code) {
      return highlightCodeBlock(text, lang)
    },
  },
})

/** A markdown field compiled for the page and for the chat: its HTML, and its text blocks (text-blocks.ts). */
export interface CompiledText {
  html: string
  blocks: TextBlock[]
}

/** Markdown → HTML within the markdown policy (markdown-policy.ts), code highlighted, at build time, so browsers never download a parser. */
export function compileMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false }).trim()
}

/**
 * compileMarkdown, and the field's text blocks from the same tokens: one lexing gives both, so the
 * chat's passages never come from parsing the HTML written here. No hooks or walkTokens are set on
 * this instance, so lexer then parser is what `parse` does.
 */
export function compileMarkdownText(markdown: string): CompiledText {
  const tokens = marked.lexer(markdown)
  // Read before rendering: the tokens are the lexer's, as the renderer then receives them.
  const blocks = textBlocks(tokens)
  return { html: marked.parser(tokens).trim(), blocks }
}
