import { describe, expect, it } from 'vitest'
import { fillShell } from '../../cli/pipeline/render-page.ts'

const shell =
  '<!doctype html>\n<html lang="en">\n  <head><!--app-head--></head>\n  <body><div id="root"><!--app-html--></div></body>\n</html>'

describe('fillShell', () => {
  it('puts the head, the markup and the content’s language into the shell', () => {
    const html = fillShell(shell, { head: '<title>Jane</title>', html: '<main>Hi</main>', lang: 'pt-BR' })
    expect(html).toContain('<html lang="pt-BR">')
    expect(html).toContain('<head><title>Jane</title></head>')
    expect(html).toContain('<div id="root"><main>Hi</main></div>')
  })

  it('keeps the shell’s language when the page’s is not a language tag', () => {
    const html = fillShell(shell, { head: '', html: '', lang: 'en" onload="x' })
    expect(html).toContain('<html lang="en">')
    expect(html).not.toContain('onload')
  })
})
