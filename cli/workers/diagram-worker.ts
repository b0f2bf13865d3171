/**
 * Worker thread of draw-diagrams.ts: draws the diagrams it is sent (and keeps them in the compile
 * cache), so the main thread stays free while they are drawn.
 */
import { parentPort } from 'node:worker_threads'
import { drawHere, type DiagramRequest, type DiagramResponse } from '../compile/draw-diagrams.ts'

const port = parentPort
if (!port) throw new Error('diagram-worker.ts runs as a worker thread (see draw-diagrams.ts)')

// Loading the renderer takes longer than starting the thread: begin before the first request.
void import('../compile/render-diagram.ts').then(({ loadDiagramRenderer }) => loadDiagramRenderer())

port.on('message', ({ id, diagrams, cache }: DiagramRequest) => {
  void drawHere(diagrams, cache).then((drawn) => port.postMessage({ id, drawn } satisfies DiagramResponse))
})
