import { describe, expect, it } from 'vitest'
import { readStaticPage, scanTags } from '../../scripts/audit/html.ts'

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`

describe('readStaticPage', () => {
  it('reads the scripts, module preloads and stylesheets a Vite page names', () => {
    const html = page(
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/icon.js"><link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="icon" href="/f.svg">',
    )
    expect(readStaticPage(html)).toMatchObject({
      scripts: ['/assets/index.js'],
      modulePreloads: ['/assets/icon.js'],
      stylesheets: ['/assets/index.css'],
      blockingScripts: [],
      images: [],
    })
  })

  it('flags classic external scripts in <head> without defer or async, but not module, deferred, async or body scripts', () => {
    const html = page(
      '<script src="/a.js"></script><script src="/b.js" defer></script><script async src="/c.js"></script><script type="module" src="/d.js"></script><script type="application/ld+json">{"a":1}</script>',
      '<script src="/e.js"></script>',
    )
    const result = readStaticPage(html)
    expect(result.blockingScripts).toEqual(['/a.js'])
    expect(result.scripts).toEqual(['/a.js', '/b.js', '/c.js', '/d.js', '/e.js'])
  })

  it('measures inline head scripts and does not read markup inside them', () => {
    const inline = "document.write('<img src=x.png><link rel=stylesheet href=/x.css>')"
    const result = readStaticPage(page(`<script>${inline}</script>`))
    expect(result.inlineHeadScripts).toEqual([{ bytes: Buffer.byteLength(inline), preview: inline.slice(0, 60) }])
    expect(result.images).toEqual([])
    expect(result.stylesheets).toEqual([])
  })

  it('reports images without width or height, skipping comments', () => {
    const result = readStaticPage(
      page(
        '',
        '<!-- <img src="c.png"> --><img src="a.png" width="10" height="10"><img src=b.png width=10><IMG SRC="d.png" alt="">',
      ),
    )
    expect(result.images).toEqual([
      { src: 'a.png', hasWidth: true, hasHeight: true },
      { src: 'b.png', hasWidth: true, hasHeight: false },
      { src: 'd.png', hasWidth: false, hasHeight: false },
    ])
  })

  it('counts every stylesheet link, including ones in the body, but not alternate ones', () => {
    const result = readStaticPage(
      page(
        '<link rel="stylesheet" href="/a.css"><link rel="alternate stylesheet" href="/alt.css">',
        '<link rel="stylesheet" href="/b.css">',
      ),
    )
    expect(result.stylesheets).toEqual(['/a.css', '/b.css'])
  })
})

describe('scanTags', () => {
  it('keeps attribute values with ">" and decodes entities', () => {
    const [tag] = scanTags('<a title="a > b" href="/x?a=1&amp;b=2">')
    expect(tag?.attributes.get('title')).toBe('a > b')
    expect(tag?.attributes.get('href')).toBe('/x?a=1&b=2')
  })
})
