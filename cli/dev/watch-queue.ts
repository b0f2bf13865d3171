import { once } from 'node:events'
import path from 'node:path'
import { watch } from 'chokidar'
import { contentInputs } from '../content/content-inputs.ts'

/** Content files the dev server watches, relative to the content root. */
const isContentFile = (rel: string) =>
  rel === 'portfolio.yaml' ||
  /^portfolio\.[^./]+\.yaml$/.test(rel) ||
  rel === 'i18n.lock.yaml' ||
  rel.startsWith('i18n/') ||
  /^projects\/[^/]+\.ya?ml$/.test(rel) ||
  /^posts\/[^/]+\.md$/i.test(rel) ||
  rel.startsWith('public/') ||
  rel.startsWith('media/')

/**
 * Watches the content root's portfolio.yaml, projects/, public/ and media/, and hands the changed files to
 * `run` through a queue (createWatchQueue). Resolves once the watcher has read the folders, so an
 * edit made after that is never missed; the function it resolves to stops watching.
 */
export async function watchContent(
  root: string,
  run: (files: string[]) => Promise<void>,
  quietMs: number,
): Promise<() => Promise<void>> {
  const queue = createWatchQueue(run, quietMs)
  const watcher = watch(
    contentInputs(root).map((entry) => path.join(root, entry)),
    { ignoreInitial: true },
  )
  watcher.on('all', (_event, file) => {
    const rel = path.relative(root, file).split(path.sep).join('/')
    if (!rel.startsWith('..') && isContentFile(rel)) queue.add(rel)
  })
  await once(watcher, 'ready')
  return async () => {
    await watcher.close()
    await queue.close()
  }
}

/**
 * Runs `run` for changed files one run at a time. Changes that arrive while a run is under way are
 * gathered into the next one, and a short quiet period first lets the burst of events an editor
 * makes when it saves (write, rename, chmod) become one run.
 */
interface WatchQueue {
  /** A file changed (relative to the content root). */
  add(file: string): void
  /** Stops taking changes; resolves when the run under way, if any, has ended. */
  close(): Promise<void>
}

function createWatchQueue(run: (files: string[]) => Promise<void>, quietMs: number): WatchQueue {
  const pending = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let closed = false

  const drain = async () => {
    while (pending.size > 0 && !closed) {
      const files = [...pending]
      pending.clear()
      await run(files)
    }
  }
  const start = () => {
    timer = undefined
    // While a run is under way, the loop in drain takes the new files when it ends.
    running ??= drain().finally(() => (running = undefined))
  }

  return {
    add(file) {
      if (closed) return
      pending.add(file)
      clearTimeout(timer)
      timer = setTimeout(start, quietMs)
    },
    async close() {
      closed = true
      clearTimeout(timer)
      pending.clear()
      await running
    },
  }
}
