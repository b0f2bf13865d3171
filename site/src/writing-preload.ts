/**
 * Where a link to a writing page starts loading that page's code before navigating. The pages are a
 * chunk of their own, which routes.tsx loads (loadWritingPages) and registers here: this module
 * names no page, so the links on the writing pages themselves can use it without an import cycle.
 */
let load: () => Promise<unknown> = () => Promise.resolve()

export function registerWritingPages(loader: () => Promise<unknown>): void {
  load = loader
}

/** The writing pages' code, loading (a no-op on a site without posts, whose app has none). */
export const preloadWritingPages = (): Promise<unknown> => load()
