import type { PageMeta } from './page-meta.ts'

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)
}

/** `https://jane.dev` + `/sub/` + `/projects/x` -> `https://jane.dev/sub/projects/x`. */
export function absoluteUrl(siteUrl: string, base: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, '')
  const prefix = `/${base.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  return `${origin}${prefix}/${path.replace(/^\/+/, '')}`
}

/** The per-page tags the CLI puts in place of `<!--app-head-->`. */
export function renderHead(meta: PageMeta, siteUrl: string, siteName: string, base: string): string {
  const url = meta.path === null ? null : absoluteUrl(siteUrl, base, meta.path)
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    url === null ? tag('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(url)}">`,
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:site_name', siteName),
    url === null ? '' : tag('property', 'og:url', url),
    tag('name', 'twitter:card', 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
  ]
  return tags.filter(Boolean).join('\n    ')
}
