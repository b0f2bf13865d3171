import { pageBase } from './page-base.ts'
import { createContext, use, useContext } from 'react'
import { contentVersion } from './content-version.ts'
import type { RenderedProject } from './generated/types.ts'
import { projectData } from './paths.ts'

/** A case study ready to render: its data, a JSON file of its own, so no page's JavaScript grows
 * with the number of projects. */
export interface ProjectView {
  project: RenderedProject
}

/** Where case studies come from. Resolves to null when no project has this id. */
export type ProjectSource = (id: string) => Promise<RenderedProject | null>

/** The case studies one page knows: each loaded once, its resolved value then read synchronously,
 * so once loaded the page renders without suspending. A failed load stays failed. */
export interface ProjectViews {
  load(id: string): Promise<ProjectView | null>
  /** The loaded view (null: no such project), or undefined while it is not loaded. */
  loaded(id: string): ProjectView | null | undefined
  /** A case study the page already carries (prerendered pages inline their own data). */
  provide(project: RenderedProject): void
  forget(id: string): void
}

interface Entry {
  promise: Promise<ProjectView | null>
  value?: ProjectView | null
}

export function projectViews(source: ProjectSource): ProjectViews {
  const cache = new Map<string, Entry>()
  return {
    load(id) {
      const cached = cache.get(id)
      if (cached) return cached.promise
      const entry: Entry = {
        promise: source(id).then((project) => {
          entry.value = project ? { project } : null
          return entry.value
        }),
      }
      cache.set(id, entry)
      return entry.promise
    },
    loaded: (id) => cache.get(id)?.value,
    provide(project) {
      const value = { project }
      cache.set(project.id, { promise: Promise.resolve(value), value })
    },
    forget: (id) => void cache.delete(id),
  }
}

/** In the browser: the built site's data/projects/<id>.json (the host's 404 means no such project). */
const fetchProject: ProjectSource = async (id) => {
  const response = await fetch(projectData.url(pageBase(), id))
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`The case study "${id}" could not be loaded (HTTP ${response.status}).`)
  return (await response.json()) as RenderedProject
}

/** The browser's case studies, for the life of the page: loaded by entry-client before hydrating,
 * by a project link before navigating, or by a prefetch. */
const browserViews = projectViews(fetchProject)

/** The case studies a render reads. A server render provides its own (the content it was given),
 * so renders running at the same time never share one. */
export const ProjectViewsContext = createContext<ProjectViews>(browserViews)

export const provideProject = (project: RenderedProject): void => browserViews.provide(project)

/** Loads a case study's data in the browser. Resolves to null when no project has this id. */
export const loadProjectView = (id: string): Promise<ProjectView | null> => browserViews.load(id)

/** Bumped when the dev server's content changes a case study, so pages showing it load it afresh. */
const projectsVersion = contentVersion()

if (import.meta.hot) {
  import.meta.hot.on('portfolio:project-changed', (data: { id?: unknown }) => {
    if (typeof data.id !== 'string') return
    browserViews.forget(data.id)
    projectsVersion.bump()
  })
}

/** The case study for `id`, suspending while it loads (client navigation); a load error is thrown
 * to the route error boundary. */
export function useProjectView(id: string): ProjectView | null {
  projectsVersion.useVersion()
  const views = useContext(ProjectViewsContext)
  const value = views.loaded(id)
  return value !== undefined ? value : use(views.load(id))
}

/** Starts loading a case study early (hover or focus on a link to it). */
export function prefetchProject(id: string): void {
  loadProjectView(id).catch(() => undefined)
}
