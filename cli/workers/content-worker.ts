/**
 * Worker thread of the content pool (content-pool.ts): checks batches of project files and, when
 * asked, compiles the ones that passed. Replies with plain data only.
 */
import { parentPort } from 'node:worker_threads'
import { checkProjectFile, compileBatch, type PoolRequest, type PoolResponse, type ProjectFileResult, type WorkerFileResult } from './content-pool.ts'
import type { SourceFile } from '../content/load-sources.ts'

const port = parentPort
if (!port) throw new Error('content-worker.ts runs as a worker thread (see content-pool.ts)')

port.on('message', (request: PoolRequest) => {
  void handle(request).then((response) => port.postMessage(response))
})
port.postMessage({ type: 'ready' } satisfies PoolResponse)

async function handle(request: PoolRequest): Promise<PoolResponse> {
  const checked: ({ source: SourceFile; result: ProjectFileResult } | { source: SourceFile; failed: string })[] = request.files.map((source) => {
    try {
      return { source, result: checkProjectFile(source, request.checkCache) }
    } catch (error) {
      // The main thread checks this file again itself, so it fails (or not) exactly as without workers.
      return { source, failed: String((error as Error)?.stack ?? error) }
    }
  })
  if (request.compile) await compileBatch(checked.filter((c) => 'result' in c), request.compile.cache, undefined, request.compile.skip)
  const results: WorkerFileResult[] = checked.map((c) => {
    if ('failed' in c) return { path: c.source.path, failed: c.failed }
    // The yaml document cannot cross threads; the main thread parses again if it needs it.
    const { parsed: _parsed, ...plain } = c.result
    return plain
  })
  return { type: 'done', batch: request.batch, results }
}
