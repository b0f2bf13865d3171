import { stat } from 'node:fs/promises'
import { CliError } from '../errors.ts'
import type { Logger } from '../logger.ts'
import type { ResolvedOptions } from '../options.ts'
import { serveDist } from '../dev/serve-dist.ts'

/** `portfolio preview`: serves the built site on 127.0.0.1 until interrupted. */
export async function previewCommand(options: ResolvedOptions, logger: Logger): Promise<number> {
  const index = await stat(`${options.outDir}/index.html`).catch(() => undefined)
  if (!index) throw new CliError(`no built site in ${options.outDir}`, 'Run "portfolio build" first.')
  const { server, url } = await serveDist(options.outDir, { base: options.base, port: options.port }).catch(
    (error: unknown) => {
      throw new CliError(
        `cannot listen on 127.0.0.1:${options.port}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
        'Choose another port with --port.',
        { cause: error },
      )
    },
  )
  logger.info(`Serving ${options.outDir} at ${url} (Ctrl+C to stop)`)
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve())
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  return 0
}
