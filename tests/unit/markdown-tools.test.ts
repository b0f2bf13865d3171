import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import hljs from 'highlight.js/lib/common'
import nginx from 'highlight.js/lib/languages/nginx'
import sanitizeHtml from 'sanitize-html'
import { describe, expect, it } from 'vitest'
import { compileMarkdown } from '../../cli/compile/compile-markdown.ts'
import { markdownTools } from '../../cli/compile/markdown-tools.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('markdown-tools-')

const CODE = [
  ['json', '{ "sku": "A-1", "qty": 3, "ok": true }'],
  ['nginx', 'server {\n  listen 443 ssl;\n  location /api/ { proxy_pass http://127.0.0.1:4000; }\n}'],
  ['dockerfile', 'FROM node:20-alpine\nRUN npm ci\nCMD ["node", "server.js"]'],
  ['typescript', 'const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0)'],
] as const
const HTML = ['<p>Safe <strong>text</strong> and <a href="https://example.com">a link</a></p>', '<p onclick="x()">x</p><script>alert(1)</script><img src="javascript:alert(1)">']

/**
 * What the tools give for CODE and HTML, loaded from a code-cached bundle in `directory`, in a fresh
 * process.
 */
function fromBundle(directory: string): { codeCache: string; highlighted: string[]; sanitized: string[] } {
  const bundle = pathToFileURL(path.resolve(import.meta.dirname, '../../cli/compile/code-cached-bundle.ts')).href
  const tools = pathToFileURL(path.resolve(import.meta.dirname, '../../cli/compile/markdown-tools.ts')).href
  const script = `const { loadCodeCachedBundle } = await import(${JSON.stringify(bundle)})
const { MARKDOWN_TOOLS_BUNDLE } = await import(${JSON.stringify(tools)})
const loaded = loadCodeCachedBundle(MARKDOWN_TOOLS_BUNDLE, ${JSON.stringify(directory)})
const { hljs, nginx, dockerfile, sanitizeHtml } = loaded.exports
hljs.registerLanguage('nginx', nginx)
hljs.registerLanguage('dockerfile', dockerfile)
const highlighted = ${JSON.stringify(CODE)}.map(([language, code]) => hljs.highlight(code, { language }).value)
const sanitized = ${JSON.stringify(HTML)}.map((html) => sanitizeHtml(html))
loaded.saveCodeCache()
console.log(JSON.stringify({ codeCache: loaded.codeCache, highlighted, sanitized }))`
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout) as { codeCache: string; highlighted: string[]; sanitized: string[] }
}

describe('markdown tools (highlight.js and sanitize-html, loaded from a code-cached bundle)', () => {
  it('highlight and sanitise exactly as the packages do, and the next process loads them with the code cache', () => {
    hljs.registerLanguage('nginx', nginx)
    const expected = {
      highlighted: CODE.map(([language, code]) => (language === 'dockerfile' ? undefined : hljs.highlight(code, { language }).value)),
      sanitized: HTML.map((html) => sanitizeHtml(html)),
    }
    const directory = tempDir()
    const first = fromBundle(directory)
    expect(first.codeCache).toBe('missing')
    expect(first.sanitized).toEqual(expected.sanitized)
    CODE.forEach(([language], i) => {
      if (language !== 'dockerfile') expect(first.highlighted[i], language).toBe(expected.highlighted[i])
      expect(first.highlighted[i], language).toContain('<span class="hljs-')
    })
    const second = fromBundle(directory)
    expect(second).toEqual({ ...first, codeCache: 'used' })
  }, 60_000)

  it('are what compiling markdown uses: nginx and dockerfile blocks come out highlighted, unsafe HTML does not come out', () => {
    expect(markdownTools().hljs.getLanguage('nginx')).toBeDefined()
    const html = compileMarkdown(['```nginx', CODE[1][1], '```', '', '```dockerfile', CODE[2][1], '```'].join('\n'))
    expect(html).toContain('<code class="hljs language-nginx">')
    expect(html).toContain('<code class="hljs language-dockerfile"><span class="hljs-keyword">FROM</span>')
    expect(markdownTools().sanitizeHtml(HTML[1]!)).toBe('<p>x</p>')
  })
})
