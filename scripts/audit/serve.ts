import { request as httpRequest, createServer, type Server } from 'node:http'
import { createGzip } from 'node:zlib'
import { serveDist } from '../../cli/dev/serve-dist.ts'

export type Compression = 'gzip' | 'none'

export interface AuditServer {
  /** Root URL with the base, e.g. http://127.0.0.1:41234/my-portfolio/. */
  url: string
  close(): Promise<void>
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/

/**
 * Serves a build on 127.0.0.1 with the CLI's GitHub-Pages-like static server. GitHub Pages also
 * gzips text responses (HTML, JS, CSS, SVG) for clients that accept it, and the CLI server does not,
 * so with `gzip` a small front server on 127.0.0.1 adds exactly that: without it Lighthouse's simulated
 * slow 4G would download every file uncompressed, which no visitor does.
 */
export async function serveBuild(dir: string, base: string, compression: Compression = 'gzip'): Promise<AuditServer> {
  const origin = await serveDist(dir, { base, port: 0 })
  const closeOrigin = () =>
    new Promise<void>((resolve) => {
      origin.server.close(() => resolve())
      origin.server.closeAllConnections() // keep-alive sockets would hold close() for seconds
    })
  if (compression === 'none') return { url: origin.url, close: closeOrigin }
  try {
    const front = await gzipFront(origin.url)
    return {
      url: front.url,
      close: async () => {
        await front.close()
        await closeOrigin()
      },
    }
  } catch (error) {
    await closeOrigin()
    throw error
  }
}

/**
 * A front server on 127.0.0.1 for a site already served at `siteUrl` (also on 127.0.0.1): passes every
 * request through and gzips compressible responses for clients that accept gzip. Returns the same
 * site's URL on the front server.
 */
export async function gzipFront(siteUrl: string): Promise<AuditServer> {
  const target = new URL(siteUrl)
  if (target.hostname !== '127.0.0.1')
    throw new Error(`gzipFront only fronts servers on 127.0.0.1, not ${target.hostname}`)
  const front: Server = createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const headers = { ...answer.headers }
        const type = String(headers['content-type'] ?? '')
        const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
        if (accepts && COMPRESSIBLE.test(type) && req.method !== 'HEAD') {
          delete headers['content-length']
          res.writeHead(answer.statusCode ?? 500, { ...headers, 'content-encoding': 'gzip', vary: 'Accept-Encoding' })
          answer.pipe(createGzip({ level: 6 })).pipe(res)
        } else {
          res.writeHead(answer.statusCode ?? 500, headers)
          answer.pipe(res)
        }
      },
    )
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()))
    req.pipe(upstream)
  })
  await new Promise<void>((resolve, reject) => front.once('error', reject).listen(0, '127.0.0.1', resolve))
  const address = front.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        front.close(() => resolve())
        front.closeAllConnections()
      })
    },
  }
}
