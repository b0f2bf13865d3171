import { CommanderError } from 'commander'
import { CliError } from './errors.ts'
import { createLogger } from './logger.ts'
import { createProgram } from './program.ts'

/**
 * React, react-dom/server and react-router each pick their production or development build by
 * NODE_ENV when first loaded. Every command but `dev` renders pages as they ship, with the
 * production build (the development build renders several times slower); `dev` leaves NODE_ENV to
 * Vite, whose development server (fast refresh, React's warnings) needs it.
 */
function setMode(command: string): void {
  if (command !== 'dev') process.env.NODE_ENV = 'production'
}

/** The one place that decides the exit code: 0 ok, 1 content errors, 2 usage, environment or a bug. */
async function main(argv: readonly string[]): Promise<void> {
  const logger = createLogger()
  const program = createProgram(logger, (code) => {
    process.exitCode = code
  })
  program.exitOverride()
  program.hook('preAction', (_program, action) => setMode(action.name()))
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

await main(process.argv).catch(handleFatal)
