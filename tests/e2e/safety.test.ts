import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { compileMarkdown } from '../../cli/compile/compile-markdown.ts'
import { DiagramRenderError, loadDiagramRenderer, type DiagramRenderer } from '../../cli/compile/render-diagram.ts'
import { DESKTOP, launchBrowser } from './browser.ts'
import { loadFacts } from './content.ts'

/**
 * Safety of the built site: every page carries its CSP and referrer policy, every link to another
 * site opens without handing it the opener or the referrer, and in real Chromium no page runs an
 * inline script or opens a dialog. Then the sanitisers themselves, fed XSS payloads directly (the
 * validator refuses these in content already; this is the second wall).
 */
const siteUrl = inject('siteUrl')
const siteDir = inject('siteDir')
let facts: Awaited<ReturnType<typeof loadFacts>>
let browser: Browser

beforeAll(async () => {
  facts = await loadFacts()
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function builtPages(dir = siteDir, prefix = ''): Promise<string[]> {
  const pages: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages.push(...(await builtPages(path.join(dir, entry.name), `${prefix}${entry.name}/`)))
    else if (entry.name.endsWith('.html')) pages.push(prefix + entry.name)
  }
  return pages.sort()
}

/** Every <a> with an http(s) link off the site, with its rel tokens. */
function externalLinks(html: string, origin: string): { href: string; rel: string[] }[] {
  return [...html.matchAll(/<a\s[^>]*>/g)]
    .map(([tag]) => ({
      href: /\shref="([^"]*)"/.exec(tag)?.[1] ?? '',
      rel: (/\srel="([^"]*)"/.exec(tag)?.[1] ?? '').split(/\s+/),
    }))
    .filter((link) => /^(https?:)?\/\//i.test(link.href) && !link.href.startsWith(origin))
}

describe('every built page', () => {
  it('has the Content-Security-Policy and referrer meta tags, first thing in <head>', async () => {
    const pages = await builtPages()
    expect(pages).toEqual(
      expect.arrayContaining(['index.html', '404.html', ...facts.projects.map((p) => `projects/${p.id}/index.html`)]),
    )
    for (const file of pages) {
      const html = await readFile(path.join(siteDir, file), 'utf8')
      const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(head)?.[1] ?? ''
      expect(csp, file).toMatch(/(^|; )script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/)
      expect(csp, file).toMatch(/object-src 'none'/)
      expect(csp, file).toMatch(/base-uri 'self'/)
      expect(head, file).toMatch(
        /<meta name="referrer" content="(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)">/,
      )
      // Before anything that loads or runs: only <meta charset> may come first.
      const first = head.indexOf('Content-Security-Policy')
      expect(head.slice(0, first), file).not.toMatch(/<(script|link|style)/)
    }
  })

  it('opens every link to another site with rel="noopener noreferrer" (markdown links included)', async () => {
    const origin = new URL(siteUrl).origin
    let count = 0
    for (const file of await builtPages()) {
      const html = await readFile(path.join(siteDir, file), 'utf8')
      for (const link of externalLinks(html, origin)) {
        count += 1
        expect(link.rel, `${file}: ${link.href}`).toEqual(expect.arrayContaining(['noopener', 'noreferrer']))
      }
    }
    expect(count).toBeGreaterThan(20)
  })
})

describe('in Chromium', () => {
  /** Records CSP violations (as the page reports them) and dialogs, from before the page's first script. */
  async function watchedPage(): Promise<{
    page: Page
    dialogs: string[]
    violations: () => Promise<string[]>
    console: string[]
  }> {
    const context = await browser.newContext(DESKTOP)
    await context.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      )
    })
    const page = await context.newPage()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`)
      void dialog.dismiss()
    })
    const consoleMessages: string[] = []
    page.on('console', (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) consoleMessages.push(message.text())
    })
    const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)
    return { page, dialogs, violations, console: consoleMessages }
  }

  it('runs no inline script and opens no dialog on any route; every script is the site’s own', async () => {
    const { page, dialogs, violations, console: cspConsole } = await watchedPage()
    for (const route of ['', ...facts.projects.map((p) => `projects/${p.id}`), 'no-such-page']) {
      await page.goto(siteUrl + route)
      await page.waitForFunction(() => document.documentElement.dataset.scroll === 'smooth') // hydrated
      const scripts = await page.evaluate(() => {
        const csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? ''
        return [...document.scripts].map((s) => ({
          src: s.src,
          type: s.type,
          inline: !s.src && !s.type.startsWith('application/') ? (s.textContent?.length ?? 0) : 0,
          csp,
        }))
      })
      for (const script of scripts) {
        if (script.src) expect(new URL(script.src).origin, route).toBe(new URL(siteUrl).origin)
        // Data blocks (JSON-LD, a case study's own data) are never executed.
        else expect(['', 'application/ld+json', 'application/json'], route).toContain(script.type)
      }
      expect(scripts.filter((s) => s.inline > 0).length, `/${route}: inline classic scripts`).toBeLessThanOrEqual(1) // the theme bootstrap, allowed by its hash
      const handlers = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
        ),
      )
      expect(handlers, `/${route}: inline event handlers`).toEqual([])
      const offsite = await page.evaluate(
        (origin) =>
          [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
            .filter((a) => /^https?:/.test(a.href) && new URL(a.href).origin !== origin)
            .filter((a) => !(a.relList.contains('noopener') && a.relList.contains('noreferrer')))
            .map((a) => a.href),
        new URL(siteUrl).origin,
      )
      expect(offsite, `/${route}: external links without noopener noreferrer`).toEqual([])
      expect(await violations(), `/${route}: CSP violations`).toEqual([])
    }
    // The chat renders what a visitor types as text, never as markup.
    await page.getByRole('button', { name: 'Open chat' }).click()
    for (const payload of ['<img src=x onerror=alert(1)>', '<script>alert(2)</script>', 'javascript:alert(3)']) {
      await page.locator('#chat-input').fill(payload)
      await page.locator('#chat-input').press('Enter')
    }
    await expect
      .poll(() => page.locator('[data-from="user"]').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('<img src=x onerror=alert(1)>')]))
    await page.waitForTimeout(1200) // the replies arrive after 1 s
    expect(await page.locator('.chat__panel img, .chat__panel script').count()).toBe(0)
    expect(dialogs).toEqual([])
    expect(await violations()).toEqual([])
    expect(cspConsole).toEqual([])
    await page.context().close()
  })

  it('blocks an inline script injected at run time (the CSP is in force, and the watch above sees it)', async () => {
    const { page, violations } = await watchedPage()
    await page.goto(siteUrl)
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script')
      script.textContent = 'window.__injected = true'
      document.body.append(script)
      await new Promise((resolve) => setTimeout(resolve, 50))
      return (window as unknown as { __injected?: boolean }).__injected === true
    })
    expect(ran).toBe(false)
    expect((await violations()).join('\n')).toMatch(/script-src/)
    await page.context().close()
  })
})

/** The executable parts of an HTML/SVG string: script elements, on* attributes, script or data URLs. */
function executableParts(html: string): string[] {
  const found: string[] = []
  const decode = (value: string) =>
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&colon;/gi, ':')
      .replace(/&tab;|&newline;/gi, '')
      .replace(/&amp;/g, '&')
  if (/<\s*script/i.test(html)) found.push('a <script> element')
  for (const [tag, name = '', rest = ''] of html.matchAll(
    /<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g,
  )) {
    if (/^(script|iframe|object|embed|foreignobject|base|form|meta|link)$/i.test(name))
      found.push(`a <${name}> element`)
    for (const [, attribute = '', value = ''] of rest.matchAll(
      /\s([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
    )) {
      const raw = decode(value).replace(/[\u0000-\u0020]+/g, '')
      if (/^on/i.test(attribute)) found.push(`${attribute} on <${name}>`)
      if (
        /^(href|src|xlink:href|action|formaction|poster|background)$/i.test(attribute) &&
        /^(javascript|vbscript|data):/i.test(raw)
      )
        found.push(`${attribute}="${value}" on <${name}>`)
      if (/^style$/i.test(attribute) && /url\(\s*['"]?\s*(javascript|data):|expression\(/i.test(raw))
        found.push(`style with a script URL on <${name}>`)
    }
    void tag
  }
  if (/url\(\s*['"]?\s*(javascript|vbscript|data):/i.test(html)) found.push('a CSS url() with a script or data URL')
  return found
}

describe('the sanitisers, fed XSS payloads directly', () => {
  /** Every sanitised output, rendered together in Chromium at the end. */
  const outputs: string[] = []

  const markdownPayloads = [
    '<script>alert(1)</script>',
    'Hello <script src="https://evil.example/x.js"></script> world',
    '<img src=x onerror=alert(1)>',
    '<IMG SRC="javascript:alert(1)">',
    '<svg onload=alert(1)><script>alert(2)</script></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<a href="javascript:alert(1)">click</a>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](  javascript:alert(1))',
    '[click](java\tscript:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '[click](javascript&colon;alert(1))',
    '<javascript:alert(1)>',
    '[click](vbscript:msgbox(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '![pixel](javascript:alert(1))',
    '[x](https://example.com "title\\" onmouseover=\\"alert(1)")',
    '<div style="background:url(javascript:alert(1))">x</div>',
    '<form action="javascript:alert(1)"><button>go</button></form>',
    '<details open ontoggle=alert(1)>x</details>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '```html\n<script>alert(1)</script>\n```',
    // Highlighted code (highlight.js escapes it, then the sanitiser sees it too), in every form a fence takes.
    '```json\n{"x": "</code></pre><img src=x onerror=alert(1)>"}\n```',
    "```js\nconst s = '<script>alert(1)</script>'; // <img src=x onerror=alert(1)>\n```",
    '```nginx\nadd_header X "<svg onload=alert(1)>";\n```',
    '```xml\n<a href="javascript:alert(1)">x</a><![CDATA[<script>alert(1)</script>]]>\n```',
    '```not-a-language\n<script>alert(1)</script>\n```',
    '```js" onmouseover="alert(1)\n<b>x</b>\n```',
    '- list\n\n  ```html\n  <iframe src="javascript:alert(1)"></iframe>\n  ```',
    '`<img src=x onerror=alert(1)>`',
    '| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
  ]

  it.each(markdownPayloads)('compileMarkdown(%j) contains nothing executable', (payload) => {
    const html = compileMarkdown(payload)
    outputs.push(html)
    expect(executableParts(html)).toEqual([])
  })

  it('keeps what is safe: https links (opened safely) and code shown as text', () => {
    expect(compileMarkdown('[site](https://example.com)')).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a></p>',
    )
    expect(compileMarkdown('```html\n<script>alert(1)</script>\n```')).toContain('&lt;')
    expect(compileMarkdown('```json\n{"a": 1}\n```')).toBe(
      '<pre><code class="hljs language-json"><span class="hljs-punctuation">{</span><span class="hljs-attr">&quot;a&quot;</span><span class="hljs-punctuation">:</span> <span class="hljs-number">1</span><span class="hljs-punctuation">}</span></code></pre>',
    )
  })

  /** A diagram's SVG, or null when the renderer refuses the source (a located content error). */
  let renderDiagram: DiagramRenderer
  beforeAll(async () => {
    renderDiagram = await loadDiagramRenderer()
  })
  const render = (source: string): string | null => {
    try {
      const svg = renderDiagram(source, '"><script>alert(1)</script>')
      outputs.push(svg)
      return svg
    } catch (error) {
      expect(error).toBeInstanceOf(DiagramRenderError)
      return null
    }
  }

  const diagramPayloads: [string, string][] = [
    ['flowchart label with a script', 'flowchart LR\n  A["<script>alert(1)</script>"] --> B'],
    [
      'flowchart label with an image handler',
      'flowchart LR\n  A["<img src=x onerror=alert(1)>"] --> B["<b onmouseover=alert(2)>bold</b>"]',
    ],
    ['edge label with a script link', "flowchart LR\n  A -->|<a href='javascript:alert(1)'>x</a>| B"],
    ['click directive', 'flowchart LR\n  A --> B\n  click A "javascript:alert(1)"\n  click B call alert(1)'],
    [
      'html entities',
      'flowchart LR\n  A["&lt;script&gt;alert(1)&lt;/script&gt;"] --> B["#60;img src=x onerror=alert(1)#62;"]',
    ],
    [
      'sequence note with markup',
      'sequenceDiagram\n  Alice->>Bob: <img src=x onerror=alert(1)>\n  Note over Alice: <script>alert(1)</script>',
    ],
    ['state with markup', 'stateDiagram-v2\n  [*] --> A: <svg onload=alert(1)>\n  A --> [*]'],
    ['er diagram with markup', 'erDiagram\n  USER ||--o{ ORDER : "<script>alert(1)</script>"'],
  ]

  it.each(diagramPayloads)('renderDiagram (%s) contains nothing executable, or refuses the source', (_name, source) => {
    const svg = render(source)
    if (svg === null) return
    expect(svg).toMatch(/^<svg /)
    expect(executableParts(svg)).toEqual([])
    expect(svg).not.toMatch(/<a[\s>]/i) // no links at all (label text shows escaped, as &lt;a …)
  })

  // A Mermaid `style`/`classDef` url(javascript:…) or url(data:…) paint: the validator refuses it, and
  // the renderer's second wall drops any url() that is not a #fragment.
  it('renderDiagram (style directive with a script URL) leaves no script or data URL', () => {
    const svg = render(
      'flowchart LR\n  A --> B\n  style A fill:url(javascript:alert(1))\n  classDef x fill:url(data:text/html,hi)',
    )
    expect(svg === null || executableParts(svg).length === 0).toBe(true)
  })

  it('the payload check itself catches each kind of executable markup', () => {
    expect(executableParts('<p><script>x</script></p>')).not.toEqual([])
    expect(executableParts('<img src="x" onerror="alert(1)">')).not.toEqual([])
    expect(executableParts('<a href="&#106;avascript:alert(1)">x</a>')).not.toEqual([])
    expect(executableParts('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).not.toEqual([])
    expect(executableParts('<rect style="fill:url(javascript:alert(1))"/>')).not.toEqual([])
    expect(executableParts('<p>onerror=alert(1) as text, javascript: as text</p>')).toEqual([])
  })

  it('and in Chromium, with no CSP to help, none of the outputs runs anything or opens a dialog', async () => {
    expect(outputs.length).toBeGreaterThan(markdownPayloads.length)
    const page = await (await browser.newContext(DESKTOP)).newPage()
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.setContent(
      `<!doctype html><html><body>${outputs.map((html) => `<div>${html}</div>`).join('\n')}</body></html>`,
    )
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)))
    // Activate what could be activated: hover and focus every element, open every <details>.
    await page.evaluate(() => {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        for (const type of ['mouseover', 'mouseenter', 'focus', 'click', 'load', 'error', 'toggle'])
          el.dispatchEvent(new Event(type))
      }
    })
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
    expect(dialogs).toEqual([])
    expect(errors).toEqual([])
    expect(
      await page.evaluate(() => document.querySelectorAll('script, iframe, object, embed, foreignObject').length),
    ).toBe(0)
    await page.context().close()
  })
})
