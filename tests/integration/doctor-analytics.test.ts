import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withAnalytics, type AnalyticsConfig } from '../../cli/analytics/providers.ts'
import { checkAnalyticsPolicy } from '../../cli/doctor/check-analytics.ts'
import { withSecurityHeaders } from '../../cli/pipeline/prerender.ts'
import { tempDirsPerTest } from '../helpers/temp-dirs.ts'

const tempDir = tempDirsPerTest('portfolio-doctor-analytics-')
const SHELL = '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n</html>\n'
const GOATCOUNTER: AnalyticsConfig = { provider: 'goatcounter', siteId: 'jane' }

function content(files: Record<string, string>): string {
  const root = tempDir()
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  return root
}

const portfolio = (analytics: string) => `site: {}\nanalytics:\n${analytics}`
/** dist/index.html as a build with `config` writes it. */
function builtPage(config: AnalyticsConfig | undefined): string {
  const shell = withAnalytics(SHELL, config)
  return withSecurityHeaders(shell.page, shell)
}

describe('portfolio doctor: the tracker against the policies a visitor gets', () => {
  it('finds nothing when the built site was built with the analytics it has now', async () => {
    const root = content({
      'portfolio.yaml': portfolio('  provider: goatcounter\n  siteId: jane\n'),
      'dist/index.html': builtPage(GOATCOUNTER),
    })
    expect(await checkAnalyticsPolicy(root)).toEqual([])
  })

  it('reports a site built before analytics was added: its policy blocks the script and the page views', async () => {
    const page = builtPage(undefined)
    const root = content({
      'portfolio.yaml': portfolio('  provider: goatcounter\n  siteId: jane\n'),
      'dist/index.html': page,
    })
    const policy = /content="([^"]*)"/.exec(page)?.[1] ?? ''
    const at = { line: 5, column: 57, end: { line: 5, column: 57 + policy.length } }
    expect(page.split('\n')[4]?.slice(at.column - 1)).toMatch(/^default-src/)
    const hint = 'Run "portfolio build" again: the build allows the tracker in the policy it writes.'
    expect(await checkAnalyticsPolicy(root)).toEqual([
      {
        code: 'DOCTOR_ANALYTICS_CSP',
        severity: 'error',
        file: 'dist/index.html',
        pointer: '',
        ...at,
        message:
          'the Content-Security-Policy in dist/index.html does not allow https://gc.zgo.at in script-src, so the goatcounter script cannot load',
        hint,
      },
      {
        code: 'DOCTOR_ANALYTICS_CSP',
        severity: 'error',
        file: 'dist/index.html',
        pointer: '',
        ...at,
        message:
          'the Content-Security-Policy in dist/index.html does not allow https://jane.goatcounter.com in connect-src, so page views cannot be sent',
        hint,
      },
    ])
  })

  it('reports a host that changed since the build, at its port', async () => {
    const root = content({
      'portfolio.yaml': portfolio('  provider: umami\n  siteId: abc\n  host: https://stats.jane.dev:8443\n'),
      'dist/index.html': builtPage({ provider: 'umami', siteId: 'abc', host: 'https://stats.jane.dev' }),
    })
    expect((await checkAnalyticsPolicy(root)).map((d) => d.message)).toEqual([
      'the Content-Security-Policy in dist/index.html does not allow https://stats.jane.dev:8443 in script-src, so the umami script cannot load',
      'the Content-Security-Policy in dist/index.html does not allow https://stats.jane.dev:8443 in connect-src, so page views cannot be sent',
    ])
  })

  it('reports a Content-Security-Policy header in public/_headers that blocks what the page allows, at its line', async () => {
    const header = "default-src 'self'; script-src 'self' https://*.cloudflareinsights.com"
    const root = content({
      'portfolio.yaml': portfolio('  provider: cloudflare\n  siteId: 42e216b9090ae59384abc891dce9eecd\n'),
      'public/_headers': `/*\n  X-Frame-Options: DENY\n  Content-Security-Policy: ${header}\n`,
    })
    expect(await checkAnalyticsPolicy(root)).toEqual([
      {
        code: 'DOCTOR_ANALYTICS_CSP',
        severity: 'error',
        file: 'public/_headers',
        pointer: '',
        line: 3,
        column: 28,
        end: { line: 3, column: 28 + header.length },
        message:
          'the Content-Security-Policy in public/_headers does not allow https://cloudflareinsights.com in connect-src, so page views cannot be sent',
        hint: 'Add https://cloudflareinsights.com to connect-src of this header.',
      },
    ])
  })

  it('takes a scheme, a wildcard host or a default-src as allowing, and a header without the directives as silent', async () => {
    const analytics = portfolio('  provider: plausible\n  siteId: pa-AbC123\n')
    for (const policy of [
      'script-src https:; connect-src *',
      "default-src 'self' https://plausible.io",
      'script-src https://*.io; connect-src https://plausible.io/api/',
      "img-src 'self'",
    ])
      expect(
        await checkAnalyticsPolicy(
          content({ 'portfolio.yaml': analytics, 'public/_headers': `/*\n  Content-Security-Policy: ${policy}\n` }),
        ),
        policy,
      ).toEqual([])
  })

  it('checks nothing without analytics, without a built site or headers, or with analytics validate rejects', async () => {
    const blocking = builtPage(undefined)
    expect(
      await checkAnalyticsPolicy(content({ 'portfolio.yaml': 'site: {}\n', 'dist/index.html': blocking })),
    ).toEqual([])
    expect(
      await checkAnalyticsPolicy(content({ 'portfolio.yaml': portfolio('  provider: goatcounter\n  siteId: jane\n') })),
    ).toEqual([])
    for (const analytics of [
      '  provider: matomo\n  siteId: x\n',
      '  provider: umami\n',
      '  provider: umami\n  siteId: a\n  host: http://x.dev\n',
    ])
      expect(
        await checkAnalyticsPolicy(content({ 'portfolio.yaml': portfolio(analytics), 'dist/index.html': blocking })),
      ).toEqual([])
  })
})
