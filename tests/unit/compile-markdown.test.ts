import { describe, expect, it } from 'vitest'
import { compileMarkdown } from '../../cli/compile/compile-markdown.ts'

const NGINX = 'server {\n  listen 443 ssl;\n  location /api/ { proxy_pass http://127.0.0.1:4000; }\n}'
const DOCKERFILE = 'FROM node:20-alpine\nRUN npm ci\nCMD ["node", "server.js"]'

describe('compileMarkdown', () => {
  it('links addresses and decodes character references', () => {
    expect(compileMarkdown('Write to jane@example.com today.')).toBe(
      '<p>Write to <a href="mailto:jane@example.com">jane@example.com</a> today.</p>',
    )
    expect(compileMarkdown('Caf&eacute; &#65;')).toBe('<p>Café A</p>')
  })

  it('highlights nginx and dockerfile blocks, which highlight.js’s common languages lack', () => {
    const html = compileMarkdown(['```nginx', NGINX, '```', '', '```dockerfile', DOCKERFILE, '```'].join('\n'))
    expect(html).toContain('<code class="hljs language-nginx">')
    expect(html).toContain('<code class="hljs language-dockerfile"><span class="hljs-keyword">FROM</span>')
  })

  it('shows HTML in a code block as highlighted text, never as markup', () => {
    const html = compileMarkdown('```html\n<script>alert(1)</script>\n```')
    expect(html).toContain('<span class="hljs-tag">&lt;<span class="hljs-name">script</span>&gt;</span>')
    expect(html).toContain('<span class="hljs-title function_">alert</span>(<span class="hljs-number">1</span>)')
    expect(html).not.toContain('<script')
  })

  it('shows a block of an unknown language as escaped text', () => {
    expect(compileMarkdown('```nolang\n<b> & "q"\n```')).toBe(
      '<pre><code class="hljs">&lt;b&gt; &amp; "q"</code></pre>',
    )
  })

  it('drops raw HTML and links with a scheme the policy does not allow', () => {
    const html = compileMarkdown(
      '<b onclick="x()">bold</b> [a](javascript:alert(1)) ![i](http://example.com/i.png) <!-- c -->',
    )
    expect(html).not.toMatch(/onclick|javascript|<b>|<!--|http:/)
  })

  it('opens links to other sites without handing them the opener', () => {
    expect(compileMarkdown('[site](https://example.com/?a=1&b=2) and [here](#features)')).toBe(
      '<p><a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">site</a> and <a href="#features">here</a></p>',
    )
  })
})
