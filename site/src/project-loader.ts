import { use, type ComponentType } from 'react'
import { CaseStudy } from './components/case-study.tsx'
import { withMarkup } from './deferred-markup.ts'
import { projectCards, projectLoaders } from './generated/content.ts'
import type { RenderedProject } from './generated/types.ts'

/** A case study ready to render: its data (a chunk of its own, so the home page does not carry it)
 * and the component that renders it (part of every page: it shares most of its parts with the
 * home page, and a case study opened from / then downloads only its content). */
export interface ProjectView {
  project: RenderedProject
  CaseStudy: ComponentType<{ project: RenderedProject }>
}

interface DeferredMarkupModule {
  loadMarkup?: () => Promise<Record<string, string>>
}

interface Entry {
  promise: Promise<ProjectView | null>
  value?: ProjectView | null
}

/** One entry per id, for the life of the page: the resolved value is read synchronously, so once
 * loaded (by entry-server before rendering, by entry-client before hydrating, or by a prefetch)
 * the page renders without suspending. A failed load stays failed until the page reloads. */
const cache = new Map<string, Entry>()

/** Loads a case study's data and view. Resolves to null when no project has this id. */
export function loadProjectView(id: string): Promise<ProjectView | null> {
  const cached = cache.get(id)
  if (cached) return cached.promise
  const loadData = Object.hasOwn(projectLoaders, id) ? projectLoaders[id] : undefined
  const entry: Entry = loadData
    ? {
        promise: loadData().then(async (data) => {
          // In the browser build the data module leaves out what the project's card (on every page)
          // already says, and its markup, which it exports loadMarkup() for (see site/vite.config.ts).
          const card = projectCards.find((candidate) => candidate.id === id)
          const project = await withMarkup({ ...card, ...data.project }, (data as DeferredMarkupModule).loadMarkup)
          entry.value = { project, CaseStudy }
          return entry.value
        }),
      }
    : { promise: Promise.resolve(null), value: null }
  cache.set(id, entry)
  return entry.promise
}

/** The case study for `id`, suspending while its chunks load (client navigation); a load error is
 * thrown to the route error boundary. */
export function useProjectView(id: string): ProjectView | null {
  const entry = cache.get(id)
  if (entry && entry.value !== undefined) return entry.value
  return use(loadProjectView(id))
}

/** Starts loading a case study early (hover or focus on a link to it). */
export function prefetchProject(id: string): void {
  loadProjectView(id).catch(() => undefined)
}
