/**
 * Where the browser fetches the current page's data: the site's base, plus `<tag>/` on a page in
 * another language than the default (its cards, case studies and posts are in its folder, as its
 * pages are). Set once by entry-client before anything loads; read only in the browser (a server
 * render is given its data by the build).
 */
let prefix = ''

export function setPagePrefix(languagePrefix: string): void {
  prefix = languagePrefix
}

/** The base path of the page's language's data (`/`, `/fr/`, `/sub/fr/`). */
export const pageBase = (): string => import.meta.env.BASE_URL + prefix
