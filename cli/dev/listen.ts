import type { Server } from 'node:http'
import { CliError } from '../errors.ts'

/**
 * Listens on `host`:`port`, or on the next free port when that one is taken (as `vite` does); 0
 * takes any free port. Returns the port listened on.
 */
export async function listenFrom(server: Server, host: string, port: number): Promise<number> {
  for (let candidate = port; ; candidate++) {
    try {
      await listenOnce(server, host, candidate)
      const address = server.address()
      return typeof address === 'object' && address ? address.port : candidate
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EADDRINUSE' && port !== 0 && candidate < 65535) continue
      throw new CliError(
        `cannot listen on ${host}:${port}: ${code ?? String(error)}`,
        'Choose another port with --port.',
        {
          cause: error,
        },
      )
    }
  }
}

function listenOnce(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => {
      server.off('listening', listening)
      reject(error)
    }
    const listening = () => {
      server.off('error', failed)
      resolve()
    }
    server.once('error', failed).once('listening', listening).listen(port, host)
  })
}
