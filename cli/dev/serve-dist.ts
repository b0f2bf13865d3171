import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import path from 'node:path'
import sirv from 'sirv'

export interface ServeDistOptions {
  /** The path the site is published under, with a slash at each end, e.g. /my-portfolio/. */
  base: string
  /** 0 takes any free port. */
  port: number
}

/**
 * Serves a built site on 127.0.0.1 as a static host like GitHub Pages does: files under `base`,
 * /dir answered by /dir/index.html (or /dir.html), and 404.html with status 404 for the rest.
 */
export async function serveDist(dir: string, options: ServeDistOptions): Promise<{ server: Server; url: string }> {
  const root = path.resolve(dir)
  // Looked up per request (sirv's `dev`), not listed once at start: `portfolio build` may swap a new
  // site into this folder while it is served.
  const files = sirv(root, { dev: true, setHeaders: setCacheControl })
  const notFound = (response: ServerResponse) => void sendNotFound(root, response)
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '/'
    if (!url.startsWith(options.base)) return notFound(response)
    // sirv serves from the folder's root: the base is taken off (its last slash stays).
    request.url = url.slice(options.base.length - 1)
    files(request, response, () => notFound(response))
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return { server, url: `http://127.0.0.1:${port}${options.base}` }
}

/** Vite's hashed bundles never change under their name; every other file may change with a build. */
function setCacheControl(response: ServerResponse, pathname: string): void {
  response.setHeader(
    'Cache-Control',
    pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  )
}

async function sendNotFound(root: string, response: ServerResponse): Promise<void> {
  const page = await readFile(path.join(root, '404.html')).catch(() => undefined)
  if (!page) return void response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
  response
    .writeHead(404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': page.length,
      'Cache-Control': 'no-cache',
    })
    .end(page)
}
