import { Lexer, Marked, type TokenizerObject, type Tokens } from 'marked'
import type sanitize from 'sanitize-html'
import { randomBytes } from 'node:crypto'
import { markdownTools, saveMarkdownToolsCodeCache } from './markdown-tools.ts'

/** Elements and attributes the compiled markdown may contain: the second wall behind check-markdown. */
export const MARKDOWN_POLICY: sanitize.IOptions = {
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

/**
 * marked's GFM inline-text rule without its two e-mail lookaheads. At every character of a run of
 * text they read ahead through a possible address up to an "@" (a fifth of marked's time on prose).
 * In markdown with no "@" they never match, so the rule without them matches the same text; and with
 * no "&" there is no character reference for marked to decode in it. Made from marked's own rule;
 * undefined if that changed shape (marked's rule is then used for all markdown).
 */
export const TEXT_WITHOUT_EMAIL: RegExp | undefined = (() => {
  const rule = Lexer.rules.inline.gfm.text
  const emailChar = "[a-zA-Z0-9.!#$%&'*+\\/=?_`{\\|}~-]"
  const lookaheads = [`|(?=${emailChar}+@)`, `|[^${emailChar.slice(1, -1)}](?=${emailChar}+@)`]
  if (!lookaheads.every((lookahead) => rule.source.split(lookahead).length === 2)) return undefined
  return new RegExp(lookaheads.reduce((source, lookahead) => source.replace(lookahead, ''), rule.source), rule.flags)
})()

/** marked's inline-text tokenizer with TEXT_WITHOUT_EMAIL, for markdown without "@" or "&" (see there). */
export const textWithoutEmail: TokenizerObject = {
  inlineText(src) {
    const match = TEXT_WITHOUT_EMAIL?.exec(src)
    if (!match) return false
    return { type: 'text', raw: match[0], text: match[0], escaped: this.lexer.state.inRawBlock }
  },
}

function createMarked(tokenizer?: TokenizerObject): Marked {
  return new Marked({
    gfm: true,
    ...(tokenizer ? { tokenizer } : {}),
    renderer: {
      // Section titles are h2, so markdown headings start at h3.
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(6, Math.max(3, depth + 1))
        return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
      },
      // Set aside and put back after sanitising (see compileMarkdown): a placeholder here.
      code({ text, lang }: Tokens.Code) {
        codeBlocks.push(highlightedBlock(text, lang))
        return `<pre>${PLACEHOLDER}${codeBlocks.length - 1}E</pre>\n`
      },
      html() {
        // Raw HTML is refused by validation; never pass it through if it gets here.
        return ''
      },
    },
  })
}

let marked: Marked | undefined
/** The same, for markdown with no "@" or "&" (see TEXT_WITHOUT_EMAIL). */
let markedWithoutEmail: Marked | undefined
/** The code blocks of the markdown being compiled, in order. */
let codeBlocks: string[] = []
/** Marks where a code block goes back: unguessable, so no text of the content can pass for one. */
const PLACEHOLDER = `CODEBLOCK${randomBytes(12).toString('hex')}N`
const PLACEHOLDERS = new RegExp(`<pre>${PLACEHOLDER}(\\d+)E</pre>`, 'g')
/** What highlight.js gives: the code's text, escaped, inside its own class-only spans. */
const HIGHLIGHTED = /^(?:[^<]|<span class="[\w -]+">|<\/span>)*$/

/**
 * A code block, highlighted when its language is known. highlight.js escapes the code and adds only
 * <span class="hljs-…">, and that is checked (anything else and the block is shown as plain text),
 * so the block needs no sanitising: it is kept out of sanitize-html, whose cost was two thirds in
 * the many spans of highlighted code.
 */
function highlightedBlock(text: string, lang: string | undefined): string {
  const { hljs } = markdownTools()
  const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? ''
  const known = language !== '' && hljs.getLanguage(language) !== undefined
  const highlighted = known ? hljs.highlight(text, { language, ignoreIllegals: true }).value : ''
  // Text inside an element: quotes need no escaping (and sanitize-html, which these blocks once went
  // through, wrote them as themselves).
  if (!known || !HIGHLIGHTED.test(highlighted)) return `<pre><code class="hljs">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code></pre>`
  // As the markdown policy has it: only hljs-* classes (not highlight.js's scope suffixes such as
  // "function_"), and quotes in text as themselves.
  const html = highlighted
    .replace(/<span class="([\w -]+)">/g, (_, classes: string) => {
      const kept = classes.split(' ').filter((name) => /^hljs-[\w-]+$/.test(name))
      return kept.length > 0 ? `<span class="${kept.join(' ')}">` : '<span>'
    })
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
  return `<pre><code class="${/^[\w-]+$/.test(language) ? `hljs language-${language}` : 'hljs'}">${html}</code></pre>`
}

/**
 * Markdown without any of these cannot make a link, an image, a task box, raw HTML or an entity of
 * its own (marked makes none without "<", "[", "@", "&", "://" or "www."): what marked writes for it
 * is its own block and inline elements around escaped text (code blocks are set aside before).
 */
const MAY_NEED_SANITIZING = /[<[@&]|:\/\/|www\./i
/** Any tag other than those marked writes for such markdown, with the only attributes it gives them. */
const OTHER_MARKUP = /<(?!(?:\/?(?:p|em|strong|del|code|pre|ul|ol|li|h[3-6]|blockquote|table|thead|tbody|tr|th|td)|br|hr|ol start="\d+"|(?:th|td) align="(?:left|center|right)")>)/

/**
 * The policy applied to marked's HTML. For markdown that cannot make anything the policy removes,
 * and whose HTML holds only marked's plain elements (checked, so a surprise from marked still meets
 * the sanitiser), sanitize-html would only write it again its own way: quotes in text as themselves,
 * void elements closed. That is done here instead: sanitising was a quarter of compiling a case study,
 * and most prose has no link. A differential test holds both ways to the same output.
 */
export function applyMarkdownPolicy(html: string, markdown: string): string {
  if (!MAY_NEED_SANITIZING.test(markdown) && !OTHER_MARKUP.test(html)) {
    return html.replace(/<(br|hr)>/g, '<$1 />').replace(/&#39;/g, "'").replace(/&quot;/g, '"')
  }
  return markdownTools().sanitizeHtml(html, MARKDOWN_POLICY)
}

/**
 * Markdown → sanitised HTML with code highlighted, at build time, so browsers never download a parser.
 * `policy` is for tests, which hold the default to sanitize-html's own output.
 */
export function compileMarkdown(markdown: string, policy: (html: string, markdown: string) => string = applyMarkdownPolicy): string {
  const parser = TEXT_WITHOUT_EMAIL && !/[@&]/.test(markdown) ? (markedWithoutEmail ??= createMarked(textWithoutEmail)) : (marked ??= createMarked())
  codeBlocks = []
  const html = policy(parser.parse(markdown, { async: false }), markdown)
  const blocks = codeBlocks
  codeBlocks = []
  saveMarkdownToolsCodeCache()
  return html.replace(PLACEHOLDERS, (_, index: string) => blocks[Number(index)] ?? '').trim()
}
