import { entryKind, type Store } from '../cache/store.ts'

/**
 * Draws diagrams in this thread and keeps each SVG in the store, by its Mermaid source and title
 * (the SVG's label): an edit to a project's prose or title does not draw its diagrams again, and the
 * same diagram in two projects is drawn once. A build draws them inside each project's job on the
 * worker pool (see cli/pipeline/project-job.ts), so the main thread stays free meanwhile.
 */

export interface Diagram {
  mermaid: string
  title: string
}

/** A drawn diagram's SVG, or why it cannot be drawn (becomes a DIAGRAM_SYNTAX diagnostic; not kept). */
export type DrawnDiagram = { svg: string } | { error: string }

const DIAGRAM = entryKind<{ svg: string }>('diagram')

function diagramKey(store: Store, { mermaid, title }: Diagram): string {
  return DIAGRAM.key(store, title, mermaid)
}

/** A diagram's SVG from the store, or undefined. */
export function readDiagram(store: Store, diagram: Diagram): string | undefined {
  return DIAGRAM.get(store, diagramKey(store, diagram))?.svg
}

/** Draws each diagram (loading the renderer once per thread), keeping each SVG in the store. */
export async function drawDiagrams(diagrams: readonly Diagram[], store: Store): Promise<DrawnDiagram[]> {
  if (diagrams.length === 0) return []
  const render = await (await import('./render-diagram.ts')).loadDiagramRenderer()
  const drawn = diagrams.map((diagram): DrawnDiagram => {
    try {
      const svg = render(diagram.mermaid, diagram.title)
      DIAGRAM.set(store, diagramKey(store, diagram), { svg })
      return { svg }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  })
  return drawn
}
