/**
 * Where a portfolio's content lives, from its root: every file the checks, the compile and the build
 * read of it is in one of these (posts under posts/, images only under media/, files published as
 * they are under public/). The dev server watches them; a build records them to know when nothing changed.
 */
export const CONTENT_INPUTS = ['portfolio.yaml', 'projects', 'posts', 'public', 'media'] as const
