import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { serveBuild } from '../../scripts/audit/serve.ts'

const dist = mkdtempSync(path.join(os.tmpdir(), 'portfolio-audit-serve-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))
mkdirSync(path.join(dist, 'assets'), { recursive: true })
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home</title>'.repeat(20))
writeFileSync(path.join(dist, '404.html'), 'not here')
writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1);'.repeat(50))
writeFileSync(path.join(dist, 'assets/img.png'), Buffer.from([137, 80, 78, 71]))

function get(
  url: string,
  encoding?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = []
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

describe('serveBuild', () => {
  it('gzips text responses for clients that accept gzip, as GitHub Pages does, and keeps the 404 page', async () => {
    const server = await serveBuild(dist, '/sub/')
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sub\/$/)
      const js = await get(`${server.url}assets/app.js`, 'gzip, br')
      expect(js.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(js.body).toString()).toBe('console.log(1);'.repeat(50))
      const plain = await get(`${server.url}assets/app.js`)
      expect(plain.headers['content-encoding']).toBeUndefined()
      const png = await get(`${server.url}assets/img.png`, 'gzip')
      expect(png.headers['content-encoding']).toBeUndefined()
      const missing = await get(`${server.url}nowhere`, 'gzip')
      expect(missing.status).toBe(404)
      expect(gunzipSync(missing.body).toString()).toBe('not here')
    } finally {
      await server.close()
    }
  })

  it('serves the files as they are with compression "none"', async () => {
    const server = await serveBuild(dist, '/', 'none')
    try {
      const page = await get(server.url, 'gzip')
      expect(page.headers['content-encoding']).toBeUndefined()
      expect(page.body.toString()).toContain('<title>home</title>')
    } finally {
      await server.close()
    }
  })
})
