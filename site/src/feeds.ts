import { feedFiles } from './paths.ts'

/** The feeds of the posts (the build writes them, cli/feeds), as every page's head and /writing name them; Atom first, the default. */
export const feedLinks = [
  { file: feedFiles.atom, type: 'application/atom+xml', format: 'Atom' },
  { file: feedFiles.rss, type: 'application/rss+xml', format: 'RSS' },
  { file: feedFiles.json, type: 'application/feed+json', format: 'JSON Feed' },
] as const
