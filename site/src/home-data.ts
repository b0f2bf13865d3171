import { hasPosts } from './generated/content.ts'
import { loadProjectCards } from './project-cards.ts'
import { loadPostsIndex } from './posts-loader.ts'

/** What the home page shows that is fetched: the project cards and, when the site has posts, the posts index (its newest). */
export const loadHomeData = (): Promise<unknown> =>
  Promise.all([loadProjectCards(), hasPosts ? loadPostsIndex() : undefined])

/** Starts loading it early (hover or focus on a link to the home page). */
export function prefetchHomeData(): void {
  loadHomeData().catch(() => undefined)
}
