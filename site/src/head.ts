import type { Portfolio } from './generated/types.ts'
import type { PageMeta } from './page-meta.ts'
import { feedLinks } from './feeds.ts'
import { absoluteUrl, socialImage } from './paths.ts'
import { serializeJsonLd, type JsonLd } from './structured-data.ts'

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)
}

export interface HeadOptions {
  siteUrl: string
  siteName: string
  base: string
  /** The page's social card (route-style path, e.g. `/og/index.png`) and its description. */
  image?: { path: string; alt: string } | null
  /** schema.org data for the page, as JSON-LD. */
  jsonLd?: JsonLd | null
  /** The content's theme colours, if any. */
  theme?: Portfolio['theme']
  /** Whether the site has posts: every page then names the three feeds (`<link rel="alternate">`). */
  feeds?: boolean
  /** Where the feeds are, when not under `base` (a language without posts of its own names the default's). */
  feedBase?: string
  /** On a site with several languages: the page's hreflang set, absolute URLs (empty: left out of it). */
  alternates?: readonly { hreflang: string; url: string }[]
  /** A page whose main content is not translated: its source page's absolute URL, the canonical. */
  sourceUrl?: string
}

/**
 * The content's accent colours as CSS custom properties (validation guarantees 4.5:1 contrast in
 * both themes); the derived shades are mixed from them so the whole palette follows the accent.
 */
export function accentStyle(theme: Portfolio['theme']): string {
  if (!theme) return ''
  const light = theme.accent
  const dark = theme.accentDark ?? theme.accent
  const rules = [
    `--accent:light-dark(${light},${dark})`,
    `--accent-strong:light-dark(color-mix(in srgb,${light} 82%,#000),color-mix(in srgb,${dark} 80%,#fff))`,
    `--accent-soft:light-dark(color-mix(in srgb,${light} 9%,#fff),color-mix(in srgb,${dark} 16%,#0b1020))`,
    `--accent-glow:light-dark(color-mix(in srgb,${light} 14%,transparent),color-mix(in srgb,${dark} 18%,transparent))`,
  ]
  // :root:root outranks the stylesheet's :root, which loads after this tag.
  return `<style>:root:root{${rules.join(';')}}</style>`
}

/** The per-page tags the CLI puts in place of `<!--app-head-->`. */
export function renderHead(meta: PageMeta, options: HeadOptions): string {
  const { siteUrl, siteName, base, image, jsonLd } = options
  const url = meta.path === null ? null : absoluteUrl(siteUrl, base, meta.path)
  // A post first published elsewhere: search engines credit that address (og:url stays this page's).
  // A page not translated yet points search engines at the page it would translate.
  const canonical = meta.path === null ? null : (options.sourceUrl ?? meta.canonical ?? url)
  const imageUrl = image ? absoluteUrl(siteUrl, base, image.path) : null
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    canonical === null ? tag('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
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
    ...(options.feeds
      ? feedLinks.map(
          (feed) =>
            `<link rel="alternate" type="${feed.type}" title="${escapeHtml(`${siteName} (${feed.format})`)}" href="${escapeHtml(absoluteUrl(siteUrl, options.feedBase ?? base, feed.file))}">`,
        )
      : []),
    ...(options.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.url)}">`,
    ),
    jsonLd ? `<script type="application/ld+json">${serializeJsonLd(jsonLd)}</script>` : '',
    accentStyle(options.theme),
  ]
  return tags.filter(Boolean).join('\n    ')
}
