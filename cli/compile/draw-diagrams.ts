import os from 'node:os'
import { isMainThread, type Worker } from 'node:worker_threads'
import { diagramKey, type CompileCache } from './compile-cache.ts'
import { writeEntry } from '../cache/cache-entries.ts'
import { startWorker, workersNeedTsx } from '../workers/worker-script.ts'

/**
 * Draws the diagrams a compile found missing from the cache, on a worker thread when this is the main
 * thread of the bundled CLI: a diagram holds its thread for tens of milliseconds, and a build runs
 * Vite (whose plugins run on the main thread) while the projects compile. Elsewhere (a content worker,
 * tests under tsx, one core) and if the worker fails, they are drawn here. Either way each drawn
 * diagram is kept in the compile cache, and the results are the same.
 */

export interface Diagram {
  mermaid: string
  title: string
}

/** A drawn diagram's SVG, or why it cannot be drawn (becomes a DIAGRAM_SYNTAX diagnostic). */
export type DrawnDiagram = { svg: string } | { error: string }

export type DiagramRequest = { id: number; diagrams: Diagram[]; cache: CompileCache | undefined }
export type DiagramResponse = { id: number; drawn: DrawnDiagram[] }

/** PORTFOLIO_DIAGRAM_WORKER=always|never overrides where diagrams are drawn (tests, measurements). */
function useWorker(): boolean {
  const mode = process.env.PORTFOLIO_DIAGRAM_WORKER
  if (mode === 'always' || mode === 'never') return mode === 'always'
  return isMainThread && !workersNeedTsx() && os.availableParallelism() > 1
}

export async function drawDiagrams(diagrams: Diagram[], cache: CompileCache | undefined): Promise<DrawnDiagram[]> {
  if (diagrams.length === 0) return []
  if (useWorker()) {
    try {
      return await drawOnWorker(diagrams, cache)
    } catch {
      // The worker could not start or died: draw them here.
    }
  }
  return drawHere(diagrams, cache)
}

/** Draws in this thread (loading the renderer once per thread) and keeps each SVG in the cache. */
export async function drawHere(diagrams: Diagram[], cache: CompileCache | undefined): Promise<DrawnDiagram[]> {
  const render = await (await import('./render-diagram.ts')).loadDiagramRenderer()
  const drawn = diagrams.map(({ mermaid, title }): DrawnDiagram => {
    try {
      const svg = render(mermaid, title)
      if (cache) writeEntry(cache.directory, diagramKey(cache, mermaid, title), { svg })
      return { svg }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  })
  return drawn
}

/**
 * Starts the worker (it loads the renderer as it starts) when diagrams will be drawn there, ahead of
 * the first request: a build calls this once it has read files that may have diagrams to draw.
 */
export function warmDiagramWorker(): void {
  if (useWorker() && !worker) {
    startDiagramWorker()
    endWhenIdle()
  }
}

/** Diagrams the worker drew since the process started: lets tests see where they were drawn. */
export const diagramCounters = { onWorker: 0 }

/** One worker, started on first use; it holds the process open only while it has diagrams to draw. */
let worker: Worker | undefined
const pending = new Map<number, { resolve: (drawn: DrawnDiagram[]) => void; reject: (error: Error) => void }>()
let nextId = 0
let idleTimer: NodeJS.Timeout | undefined
const IDLE_MS = 30_000

function drawOnWorker(diagrams: Diagram[], cache: CompileCache | undefined): Promise<DrawnDiagram[]> {
  const thread = worker ?? startDiagramWorker()
  const id = nextId++
  return new Promise<DrawnDiagram[]>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    clearTimeout(idleTimer)
    thread.ref()
    thread.postMessage({ id, diagrams, cache } satisfies DiagramRequest)
  })
}

function startDiagramWorker(): Worker {
  const thread = startWorker('diagram-worker')
  worker = thread
  const fail = (error: Error) => {
    // A worker ended by stopDiagramWorker may exit after a new one took requests: those are not its.
    if (worker !== undefined && worker !== thread) return
    worker = undefined
    for (const { reject } of pending.values()) reject(error)
    pending.clear()
  }
  thread.on('message', ({ id, drawn }: DiagramResponse) => {
    diagramCounters.onWorker += drawn.length
    pending.get(id)?.resolve(drawn)
    pending.delete(id)
    if (pending.size > 0) return
    thread.unref()
    endWhenIdle()
  })
  thread.on('error', fail)
  thread.on('exit', () => fail(new Error('the diagram worker ended')))
  // After the listeners: adding a 'message' listener refs the worker again.
  thread.unref()
  return thread
}

/** Ends the worker after IDLE_MS without a request (drawOnWorker clears this), without holding the process open. */
function endWhenIdle(): void {
  clearTimeout(idleTimer)
  idleTimer = setTimeout(() => void stopDiagramWorker(), IDLE_MS)
  idleTimer.unref()
}

/** Ends the diagram worker now (a build has drawn its diagrams; tests). */
export async function stopDiagramWorker(): Promise<void> {
  clearTimeout(idleTimer)
  const thread = worker
  worker = undefined
  await thread?.terminate()
}
