import { expect } from 'vitest'

/** Fetches `url` and checks it is served as a PDF: status 200, its content type, and the file's signature. */
export async function expectServedPdf(url: string): Promise<void> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  expect(response.headers.get('content-type'), url).toBe('application/pdf')
  expect(
    Buffer.from(await response.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
    url,
  ).toBe('%PDF-')
}
