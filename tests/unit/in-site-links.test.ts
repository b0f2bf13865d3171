import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, it } from 'vitest'
import { compileMarkdown } from '../../cli/compile/compile-markdown.ts'
import { HtmlBlock } from '../../site/src/components/html-block.tsx'
import { captureServerMarkup, DEFERRED_MARKUP } from '../../site/src/deferred-markup.ts'
import { rebaseInSiteUrls, toRouterPath } from '../../site/src/in-site-links.ts'

const PROSE = compileMarkdown(
  [
    'See [the booking flow](/projects/logic-i#booking), [home](/), [projects](/#projects), [the resume](/resume.pdf) and ![a chart](/images/chart.png).',
    '',
    'Also [a section here](#api), [elsewhere](https://example.com/projects/x) and `<a href="/code">`.',
    '',
    '```html',
    '<a href="/in-code">x</a>',
    '```',
  ].join('\n'),
)

const hrefs = (html: string) => [...html.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]*)"/g)].map((match) => match[1])

describe('rebaseInSiteUrls', () => {
  it('puts the base in front of every root-relative link and image of compiled markdown, and only those', () => {
    expect(hrefs(rebaseInSiteUrls(PROSE, '/my-portfolio/'))).toEqual([
      '/my-portfolio/projects/logic-i#booking',
      '/my-portfolio/',
      '/my-portfolio/#projects',
      '/my-portfolio/resume.pdf',
      '/my-portfolio/images/chart.png',
      '#api',
      'https://example.com/projects/x',
    ])
    // Text that looks like a link (inline code, a code block) stays as written.
    expect(rebaseInSiteUrls(PROSE, '/my-portfolio/')).toContain('&lt;a href="/code"&gt;')
    expect(rebaseInSiteUrls(PROSE, '/my-portfolio/')).toContain('/in-code')
    expect(rebaseInSiteUrls(PROSE, '/my-portfolio/')).not.toContain('/my-portfolio/in-code')
  })

  it('leaves the markup unchanged at the root base', () => {
    expect(rebaseInSiteUrls(PROSE, '/')).toBe(PROSE)
  })
})

describe('toRouterPath', () => {
  const origin = 'https://jane.github.io'
  it('gives the router path of a link inside the base, keeping query and hash', () => {
    expect(
      toRouterPath(
        new URL('https://jane.github.io/my-portfolio/projects/logic-i?x=1#booking'),
        origin,
        '/my-portfolio/',
      ),
    ).toBe('/projects/logic-i?x=1#booking')
    expect(toRouterPath(new URL('https://jane.github.io/my-portfolio'), origin, '/my-portfolio/')).toBe('/')
    expect(toRouterPath(new URL('https://jane.github.io/projects/a#b'), origin, '/')).toBe('/projects/a#b')
  })
  it('gives nothing for another origin or a path outside the base', () => {
    expect(
      toRouterPath(new URL('https://example.com/my-portfolio/projects/a'), origin, '/my-portfolio/'),
    ).toBeUndefined()
    expect(toRouterPath(new URL('https://jane.github.io/projects/a'), origin, '/my-portfolio/')).toBeUndefined()
    expect(
      toRouterPath(new URL('https://jane.github.io/my-portfolio-old/projects/a'), origin, '/my-portfolio/'),
    ).toBeUndefined()
  })
})

describe('HtmlBlock', () => {
  const render = (basename: string, html: string, markupKey?: string) =>
    renderToString(
      createElement(
        StaticRouter,
        { location: `${basename}projects/logic-i`, basename },
        createElement(HtmlBlock, { html, markupKey }),
      ),
    )

  it('renders in-site links under the router basename, as the prerendered page shows them', () => {
    const html = compileMarkdown('Read [the booking flow](/projects/logic-i#booking).')
    expect(hrefs(render('/my-portfolio/', html))).toEqual(['/my-portfolio/projects/logic-i#booking'])
    expect(hrefs(render('/', html))).toEqual(['/projects/logic-i#booking'])
  })

  it('does not rebase deferred markup a second time (it is taken from the page, already rebased)', () => {
    const key = 'logic-i:overview/body'
    const prerendered = {
      dataset: { markup: key },
      innerHTML: '<p><a href="/my-portfolio/projects/logic-i#booking">x</a></p>',
    }
    captureServerMarkup({ querySelectorAll: () => [prerendered] } as unknown as ParentNode)
    expect(hrefs(render('/my-portfolio/', DEFERRED_MARKUP, key))).toEqual(['/my-portfolio/projects/logic-i#booking'])
  })
})
