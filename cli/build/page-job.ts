import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectCardsData } from '../../site/src/paths.ts'
import { CliError } from '../errors.ts'
import { readProjectData } from '../generate/project-data.ts'
import type { Route } from './list-routes.ts'
import { loadRenderFunction, renderPage, type PageFile, type RenderFunction } from './render-page.ts'

/**
 * The per-page job of the worker pool: one route rendered with the server entry into the HTML shell.
 * A page reads its case study and the project cards from the data files the build has written into
 * the site folder (what the browser loads), so a job carries only its route and where things are.
 */

/**
 * Pages a worker must have to pay for starting it: a page renders in ~1-2 ms, and a worker costs
 * ~100-150 ms of CPU before its first page (the server entry and React load in it).
 */
export const PAGES_PER_WORKER = 300

export interface PageJobInput {
  serverEntry: string
  /** The client build's index.html with its security headers (see withSecurityHeaders). */
  template: string
  /** The site folder the data files are read from (data/projects/<id>.json, data/cards.json). */
  siteDir: string
  base: string
  route: Route
}

/** The page, or why the site code could not render it (a CliError's text, carried as data between threads). */
export type PageJobResult = { page: PageFile } | { error: string; hint?: string }

/** Each server entry's render function, loaded once per thread (an ES module is cached by URL anyway). */
const loaded = new Map<string, Promise<RenderFunction>>()

/** The page rendering in this thread, which the next one waits for (see renderPageJob). */
let rendering: Promise<unknown> = Promise.resolve()

/**
 * One page at a time in a thread, though the pool hands a worker its next job before the last one
 * ends: the server entry keeps the page's data sources in module state while it renders (see
 * setProjectSource in site/src/project-loader.ts), so two renders interleaved at an await would
 * read each other's (a case study rendered as an empty Suspense boundary).
 */
export function renderPageJob(input: PageJobInput): Promise<PageJobResult> {
  const page = rendering.then(() => renderOnePage(input))
  rendering = page.catch(() => undefined)
  return page
}

async function renderOnePage({ serverEntry, template, siteDir, base, route }: PageJobInput): Promise<PageJobResult> {
  let render = loaded.get(serverEntry)
  if (!render) loaded.set(serverEntry, (render = loadRenderFunction(serverEntry)))
  const data = {
    projects: (id: string) => readProjectData(siteDir, id),
    cards: async () => JSON.parse(readFileSync(path.join(siteDir, projectCardsData.file), 'utf8')) as unknown[],
  }
  try {
    return { page: await renderPage(await render, { route, base, template }, data) }
  } catch (error) {
    if (error instanceof CliError) return { error: error.message, ...(error.hint ? { hint: error.hint } : {}) }
    throw error
  }
}
