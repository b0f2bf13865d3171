import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { CliError } from '../errors.ts'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { startDevServer, type DevEvent } from '../dev/dev-server.ts'
import { reportDiagnostics } from './report-diagnostics.ts'

/** `portfolio dev`: serves the site with live updates until interrupted; exit 0 on Ctrl+C, 2 when it cannot start. */
export async function devCommand(options: ResolvedOptions, logger: Logger): Promise<number> {
  // Listened for first: the URL is printed while the server is still starting.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', resolve)
    process.once('SIGTERM', resolve)
  })
  const server = await startDevServer({
    root: options.root,
    port: options.port,
    onEvent: (event) => printEvent(event, options, logger),
  })
  await stopped
  await server.close()
  return 0
}

function printEvent(event: DevEvent, options: ResolvedOptions, logger: Logger): void {
  if (event.type === 'listening') {
    logger.info(`Dev server for ${path.relative(process.cwd(), options.root) || '.'} at ${event.url} (Ctrl+C to stop)`)
  } else if (event.type === 'log') {
    logger.info(logger.color ? event.message : stripVTControlCharacters(event.message))
  } else if (event.type === 'failure') {
    const hint = event.error instanceof CliError && event.error.hint ? `\n  Hint: ${event.error.hint}` : ''
    logger.info(`portfolio: ${event.error instanceof Error ? event.error.message : String(event.error)}${hint}`)
  } else if (!event.result.compiled) {
    reportDiagnostics(
      event.result,
      options,
      logger,
      event.first
        ? 'the site shows these errors until they are fixed.'
        : 'the page keeps the last good content until this is fixed.',
    )
  } else {
    if (event.result.diagnostics.length > 0) reportDiagnostics(event.result, options, logger)
    logger.info(
      event.changedFile
        ? `✔ ${event.changedFile}: content is valid (${redoneOf(event.result)})`
        : `✔ content is valid (${event.result.fileCount} files)`,
    )
  }
}

/** How much of the content a change made the dev server check again: the edited files, not every file. */
function redoneOf({ redone, reused }: { redone: number; reused: number }): string {
  const projects = redone + reused
  return `${redone} of ${projects} project file${projects === 1 ? '' : 's'} checked again`
}
