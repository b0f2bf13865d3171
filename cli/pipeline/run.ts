import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from '../errors.ts'
import { buildSite } from './build-site.ts'
import type { SiteCache } from './site-cache.ts'
import { pageCacheDirectory, type PageCache } from './page-cache.ts'
import { pruneCompileCache } from './compile-cache.ts'
import { checkScans, listSiteFiles } from './check-output.ts'
import { listRoutes } from './list-routes.ts'
import { prerenderRoutes } from './prerender.ts'
import { browserProject, projectCards, writeProjectData } from './project-data.ts'
import { robotsTxt, sitemapXml } from './seo-files.ts'
import { writeSocialImages } from './social-images.ts'
import { removeStaleWorkDirectories, swapDirectory, workDirectories } from './swap-directory.ts'
import { hasErrors } from '../diagnostics/diagnostic.ts'
import { checkAndCompile, type CheckResult } from './check-content.ts'
import type { CompiledContent } from './compile-content.ts'
import { generateContentModules } from './generate-content.ts'
import { generateTypes } from './generate-types.ts'
import { writeFiles } from './write-files.ts'

/** The site app the CLI builds; generated modules go into its src/generated/. */
export const siteDirectory = fileURLToPath(new URL('../../site/', import.meta.url))
export const generatedDirectory = fileURLToPath(new URL('../../site/src/generated/', import.meta.url))

export interface GenerateResult extends CheckResult {
  compiled?: CompiledContent
  /** Generated files that changed on disk. */
  written: string[]
}

export interface GenerateOptions {
  /**
   * Also write the runtime data (cards.json, projects/<id>.json), which only the dev server reads
   * from the generated folder; a build writes it into the site instead. @default true
   */
  data?: boolean
}

/** check → compile markdown and diagrams → generate modules → write them. Writes nothing on any error. */
export async function runGenerate(root: string, outputDirectory = generatedDirectory, options: GenerateOptions = {}): Promise<GenerateResult> {
  // load, parse, schema, rules, then markdown → HTML and Mermaid → SVG (unchanged files from the cache)
  const { compiled, compileDiagnostics, ...checked } = await checkAndCompile(root)
  if (!checked.content) return { ...checked, written: [] }
  if (!compiled) return { ...checked, diagnostics: [...checked.diagnostics, ...compileDiagnostics], written: [] }
  const files = generateContentModules(compiled, await generateTypes(), { data: options.data ?? true }) // typed modules, deterministic
  const written = await writeFiles(outputDirectory, files)                 // atomic, only what changed
  return { ...checked, compiled, written }
}

export interface BuildOptions {
  root: string
  outDir: string
  base: string
  /** Where Vite builds are kept (see site-cache.ts); false always runs Vite. */
  siteCache?: SiteCache | false
  /** Where prerendered pages are kept (see page-cache.ts); false renders every page. */
  pageCache?: { directory: string } | false
  /** Called after each step with its duration, for progress output. */
  onStep?: (step: string, milliseconds: number, detail?: string) => void
}

export interface BuildResult extends Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'> {
  /** True when the content was valid and compiled (a build was attempted). */
  compiled: boolean
  pages: string[]
}

/** What reporting a build's diagnostics needs: their files' texts (for code frames), not every file's. */
function reportOf(result: GenerateResult): Pick<CheckResult, 'diagnostics' | 'sources' | 'fileCount'> {
  const files = new Set(result.diagnostics.map((d) => d.file))
  return { diagnostics: result.diagnostics, fileCount: result.fileCount, sources: new Map([...result.sources].filter(([file]) => files.has(file))) }
}

/**
 * validate → generate → vite client + server builds → prerender → sitemap → swap into place.
 * Everything is built in a sibling folder; the previous site is replaced only when every step passed.
 */
export async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const step = async <T>(name: string, work: () => Promise<T>, detail?: (value: T) => string): Promise<T> => {
    const started = performance.now()
    const value = await work()
    options.onStep?.(name, performance.now() - started, detail?.(value))
    return value
  }
  let generated: GenerateResult | undefined = await step('validate + generate', () => runGenerate(options.root, generatedDirectory, { data: false }), (r) => (r.compiled ? `${r.fileCount} files` : 'content has errors'))
  const report = reportOf(generated)
  const compiled = generated.compiled
  if (!compiled) return { ...report, compiled: false, pages: [] }
  // From here on only the compiled content is needed: the parsed files, their texts and the
  // checked data (as large as the content again) are let go for the rest of the build.
  generated = undefined

  const work = workDirectories(options.outDir, siteDirectory)
  await removeStaleWorkDirectories(options.outDir)
  try {
    const site = await step('vite build (client + server)', () => buildSite({ root: options.root, base: options.base, clientDir: work.temp, serverDir: work.server, cache: options.siteCache }), (built) => (built.cached ? 'unchanged app: from the cache' : ''))
    const routes = listRoutes(compiled.projects.map((p) => String(p.id)))
    // Each case study is put in the shape the browser reads when its page renders, not all at once.
    const byId = new Map(compiled.projects.map((project) => [String(project.id), project]))
    const lookup = async (id: string) => {
      const project = byId.get(id)
      return project ? browserProject(project) : null
    }
    const cards = projectCards(compiled)
    // Before prerendering: prerender workers read case studies from these files.
    const data = await step('case-study data', () => writeProjectData(work.temp, compiled), (written) => `${written.files.length} files`)
    const pageCache: PageCache | undefined =
      options.pageCache === false || !site.key ? undefined : { directory: options.pageCache?.directory ?? pageCacheDirectory, siteKey: site.key, projectHashes: data.projectHashes, cardsHash: data.cardsHash }
    const { pages, scans } = await step(
      'prerender',
      () => prerenderRoutes(routes, { serverEntry: site.serverEntry, siteDir: work.temp, base: options.base, projects: lookup, cards: async () => cards, ...(pageCache ? { cache: pageCache } : {}) }),
      (p) => (p.rendered === p.pages.length ? `${p.pages.length} pages` : `${p.pages.length} pages, ${p.rendered} rendered, ${p.pages.length - p.rendered} unchanged`),
    )
    if (pageCache) pruneCompileCache({ directory: pageCache.directory, compilerKey: '' }, Math.max(2000, 3 * routes.length))
    const problems = await step('check links', async () => checkScans(scans, await listSiteFiles(work.temp), options.base), (p) => (p.length ? `${p.length} problems` : 'all resolve'))
    if (problems.length > 0) {
      throw new CliError(`the built site has broken links or unsafe markup:\n${problems.map((p) => `  ${p.page}: ${p.target} — ${p.reason}`).join('\n')}`, 'Fix the link in the content or the site code; the previous site was left in place.')
    }
    await step('social images', () => writeSocialImages(work.temp, compiled), (files) => `${files.length} cards`)
    const siteUrl = String((compiled.portfolio.site as { url: string }).url)
    await writeFile(path.join(work.temp, 'sitemap.xml'), sitemapXml(routes, siteUrl, options.base))
    await writeFile(path.join(work.temp, 'robots.txt'), robotsTxt(siteUrl, options.base))
    await step('swap into place', () => swapDirectory(work.temp, options.outDir, work.old), () => options.outDir)
    return { ...report, compiled: true, pages }
  } finally {
    await rm(work.temp, { recursive: true, force: true })
    await rm(work.server, { recursive: true, force: true })
  }
}
