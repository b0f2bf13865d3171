import { escapeUTF8 as escapeXml } from 'entities'
import type { Route } from './list-routes.ts'

/** sitemap.xml: every 200 route, absolute URLs on the published origin and base. */
export function sitemapXml(routes: readonly Route[], siteUrl: string, base: string): string {
  const origin = siteUrl.replace(/\/+$/, '')
  const urls = routes
    .filter((r) => r.status === 200)
    .map((r) => `  <url><loc>${escapeXml(origin + base + r.url.replace(/^\//, ''))}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string, base: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl.replace(/\/+$/, '')}${base}sitemap.xml\n`
}
