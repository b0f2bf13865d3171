import { Marked, type Tokens } from 'marked'
import { highlightCodeBlock } from './highlight.ts'
import { POLICY_RENDERER } from './markdown-policy.ts'

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

/** Markdown → HTML within the markdown policy (markdown-policy.ts), code highlighted, at build time, so browsers never download a parser. */
export function compileMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false }).trim()
}
