import { escapeUTF8 as escapeXml } from 'entities'
import type { Route } from './list-routes.ts'

/**
 * sitemap.xml: every 200 route of every language, absolute URLs on the published origin and base;
 * on a site with several languages each page lists its hreflang set as the page's head does
 * (Google's sitemap form: xhtml:link alternates).
 */
export function sitemapXml(routes: readonly Route[], siteUrl: string, base: string): string {
  const origin = siteUrl.replace(/\/+$/, '')
  const absolute = (path: string) => escapeXml(origin + base + path.replace(/^\//, ''))
  let alternates = false
  const urls = routes
    .filter((r) => r.status === 200)
    .map((r) => {
      const links = (r.language?.alternates ?? []).map(
        (a) => `<xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${absolute(a.path)}"/>`,
      )
      if (links.length > 0) alternates = true
      return `  <url><loc>${absolute((r.language?.prefix ?? '') + r.url.replace(/^\//, ''))}</loc>${links.join('')}</url>`
    })
  const xhtml = alternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : ''
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string, base: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, '')}${base}sitemap.xml\n`
}
