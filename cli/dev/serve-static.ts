import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon', '.pdf': 'application/pdf', '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.json': 'application/json', '.woff2': 'font/woff2',
}

/** A static host like GitHub Pages: files under `base`, /dir → /dir/index.html, 404.html for the rest. Loopback only. */
export async function serveStatic(dir: string, options: { base: string; port: number; host?: string }): Promise<{ server: Server; url: string }> {
  const root = path.resolve(dir)
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
      const file = pathname.startsWith(options.base) ? await resolveFile(root, pathname.slice(options.base.length - 1)) : undefined
      const status = file ? 200 : 404
      const target = file ?? path.join(root, '404.html')
      const type = TYPES[path.extname(target)] ?? 'application/octet-stream'
      const found = await stat(target).catch(() => undefined)
      if (!found) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
        return
      }
      response.writeHead(status, { 'content-type': type, 'content-length': found.size, 'cache-control': target.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache' })
      createReadStream(target).pipe(response)
    })().catch(() => response.writeHead(500).end())
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, host, resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return { server, url: `http://${host}:${port}${options.base}` }
}

async function resolveFile(root: string, pathname: string): Promise<string | undefined> {
  const candidate = path.join(root, pathname)
  if (candidate !== root && !candidate.startsWith(root + path.sep)) return undefined
  for (const file of [candidate, path.join(candidate, 'index.html'), `${candidate}.html`]) {
    const found = await stat(file).catch(() => undefined)
    if (found?.isFile()) return file
  }
  return undefined
}
