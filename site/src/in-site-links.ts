/**
 * In-site links in compiled markdown (`[x](/projects/logic-i#api)`, `![](/images/a.png)`) are
 * written from the site's root. The compiled content does not know the public base path (one
 * compiled project serves every `--base`), so the site puts its router basename in front of them
 * when it renders the markup, on the server and in the browser alike.
 */

/** `href="/…"` or `src="/…"`, not protocol-relative `//…`. The sanitiser writes every attribute
 * double-quoted, and a (href|src) preceded by whitespace is always an attribute there: text
 * content has `=` and `"` as characters only between tags, never after `<a ` or `<img `. */
const ROOT_RELATIVE_URL = /(<(?:a|img)\s(?:[^>]*?\s)?(?:href|src)=")\/(?!\/)/g

/** Prefixes the root-relative link and image URLs of sanitised markup with the basename (`/`, `/sub/path/`). */
export function rebaseInSiteUrls(html: string, basename: string): string {
  if (basename === '/') return html
  return html.replace(ROOT_RELATIVE_URL, (_match, start: string) => start + basename)
}

/**
 * The router path (`/projects/logic-i#api`) of a link's resolved URL when it points inside this
 * site under `basename`; undefined for another origin or a path outside the base.
 */
export function toRouterPath(url: URL, origin: string, basename: string): string | undefined {
  if (url.origin !== origin) return undefined
  const prefix = basename.replace(/\/$/, '')
  if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return undefined
  return (url.pathname.slice(prefix.length) || '/') + url.search + url.hash
}
