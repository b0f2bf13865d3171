import { CommanderError } from 'commander'
import { CliError } from './errors.ts'
import { createLogger } from './logger.ts'
import { createProgram } from './program.ts'

/** The one place that decides the exit code: 0 ok, 1 content errors, 2 usage, environment or a bug. */
async function main(argv: readonly string[]): Promise<void> {
  const logger = createLogger()
  const program = createProgram(logger, (code) => {
    process.exitCode = code
  })
  program.exitOverride()
  program.configureOutput({ writeOut: (s) => logger.result(s.trimEnd()), writeErr: (s) => logger.info(s.trimEnd()) })
  for (const command of program.commands) command.exitOverride()
  await program.parseAsync(argv)
}

function handleFatal(error: unknown): void {
  const logger = createLogger()
  if (error instanceof CommanderError) {
    // Help and version are successes; every other commander error is a usage error.
    process.exitCode = error.exitCode === 0 ? 0 : 2
    return
  }
  if (error instanceof CliError) {
    logger.info(`portfolio: ${error.message}${error.hint ? `\n  Hint: ${error.hint}` : ''}`)
    process.exitCode = 2
    return
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error)
  logger.info(`portfolio: internal error — this is a bug in the tool, not your content.\n${stack}`)
  process.exitCode = 2
}

/**
 * Ends the process once the command is done and its output flushed. Left to end by itself, Node
 * first frees the main thread's heap, page by page (~15 ms after a build has written everything),
 * for nothing: the process is gone right after.
 */
function exitWhenFlushed(): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit()))
}

main(process.argv).catch(handleFatal).finally(exitWhenFlushed)
