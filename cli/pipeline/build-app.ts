import type { FileDigests } from '../cache/file-digests.ts'
import type { Store } from '../cache/store.ts'
import type { Portfolio } from '../content/content-types.ts'
import type { Strings } from '../../site/src/i18n/strings.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { buildSite, type SiteBuild } from './build-site.ts'

export interface AppRequest {
  base: string
  /** The site folder being assembled, Vite's own folder, and the server bundle's (SiteBuildOptions). */
  siteDir: string
  appDir: string
  serverDir: string
  store: Store
  digests: FileDigests
}

/**
 * The app a build serves: the site's modules made for the portfolio alone, then Vite (or the app
 * from the store). The modules stay this build's own (they go to its Vite builds, never to
 * site/src/generated/), so builds running at once in one install each bundle their own content.
 * It holds no project and no post (runtime data) but whether there are posts (`hasPosts`), so a
 * build starts it as soon as portfolio.yaml is compiled, while the project files are still checked, and an edit to a project never runs Vite
 * again.
 */
export async function buildApp(
  portfolio: Portfolio,
  hasPosts: boolean,
  catalogues: ReadonlyMap<string, Strings>,
  request: AppRequest,
): Promise<SiteBuild> {
  const generated = generateContentModules({ portfolio, projects: [] }, await generateTypes(), { hasPosts, catalogues })
  return buildSite({ ...request, generated })
}
