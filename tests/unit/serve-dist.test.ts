import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDist } from '../../cli/dev/serve-dist.ts'

const dist = mkdtempSync(path.join(os.tmpdir(), 'portfolio-serve-dist-'))
mkdirSync(path.join(dist, 'projects/a'), { recursive: true })
mkdirSync(path.join(dist, 'assets'))
writeFileSync(path.join(dist, 'index.html'), '<p>home</p>')
writeFileSync(path.join(dist, 'projects/a/index.html'), '<p>project a</p>')
writeFileSync(path.join(dist, '404.html'), '<p>not found</p>')
writeFileSync(path.join(dist, 'assets/app-1234.js'), 'console.log(1)')
writeFileSync(path.join(dist, 'og.png'), Buffer.from([137, 80, 78, 71]))
writeFileSync(path.join(os.tmpdir(), 'portfolio-serve-dist-secret.txt'), 'secret')

let site: Awaited<ReturnType<typeof serveDist>>
beforeAll(async () => {
  site = await serveDist(dist, { base: '/sub/', port: 0 })
})
afterAll(async () => {
  await new Promise((resolve) => site.server.close(resolve))
  rmSync(dist, { recursive: true, force: true })
  rmSync(path.join(os.tmpdir(), 'portfolio-serve-dist-secret.txt'), { force: true })
})

/** The path is sent as written (fetch would normalise `..` away). */
function get(pathname: string): Promise<{ status: number; type?: string; cache?: string; body: string }> {
  return new Promise((resolve, reject) => {
    request(new URL(site.url), { path: pathname }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          type: response.headers['content-type'],
          cache: response.headers['cache-control'],
          body: Buffer.concat(chunks).toString(),
        }),
      )
    })
      .on('error', reject)
      .end()
  })
}

describe('serveDist', () => {
  it('listens on 127.0.0.1 under the base path', () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sub\/$/)
  })

  it('answers a folder with its index.html, and a file with its content type', async () => {
    expect(await get('/sub/')).toMatchObject({ status: 200, body: '<p>home</p>' })
    expect(await get('/sub/projects/a')).toMatchObject({ status: 200, body: '<p>project a</p>' })
    expect(await get('/sub/projects/a/')).toMatchObject({ status: 200, body: '<p>project a</p>' })
    expect((await get('/sub/projects/a')).type).toMatch(/^text\/html/)
    expect((await get('/sub/og.png')).type).toBe('image/png')
    expect((await get('/sub/assets/app-1234.js')).type).toMatch(/javascript/)
  })

  it('lets browsers keep the hashed bundles and revalidate everything else', async () => {
    expect((await get('/sub/assets/app-1234.js')).cache).toContain('immutable')
    expect((await get('/sub/')).cache).toBe('no-cache')
  })

  it('answers unknown paths, paths outside the base and paths out of the folder with the 404 page', async () => {
    for (const pathname of [
      '/sub/no/such/page',
      '/index.html',
      '/sub/../portfolio-serve-dist-secret.txt',
      '/sub/%2e%2e/portfolio-serve-dist-secret.txt',
    ]) {
      expect(await get(pathname)).toMatchObject({
        status: 404,
        type: 'text/html; charset=utf-8',
        body: '<p>not found</p>',
      })
    }
  })
})
