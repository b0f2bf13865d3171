import { use, type ComponentType } from 'react'
import { contentVersion } from './content-version.ts'
import { CaseStudy } from './components/case-study.tsx'
import type { RenderedProject } from './generated/types.ts'
import { projectData } from './paths.ts'

/** A case study ready to render: its data (a JSON file of its own, so no page's JavaScript grows
 * with the number of projects) and the component that renders it (part of every page: it shares
 * most of its parts with the home page). */
export interface ProjectView {
  project: RenderedProject
  CaseStudy: ComponentType<{ project: RenderedProject }>
}

/** Where case studies come from. Resolves to null when no project has this id. */
export type ProjectSource = (id: string) => Promise<RenderedProject | null>

interface Entry {
  promise: Promise<ProjectView | null>
  value?: ProjectView | null
}

/** In the browser: the built site's data/projects/<id>.json (the host's 404 means no such project). */
const fetchProject: ProjectSource = async (id) => {
  const response = await fetch(projectData.url(import.meta.env.BASE_URL, id))
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`The case study "${id}" could not be loaded (HTTP ${response.status}).`)
  return (await response.json()) as RenderedProject
}

let source: ProjectSource = fetchProject

/** One entry per id, for the life of the page: the resolved value is read synchronously, so once
 * loaded (by entry-server before rendering, by entry-client before hydrating, or by a prefetch)
 * the page renders without suspending. A failed load stays failed until the page reloads. */
const cache = new Map<string, Entry>()

/** The server render (build and dev server) reads case studies from the content it was given. */
export function setProjectSource(next: ProjectSource): void {
  source = next
  cache.clear()
}

/** A case study the page already carries (prerendered pages inline their own data). */
export function provideProject(project: RenderedProject): void {
  const value = { project, CaseStudy }
  cache.set(project.id, { promise: Promise.resolve(value), value })
}

/** Loads a case study's data. Resolves to null when no project has this id. */
export function loadProjectView(id: string): Promise<ProjectView | null> {
  const cached = cache.get(id)
  if (cached) return cached.promise
  const entry: Entry = {
    promise: source(id).then((project) => {
      entry.value = project ? { project, CaseStudy } : null
      return entry.value
    }),
  }
  cache.set(id, entry)
  return entry.promise
}

/** Bumped when the dev server's content changes a case study, so pages showing it load it afresh. */
const projectsVersion = contentVersion()

if (import.meta.hot) {
  import.meta.hot.on('portfolio:project-changed', (data: { id?: unknown }) => {
    if (typeof data.id !== 'string') return
    cache.delete(data.id)
    projectsVersion.bump()
  })
}

/** The case study for `id`, suspending while it loads (client navigation); a load error is thrown
 * to the route error boundary. */
export function useProjectView(id: string): ProjectView | null {
  projectsVersion.useVersion()
  const entry = cache.get(id)
  if (entry && entry.value !== undefined) return entry.value
  return use(loadProjectView(id))
}

/** Starts loading a case study early (hover or focus on a link to it). */
export function prefetchProject(id: string): void {
  loadProjectView(id).catch(() => undefined)
}
