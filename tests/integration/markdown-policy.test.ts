/**
 * Property test: whatever markdown an author writes, the compiled HTML holds only what the markdown
 * policy lists (cli/compile/markdown-policy.ts), read as a browser reads it. Nothing sanitises the
 * HTML after the renderer, so this test is the proof the second wall stands.
 */
import fc from 'fast-check'
import { Parser } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { compileMarkdown } from '../../cli/compile/compile-markdown.ts'
import { compilePostText, renderPost } from '../../cli/compile/compile-post.ts'
import { CODE_CLASS, MARKDOWN_ELEMENTS, POST_ELEMENTS } from '../../cli/compile/markdown-policy.ts'

/** Pieces of markdown, HTML and addresses that an attack or a slip would be made of. */
const PIECES = [
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '!',
  '`',
  '```',
  '*',
  '_',
  '~~',
  '|',
  '-',
  '#',
  '\n',
  '\n\n',
  ' ',
  '"',
  "'",
  '&',
  '&#106;',
  '&#x6A;',
  '&colon;',
  '&amp;',
  ':',
  '//',
  '/\\',
  '\\',
  'javascript:',
  'JaVaScRiPt:',
  'java\tscript:',
  'java&#9;script:',
  ' javascript:',
  'data:text/html,',
  'vbscript:',
  'https://x.org/',
  'http://x.org',
  'mailto:a@b.c',
  'www.x.org',
  'a@b.c',
  'alert(1)',
  'onerror=',
  'onclick="x()"',
  '<script>',
  '</script>',
  '<img src=x onerror=y>',
  '<a href="javascript:x">',
  '<svg onload=x>',
  '<iframe src=x>',
  '<style>',
  '<!--',
  '-->',
  '<![CDATA[',
  '<?x',
  'style=',
  '[r]: ',
  '[r]',
  ' "t"',
  '1. ',
  '- [x] ',
  '> ',
  '    ',
  '|-|-|\n',
  'a',
  'é',
  '\u00a0',
  '\u0000',
  '\ud800',
  '```html\n',
  '```js\n',
  '```mermaid\n',
]
const markdown = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''))

/** A site path, https or mailto, as a browser resolves it: the test's own reading, not the renderer's. */
function addressProblem(value: string, mailto: boolean): string | undefined {
  let url: URL
  try {
    url = new URL(value, 'https://site.invalid/')
  } catch {
    return `an address a browser cannot resolve: ${JSON.stringify(value)}`
  }
  if (url.protocol === 'mailto:' && mailto) return undefined
  if (url.protocol !== 'https:') return `scheme ${url.protocol} in ${JSON.stringify(value)}`
  if (url.host !== 'site.invalid' && !/^https:/i.test(value.trim()))
    return `another host without https: written out: ${JSON.stringify(value)}`
  return undefined
}

/** What `html` holds outside `elements`, parsed with entities decoded and tags as a browser reads them. */
function outsidePolicy(html: string, elements: Readonly<Record<string, readonly string[]>>): string[] {
  const found: string[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const allowed = elements[name]
        if (!allowed) {
          found.push(`<${name}>`)
          return
        }
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!allowed.includes(attribute)) found.push(`<${name} ${attribute}>`)
          else if (attribute === 'href' || attribute === 'src') {
            const problem = addressProblem(value, attribute === 'href')
            if (problem) found.push(`<${name} ${attribute}>: ${problem}`)
          } else if (attribute === 'class') {
            for (const name of value.split(/\s+/).filter(Boolean))
              if (!CODE_CLASS.test(name)) found.push(`class ${JSON.stringify(name)}`)
          } else if (attribute === 'target' && value !== '_blank') found.push(`target=${value}`)
        }
      },
      oncomment(text) {
        found.push(`<!--${text}-->`)
      },
      oncdatastart() {
        found.push('CDATA')
      },
      onprocessinginstruction(name) {
        found.push(`<${name}>`)
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.end(html)
  return found
}

const FRONT = { title: 'T', summary: 'S', published: '2026-01-01', tags: ['x'] }
function postHtml(body: string): string {
  const toDraw = compilePostText('a', FRONT, body)
  // Diagrams left undrawn: the policy is the HTML around them (their SVG keeps a sanitiser, render-diagram.ts).
  const { post } = renderPost(
    toDraw,
    'posts/a.md',
    toDraw.diagrams.map(() => ({ error: 'not drawn here' })),
  )
  return post.parts.map((part) => ('html' in part ? part.html : '')).join('')
}

describe('the markdown policy', () => {
  it('finds what lies outside it: the checker below can fail', () => {
    expect(
      outsidePolicy(
        '<script>x</script><p onclick="x()">t</p><a href="java&#9;script:x">a</a><img src="//evil.example/i"><a href="/\\evil.example">b</a><span class="x">c</span><!-- c -->',
        MARKDOWN_ELEMENTS,
      ),
    ).toEqual([
      '<script>',
      '<p onclick>',
      '<a href>: scheme javascript: in "java\\tscript:x"',
      '<img src>: another host without https: written out: "//evil.example/i"',
      '<a href>: another host without https: written out: "/\\\\evil.example"',
      'class "x"',
      '<!-- c -->',
    ])
  })

  it('holds every element, attribute, class and address of case-study prose, whatever the markdown', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        expect(outsidePolicy(compileMarkdown(source), MARKDOWN_ELEMENTS)).toEqual([])
      }),
      { numRuns: 3000, seed: 48_045 },
    )
  })

  it('holds every element, attribute, class and address of a post, whatever the markdown', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        expect(outsidePolicy(postHtml(source), POST_ELEMENTS)).toEqual([])
      }),
      { numRuns: 1500, seed: 48_046 },
    )
  })

  it('keeps a link or image whose address is refused as its text, and the rest of the paragraph', () => {
    expect(compileMarkdown('See [the demo](&#106;avascript:alert(1)) and ![a chart](//evil.example/c.png) here.')).toBe(
      '<p>See the demo and a chart here.</p>',
    )
    expect(compileMarkdown('[site](https://example.com) [path](/projects/x#api) [mail](mailto:a@b.c)')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a> <a href="/projects/x#api">path</a> <a href="mailto:a@b.c">mail</a></p>',
    )
  })
})
