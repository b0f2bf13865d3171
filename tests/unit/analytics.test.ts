import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  ANALYTICS_PROVIDERS,
  analyticsTags,
  NAVIGATION_COUNTER,
  withAnalytics,
  type AnalyticsConfig,
} from '../../cli/analytics/providers.ts'
import { withSecurityHeaders } from '../../cli/pipeline/prerender.ts'
import { scanPage } from '../../cli/pipeline/scan-page.ts'

const repo = path.resolve(import.meta.dirname, '../..')
const SHELL =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <script>theme()</script>\n    <!--app-head-->\n  </head>\n  <body><div id="root"><!--app-html--></div></body>\n</html>\n'
const UMAMI_ID = '94db1cb1-74f4-4a40-ad6c-962362670409'

/** The shell as the prerender makes it: the tracker's tags in, then the policy derived for them. */
function page(config: AnalyticsConfig | undefined): string {
  const shell = withAnalytics(SHELL, config)
  return withSecurityHeaders(shell.page, shell)
}

function directives(html: string): Map<string, string[]> {
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? ''
  return new Map(
    policy.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ')
      return [name, sources]
    }),
  )
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const THEME = sha256('theme()')

describe('each provider: its documented snippet, and exactly the origins it loads from and sends to', () => {
  it('plausible with a script id: the site-specific script and its inline stub, which the policy allows by hash', () => {
    const html = page({ provider: 'plausible', siteId: 'pa-AbC123xyz' })
    expect(html).toContain('<script async src="https://plausible.io/js/pa-AbC123xyz.js"></script>')
    const stub =
      'window.plausible=window.plausible||function(){(plausible.q=plausible.q||[]).push(arguments)},plausible.init=plausible.init||function(i){plausible.o=i||{}};plausible.init()'
    expect(html).toContain(`<script>${stub}</script>`)
    expect(directives(html).get('script-src')).toEqual(["'self'", THEME, sha256(stub), 'https://plausible.io'])
    expect(directives(html).get('connect-src')).toEqual(["'self'", 'https://plausible.io'])
  })

  it('plausible with a domain: the data-domain snippet; with a host, the script and the events go there', () => {
    expect(analyticsTags({ provider: 'plausible', siteId: 'jane.dev' })).toEqual({
      head: '<script defer data-domain="jane.dev" src="https://plausible.io/js/script.js"></script>',
      scriptSrc: ['https://plausible.io'],
      connectSrc: ['https://plausible.io'],
    })
    expect(analyticsTags({ provider: 'plausible', siteId: 'jane.dev', host: 'https://stats.jane.dev/' })).toEqual({
      head: '<script defer data-domain="jane.dev" src="https://stats.jane.dev/js/script.js"></script>',
      scriptSrc: ['https://stats.jane.dev'],
      connectSrc: ['https://stats.jane.dev'],
    })
  })

  it('umami cloud: the script from cloud.umami.is, the page views to gateway.umami.is', () => {
    expect(analyticsTags({ provider: 'umami', siteId: UMAMI_ID })).toEqual({
      head: `<script defer src="https://cloud.umami.is/script.js" data-website-id="${UMAMI_ID}"></script>`,
      scriptSrc: ['https://cloud.umami.is'],
      connectSrc: ['https://gateway.umami.is'],
    })
  })

  it('umami self-hosted under a path: data-host-url pins where page views go, the policy allows its origin', () => {
    expect(analyticsTags({ provider: 'umami', siteId: UMAMI_ID, host: 'https://jane.dev/umami/' })).toEqual({
      head: `<script defer src="https://jane.dev/umami/script.js" data-website-id="${UMAMI_ID}" data-host-url="https://jane.dev/umami"></script>`,
      scriptSrc: ['https://jane.dev'],
      connectSrc: ['https://jane.dev'],
    })
  })

  it('goatcounter: count.js from gc.zgo.at, page views to <code>.goatcounter.com, and the navigation counter by hash', () => {
    const html = page({ provider: 'goatcounter', siteId: 'jane' })
    expect(html).toContain(
      '<script data-goatcounter="https://jane.goatcounter.com/count" async src="https://gc.zgo.at/count.js"></script>',
    )
    expect(html).toContain(`<script>${NAVIGATION_COUNTER}</script>`)
    expect(directives(html).get('script-src')).toEqual([
      "'self'",
      THEME,
      sha256(NAVIGATION_COUNTER),
      'https://gc.zgo.at',
    ])
    expect(directives(html).get('connect-src')).toEqual(["'self'", 'https://jane.goatcounter.com'])
  })

  it('goatcounter self-hosted: count.js and /count from the host, its port kept', () => {
    const tags = analyticsTags({ provider: 'goatcounter', siteId: 'jane', host: 'https://127.0.0.1:8443' })
    expect(tags.head).toContain(
      '<script data-goatcounter="https://127.0.0.1:8443/count" async src="https://127.0.0.1:8443/count.js"></script>',
    )
    expect([tags.scriptSrc, tags.connectSrc]).toEqual([['https://127.0.0.1:8443'], ['https://127.0.0.1:8443']])
  })

  it('cloudflare: beacon.min.js with the token in data-cf-beacon; static.cloudflareinsights.com and cloudflareinsights.com', () => {
    const tags = analyticsTags({ provider: 'cloudflare', siteId: '42e216b9090ae59384abc891dce9eecd' })
    expect(tags).toEqual({
      head: '<script defer src="https://static.cloudflareinsights.com/beacon.min.js" data-cf-beacon="{&quot;token&quot;:&quot;42e216b9090ae59384abc891dce9eecd&quot;}"></script>',
      scriptSrc: ['https://static.cloudflareinsights.com'],
      connectSrc: ['https://cloudflareinsights.com'],
    })
    // What the beacon reads is the JSON the docs write (entities are decoded in attributes).
    const attribute = /data-cf-beacon="([^"]*)"/.exec(tags.head)?.[1]?.replace(/&quot;/g, '"')
    expect(JSON.parse(attribute ?? '')).toEqual({ token: '42e216b9090ae59384abc891dce9eecd' })
  })

  it("the schema's provider enum is the table's", () => {
    const schema = JSON.parse(readFileSync(path.join(repo, 'schema/portfolio.schema.json'), 'utf8'))
    expect(schema.properties.analytics.properties.provider.enum).toEqual([...ANALYTICS_PROVIDERS])
  })
})

describe('the policy of a page', () => {
  it('without analytics is the one the site always had: no tracker, connect-src only the site itself', () => {
    const html = page(undefined)
    expect(html).toBe(withSecurityHeaders(SHELL))
    expect(directives(html).get('script-src')).toEqual(["'self'", THEME])
    expect(directives(html).get('connect-src')).toEqual(["'self'"])
  })

  it('never allows inline scripts wholesale, and leaves every other directive as it was, whichever provider', () => {
    const without = directives(page(undefined))
    for (const provider of ANALYTICS_PROVIDERS) {
      const policy = directives(page({ provider, siteId: 'pa-site' }))
      expect(policy.get('script-src')?.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*|https:(?!\/\/)/)
      for (const [name, sources] of without)
        if (name !== 'script-src' && name !== 'connect-src') expect(policy.get(name)).toEqual(sources)
    }
  })

  it('puts the tags at the end of <head>, after the app-head slot, with no inline event handler', () => {
    const html = page({ provider: 'goatcounter', siteId: 'jane' })
    expect(html.indexOf('<!--app-head-->')).toBeLessThan(html.indexOf('data-goatcounter'))
    expect(html.indexOf('data-goatcounter')).toBeLessThan(html.indexOf('</head>'))
    expect(scanPage('index.html', html).handler).toBeUndefined()
  })

  it('escapes the values it writes into attributes', () => {
    const tags = analyticsTags({ provider: 'umami', siteId: '"><script>x</script>' })
    expect(tags.head).toContain('data-website-id="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"')
  })
})
