import type { Store } from '../cache/store.ts'
import type { Portfolio } from '../content/content-types.ts'
import { generateContentModules } from '../generate/generate-content.ts'
import { generateTypes } from '../generate/generate-types.ts'
import { writeFiles } from '../generate/write-files.ts'
import { generatedDirectory } from '../paths.ts'
import { buildSite, type SiteBuild } from './build-site.ts'

export interface AppRequest {
  root: string
  base: string
  clientDir: string
  serverDir: string
  store: Store | undefined
}

/**
 * The app a build serves: the site's modules written for the portfolio alone, then Vite (or the app
 * from the store). It holds no project (projects are runtime data), so a build starts it as soon as
 * portfolio.yaml is compiled, while the project files are still checked, and an edit to a project
 * never runs Vite again.
 */
export async function buildApp(portfolio: Portfolio, request: AppRequest): Promise<SiteBuild> {
  const { root, base, clientDir, serverDir, store } = request
  await writeFiles(
    generatedDirectory,
    generateContentModules({ portfolio, projects: [] }, await generateTypes(), { data: false }),
  )
  return buildSite({ root, base, clientDir, serverDir, store: store ?? false })
}
