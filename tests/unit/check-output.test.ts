import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkScans, listSiteFiles } from '../../cli/pipeline/check-output.ts'
import { scanPage } from '../../cli/pipeline/scan-page.ts'

/** The build's output check of pages on disk: each page scanned as the prerender scans it, then every link checked. */
async function checkOutput(siteDir: string, pages: readonly string[], base: string) {
  const scans = pages.map((page) => scanPage(page, readFileSync(path.join(siteDir, page), 'utf8')))
  return checkScans(scans, listSiteFiles(siteDir), base)
}

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function site(pages: Record<string, string>): string[] {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-output-'))
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), html)
  }
  return Object.keys(pages).filter((f) => f.endsWith('.html'))
}

describe('checkOutput', () => {
  it('accepts internal links, assets and anchors that resolve', async () => {
    const pages = site({
      'index.html':
        '<a href="/sub/projects/a#arch">a</a><a href="#top" id="top">t</a><script src="/sub/assets/app.js"></script><a href="https://x.dev">x</a>',
      'projects/a/index.html': '<section id="arch"></section><a href="/sub/#top">home</a>',
      'assets/app.js': '',
    })
    expect(await checkOutput(dir, pages, '/sub/')).toEqual([])
  })

  it('names the page and the link for a missing page, a missing anchor and a link outside the base', async () => {
    const pages = site({
      'index.html': '<a href="/sub/projects/b">b</a><a href="#nowhere">n</a><a href="/elsewhere">e</a>',
    })
    expect(await checkOutput(dir, pages, '/sub/')).toEqual([
      { page: 'index.html', target: '/sub/projects/b', reason: 'no such file in the built site' },
      { page: 'index.html', target: '#nowhere', reason: 'no element with id "nowhere" on index.html' },
      { page: 'index.html', target: '/elsewhere', reason: 'does not start with the base path /sub/' },
    ])
  })

  it('refuses event-handler attributes and script URLs in the output', async () => {
    const pages = site({ 'index.html': '<img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' })
    const reasons = (await checkOutput(dir, pages, '/')).map((p) => p.reason)
    expect(reasons).toContain('inline event handler attribute')
    expect(reasons).toContain('href with a script URL')
  })

  it('refuses a page whose <main> holds only what React leaves of a part that did not render', async () => {
    const pages = site({
      'index.html':
        '<main id="main"> <!--$!--><template data-msg="Switched to client rendering"></template><!--/$--></main>',
      'ok.html': '<main id="main"><!--$--><h1>Case study</h1><!--/$--></main>',
      'text.html': '<main>Only text</main>',
    })
    expect(await checkOutput(dir, pages, '/')).toEqual([
      { page: 'index.html', target: '<main>', reason: 'nothing in <main> (the page did not render)' },
    ])
  })

  it('reads links as a browser does: any quoting, any case, entities decoded', async () => {
    const pages = site({
      'index.html': "<A HREF='/b&amp;c.html#t'>b</A><img src=/missing.png>",
      'b&c.html': '<p ID="t">t</p>',
    })
    expect(await checkOutput(dir, pages, '/')).toEqual([
      { page: 'index.html', target: '/missing.png', reason: 'no such file in the built site' },
    ])
  })
})
