import { Marked, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { highlightCodeBlock } from './highlight.ts'

/** Elements and attributes the compiled markdown may contain: the second wall behind check-markdown. */
export const MARKDOWN_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'a',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'span',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'br',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    span: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    input: ['type', 'checked', 'disabled'],
  },
  // Spans keep only highlight.js's token classes: not its scope suffixes (`function_`) nor the
  // `language-*` it puts on an embedded language's span, which no stylesheet targets.
  allowedClasses: { code: ['hljs', /^language-[\w-]+$/], span: [/^hljs-[\w-]+$/] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^(https?:)?\/\//i.test(attribs.href ?? '')
      return { tagName, attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs }
    },
  },
}

const marked = new Marked({
  gfm: true,
  renderer: {
    // Section titles are h2, so markdown headings start at h3.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(6, Math.max(3, depth + 1))
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
    },
    code({ text, lang }: Tokens.Code) {
      return highlightCodeBlock(text, lang)
    },
    html() {
      // Raw HTML is refused by validation; never pass it through if it gets here.
      return ''
    },
  },
})

/** Markdown → sanitised HTML with code highlighted, at build time, so browsers never download a parser. */
export function compileMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown, { async: false }), MARKDOWN_POLICY).trim()
}
