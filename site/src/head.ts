import type { PageMeta } from './page-meta.ts'
import { socialImage } from './paths.ts'
import { serializeJsonLd, type JsonLd } from './structured-data.ts'

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

export interface HeadOptions {
  siteUrl: string
  siteName: string
  base: string
  /** The page's social card (route-style path, e.g. `/og/index.png`) and its description. */
  image?: { path: string; alt: string } | null
  /** schema.org data for the page, as JSON-LD. */
  jsonLd?: JsonLd | null
}

/** The per-page tags the CLI puts in place of `<!--app-head-->`. */
export function renderHead(meta: PageMeta, options: HeadOptions): string {
  const { siteUrl, siteName, base, image, jsonLd } = options
  const url = meta.path === null ? null : absoluteUrl(siteUrl, base, meta.path)
  const imageUrl = image ? absoluteUrl(siteUrl, base, image.path) : null
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
    ...(image && imageUrl
      ? [
          tag('property', 'og:image', imageUrl),
          tag('property', 'og:image:type', 'image/png'),
          tag('property', 'og:image:width', String(socialImage.width)),
          tag('property', 'og:image:height', String(socialImage.height)),
          tag('property', 'og:image:alt', image.alt),
        ]
      : []),
    tag('name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(image && imageUrl ? [tag('name', 'twitter:image', imageUrl), tag('name', 'twitter:image:alt', image.alt)] : []),
    jsonLd ? `<script type="application/ld+json">${serializeJsonLd(jsonLd)}</script>` : '',
  ]
  return tags.filter(Boolean).join('\n    ')
}
