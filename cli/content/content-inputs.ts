import { readdirSync } from 'node:fs'

/**
 * Where a portfolio's content lives, from its root: every file the checks, the compile and the build
 * read of it is in one of these (posts under posts/, images only under media/, files published as
 * they are under public/, translations beside their sources and the digests they were made from in
 * i18n.lock.yaml, the site's words overridden under i18n/). The dev server watches them; a build
 * records them to know when nothing changed.
 */
export const CONTENT_INPUTS = [
  'portfolio.yaml',
  'projects',
  'posts',
  'public',
  'media',
  'i18n.lock.yaml',
  'i18n',
] as const

/** portfolio.yaml's translations (`portfolio.<tag>.yaml`), which sit beside it at the root. */
const PORTFOLIO_OVERLAY = /^portfolio\.[^.]+\.yaml$/

/** CONTENT_INPUTS with the portfolio's translations found at `root` now, in name order. */
export function contentInputs(root: string): string[] {
  let names: string[] = []
  try {
    names = readdirSync(root).filter((name) => PORTFOLIO_OVERLAY.test(name))
  } catch {
    // No root folder: the checks say so.
  }
  return [...CONTENT_INPUTS, ...names.sort()]
}
