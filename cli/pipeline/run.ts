import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CliError } from '../errors.ts'
import { buildSite } from './build-site.ts'
import type { SiteCache } from './site-cache.ts'
import { checkOutput } from './check-output.ts'
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

/** check → compile markdown and diagrams → generate modules → write them. Writes nothing on any error. */
export async function runGenerate(root: string, outputDirectory = generatedDirectory): Promise<GenerateResult> {
  // load, parse, schema, rules, then markdown → HTML and Mermaid → SVG (unchanged files from the cache)
  const { compiled, compileDiagnostics, ...checked } = await checkAndCompile(root)
  if (!checked.content) return { ...checked, written: [] }
  if (!compiled) return { ...checked, diagnostics: [...checked.diagnostics, ...compileDiagnostics], written: [] }
  const files = generateContentModules(compiled, await generateTypes())   // typed modules, deterministic
  const written = await writeFiles(outputDirectory, files)                 // atomic, only what changed
  return { ...checked, compiled, written }
}

export interface BuildOptions {
  root: string
  outDir: string
  base: string
  /** Where Vite builds are kept (see site-cache.ts); false always runs Vite. */
  siteCache?: SiteCache | false
  /** Called after each step with its duration, for progress output. */
  onStep?: (step: string, milliseconds: number, detail?: string) => void
}

export interface BuildResult extends GenerateResult {
  pages: string[]
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
  const generated = await step('validate + generate', () => runGenerate(options.root), (r) => (r.compiled ? `${r.fileCount} files` : 'content has errors'))
  if (!generated.compiled) return { ...generated, pages: [] }
  const compiled = generated.compiled

  const work = workDirectories(options.outDir, siteDirectory)
  await removeStaleWorkDirectories(options.outDir)
  try {
    const { serverEntry } = await step('vite build (client + server)', () => buildSite({ root: options.root, base: options.base, clientDir: work.temp, serverDir: work.server, cache: options.siteCache }), (site) => (site.cached ? 'unchanged app: from the cache' : ''))
    const routes = listRoutes(compiled.projects.map((p) => String(p.id)))
    const projects = new Map(compiled.projects.map((project) => [String(project.id), browserProject(project)]))
    const lookup = async (id: string) => projects.get(id) ?? null
    const cards = projectCards(compiled)
    const pages = await step('prerender', () => prerenderRoutes(routes, { serverEntry, siteDir: work.temp, base: options.base, projects: lookup, cards: async () => cards }), (p) => `${p.length} pages`)
    await step('case-study data', () => writeProjectData(work.temp, compiled), (files) => `${files.length} files`)
    const problems = await step('check links', () => checkOutput(work.temp, pages, options.base), (p) => (p.length ? `${p.length} problems` : 'all resolve'))
    if (problems.length > 0) {
      throw new CliError(`the built site has broken links or unsafe markup:\n${problems.map((p) => `  ${p.page}: ${p.target} — ${p.reason}`).join('\n')}`, 'Fix the link in the content or the site code; the previous site was left in place.')
    }
    await step('social images', () => writeSocialImages(work.temp, compiled), (files) => `${files.length} cards`)
    const siteUrl = String((compiled.portfolio.site as { url: string }).url)
    await writeFile(path.join(work.temp, 'sitemap.xml'), sitemapXml(routes, siteUrl, options.base))
    await writeFile(path.join(work.temp, 'robots.txt'), robotsTxt(siteUrl, options.base))
    await step('swap into place', () => swapDirectory(work.temp, options.outDir, work.old), () => options.outDir)
    return { ...generated, pages }
  } finally {
    await rm(work.temp, { recursive: true, force: true })
    await rm(work.server, { recursive: true, force: true })
  }
}
