import hljs from 'highlight.js/lib/common'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import nginx from 'highlight.js/lib/languages/nginx'
import { Marked, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'

/** Elements and attributes the compiled markdown may contain: the second wall behind check-markdown. */
const MARKDOWN_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'a', 'strong', 'em', 'del', 'code', 'pre', 'span', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'h5', 'h6', 'hr', 'br', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'input'],
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
  allowedClasses: { code: ['hljs', /^language-[\w-]+$/], span: [/^hljs-[\w-]+$/, 'language-*'] },
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

function createMarked(): Marked {
  // The common bundle lacks the deployment languages case studies show.
  hljs.registerLanguage('nginx', nginx)
  hljs.registerLanguage('dockerfile', dockerfile)
  return new Marked({
    gfm: true,
    renderer: {
      // Section titles are h2, so markdown headings start at h3.
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, Math.max(3, depth + 1))
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
      },
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? ''
        const known = language !== '' && hljs.getLanguage(language) !== undefined
        const html = known ? hljs.highlight(text, { language, ignoreIllegals: true }).value : escapeHtml(text)
        const classes = known ? `hljs language-${language}` : 'hljs'
        return `<pre><code class="${classes}">${html}</code></pre>\n`
      },
      html() {
        // Raw HTML is refused by validation; never pass it through if it gets here.
        return ''
      },
    },
  })
}

let marked: Marked | undefined

/** Markdown → sanitised HTML with code highlighted, at build time, so browsers never download a parser. */
export function compileMarkdown(markdown: string): string {
  marked ??= createMarked()
  const html = marked.parse(markdown, { async: false })
  return sanitizeHtml(html, MARKDOWN_POLICY).trim()
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
