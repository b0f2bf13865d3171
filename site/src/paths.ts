/** Route patterns, href builders and base-aware asset URLs. Router links take these paths; the
 * router adds the basename. Plain URLs (assets, canonical links) go through the helpers below. */

export const paths = {
  home: '/',
  project: (id: string): string => `/projects/${encodeURIComponent(id)}`,
  /** The projects that use a technology (technologies.ts makes the slug). */
  tech: (slug: string): string => `/projects/tech/${encodeURIComponent(slug)}`,
  /** Every post, newest first (posts/*.md and the posts of writing.external). */
  writing: '/writing',
  /** A post of posts/<slug>.md. */
  post: (slug: string): string => `/writing/${encodeURIComponent(slug)}`,
  /** The posts with a tag (techSlug of technologies.ts makes the slug of a tag too). */
  tag: (slug: string): string => `/writing/tags/${encodeURIComponent(slug)}`,
  /** Prerendered to dist/404.html. */
  notFound: '/404',
  /** The resume PDF the build makes from the content when resume.file names no hand-made one. */
  generatedResume: '/resume.pdf',
} as const

/** The in-page anchors of the home page, in nav order. */
export const homeSections = [
  { id: 'hero', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'projects', label: 'Projects' },
  { id: 'contact', label: 'Contact' },
] as const

export type HomeSectionId = (typeof homeSections)[number]['id']

/** The id of a case-study section's h2: the section's own id is its anchor, so the two must never meet. */
export const sectionTitleId = (sectionId: string): string => `${sectionId}-title`

/**
 * The router basename for a public base path, always with leading and trailing slashes (`/`,
 * `/sub/path/`). The trailing slash is deliberate: with it, links to the home page are
 * `/sub/path/` and `/sub/path/#projects` (the URL the host serves index.html at) instead of
 * `/sub/path`, and every href stays under the base.
 */
export function toBasename(base: string): string {
  return `/${base.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
}

/** `https://jane.dev` + `/sub/` + `/projects/x` -> `https://jane.dev/sub/projects/x`. */
export function absoluteUrl(siteUrl: string, base: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, '')
  const prefix = `/${base.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '')
  return `${origin}${prefix}/${path.replace(/^\/+/, '')}`
}

/**
 * The social-sharing card of a page (Open Graph / Twitter image): a PNG the CLI renders from the
 * content at build time (cli/social/social-images.ts) and the page's head links to.
 */
export const socialImage = {
  width: 1200,
  height: 630,
  /** Route-style path of the card: `/og/index.png` for the home page, `/og/<id>.png` for a case study. */
  path: (projectId?: string): string =>
    projectId === undefined ? '/og/index.png' : `/og/${encodeURIComponent(projectId)}.png`,
  /** A post's card: `/og/writing/<slug>.png` (a folder of its own, so no post's slug meets a project's id). */
  postPath: (slug: string): string => `/og/writing/${encodeURIComponent(slug)}.png`,
} as const

/**
 * A case study's data, as the build writes it (`dist/data/projects/<id>.json`) and the browser
 * fetches it on client-side navigation; relative to the public base path (`/`, `/sub/path/`).
 */
export const projectData = {
  file: (projectId: string): string => `data/projects/${encodeURIComponent(projectId)}.json`,
  url: (base: string, projectId: string): string =>
    `${toBasename(base)}data/projects/${encodeURIComponent(projectId)}.json`,
} as const

/**
 * The portfolio in a language other than the default, as the build writes it in that language's
 * folder (`dist/<tag>/data/portfolio.json`) for its pages' render; each page carries it too.
 */
export const languagePortfolioData = { file: 'data/portfolio.json' } as const

/**
 * The project cards (the home page's list, also read by the chat), as the build writes them
 * (`dist/data/cards.json`) and the browser fetches them; relative to the public base path.
 */
export const projectCardsData = {
  file: 'data/cards.json',
  url: (base: string): string => `${toBasename(base)}data/cards.json`,
} as const

/**
 * The posts as the lists show them (PostSummary[], newest first, written by the build to
 * `dist/data/posts.json`), and each post of posts/*.md with its text (RenderedPost,
 * `dist/data/posts/<slug>.json`); relative to the public base path.
 */
export const postsData = {
  file: 'data/posts.json',
  url: (base: string): string => `${toBasename(base)}data/posts.json`,
} as const

export const postData = {
  file: (slug: string): string => `data/posts/${encodeURIComponent(slug)}.json`,
  url: (base: string, slug: string): string => `${toBasename(base)}data/posts/${encodeURIComponent(slug)}.json`,
} as const

/** The feeds of the posts, at the site's root (relative to the public base path). */
export const feedFiles = {
  atom: 'feed.xml',
  rss: 'rss.xml',
  json: 'feed.json',
} as const

/**
 * Files the build names relative to the public base, without a leading slash (a responsive image's
 * variants: `media/<key>-800.avif`), as URLs under the site's basename (`/`, `/sub/path/`).
 */
export const siteFile = {
  url: (basename: string, file: string): string => `${toBasename(basename)}${file}`,
  /** Every candidate of a srcset (`media/a-480.avif 480w, media/a-800.avif 800w`); the build's file names hold no comma or space. */
  srcset: (basename: string, srcset: string): string =>
    srcset
      .split(',')
      .map((candidate) => candidate.trim())
      .filter(Boolean)
      .map((candidate) => `${toBasename(basename)}${candidate}`)
      .join(', '),
} as const

/** The id of the `<script type="application/json">` a prerendered page carries its data in (see PageData). */
export const PAGE_DATA_ID = 'page-data'
