import { escapeText } from 'entities'
import hljs from 'highlight.js/lib/common'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import nginx from 'highlight.js/lib/languages/nginx'

// Case studies show deployment files, which highlight.js's common set lacks.
hljs.registerLanguage('nginx', nginx)
hljs.registerLanguage('dockerfile', dockerfile)

/**
 * A fenced code block as HTML: highlighted when highlight.js knows its language (the first word of
 * the info string), else its text escaped. highlight.js escapes the code; markdown-policy.ts lists its classes.
 */
export function highlightCodeBlock(text: string, lang: string | undefined): string {
  const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? ''
  const known = language !== '' && hljs.getLanguage(language) !== undefined
  const html = known ? hljs.highlight(text, { language, ignoreIllegals: true }).value : escapeText(text)
  const classes = known ? `hljs language-${language}` : 'hljs'
  return `<pre><code class="${classes}">${html}</code></pre>\n`
}
