import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { languagePortfolioData, postData, postsData, projectCardsData } from '../../site/src/paths.ts'
import { CliError } from '../errors.ts'
import { readProjectData, readSiteData } from '../generate/project-data.ts'
import type { Route } from './list-routes.ts'
import { loadRenderFunction, renderPage, type PageFile, type RenderFunction } from './render-page.ts'

/**
 * The per-page job of the worker pool: one route rendered with the server entry into the HTML shell,
 * and written into the site folder. A page reads its case study and the project cards from the data
 * files the build has written there (what the browser loads), so a job carries only its route and
 * where things are, and only the page's record comes back: its HTML, most of what a page weighs,
 * never crosses to the main thread.
 */

/**
 * Pages a worker must have to pay for starting it: a page renders in a millisecond or two, and a
 * worker costs about a hundred pages' CPU before its first page (the server entry and React load in it).
 */
export const PAGES_PER_WORKER = 300

export interface PageJobInput {
  serverEntry: string
  /** The client build's index.html with its security headers (see withSecurityHeaders). */
  template: string
  /**
   * The site folder the data files are read from (data/projects/<id>.json, data/cards.json,
   * data/posts.json, data/posts/<slug>.json), and the page written into.
   */
  siteDir: string
  base: string
  route: Route
}

/** A page written: what the build records of it. */
export type PageWritten = Omit<PageFile, 'html'>

/** The page written, or why the site code could not render it (a CliError's text, carried as data between threads). */
export type PageJobResult = { page: PageWritten } | { error: string; hint?: string }

/** Each server entry's render function, loaded once per thread (an ES module is cached by URL anyway). */
const loaded = new Map<string, Promise<RenderFunction>>()

/**
 * One page. A worker may render two at once (the pool hands it the next job before the last one
 * ends): each render gets its data as arguments (entry-server's context), never from module state.
 */
export async function renderPageJob({
  serverEntry,
  template,
  siteDir,
  base,
  route,
}: PageJobInput): Promise<PageJobResult> {
  let render = loaded.get(serverEntry)
  if (!render) loaded.set(serverEntry, (render = loadRenderFunction(serverEntry)))
  const data = {
    projects: (id: string) => readProjectData(siteDir, id),
    cards: async () => JSON.parse(readFileSync(path.join(siteDir, projectCardsData.file), 'utf8')) as unknown[],
    // A site without posts has no index (nor the writing pages that read it): an empty list.
    posts: async () => ((await readSiteData(siteDir, postsData.file)) ?? []) as unknown[],
    post: (slug: string) => readSiteData(siteDir, postData.file(slug)),
    // A language other than the default: its folder holds the portfolio in that language.
    portfolio: () => readSiteData(siteDir, languagePortfolioData.file),
  }
  try {
    const { html, ...page } = await renderPage(await render, { route, base, template }, data)
    const target = path.join(siteDir, page.file)
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, html)
    return { page }
  } catch (error) {
    if (error instanceof CliError) return { error: error.message, ...(error.hint ? { hint: error.hint } : {}) }
    throw error
  }
}
