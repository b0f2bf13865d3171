/** What fetching a feed gave: its text, "not modified" since the copy the request named, or why it failed. */
export type FetchOutcome =
  | { kind: 'fetched'; text: string; etag?: string; lastModified?: string }
  | { kind: 'not-modified' }
  | { kind: 'failed'; problem: string }

export interface FetchFeedOptions {
  fetch: typeof globalThis.fetch
  /** The whole request, body included, must end within this many milliseconds. */
  timeoutMs: number
  /** A larger body is refused: a feed is text, and a runaway response must not fill the memory. */
  maxBytes: number
  /** Validators of the stored copy, for a conditional request (RFC 9110 §13.1). */
  etag?: string
  lastModified?: string
}

const ACCEPT =
  'application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.8'

/**
 * GETs a feed with a timeout (AbortSignal.timeout, over the body too) and a size limit. Never
 * throws: a network error, a timeout or an HTTP error is a `failed` outcome that says what happened.
 * The body is decoded with the charset of its Content-Type, else as UTF-8 (what feeds use
 * overwhelmingly; a document's own XML declaration is not read).
 */
export async function fetchFeed(url: string, options: FetchFeedOptions): Promise<FetchOutcome> {
  const seconds = `${Number((options.timeoutMs / 1000).toFixed(2))} s`
  try {
    const headers: Record<string, string> = { accept: ACCEPT }
    if (options.etag) headers['if-none-match'] = options.etag
    if (options.lastModified) headers['if-modified-since'] = options.lastModified
    const response = await options.fetch(url, {
      headers,
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    if (response.status === 304) {
      await response.body?.cancel()
      return { kind: 'not-modified' }
    }
    if (!response.ok) {
      await response.body?.cancel()
      return { kind: 'failed', problem: `the server answered ${response.status}${statusText(response)}` }
    }
    const bytes = await readLimited(response, options.maxBytes)
    if (bytes === undefined)
      return { kind: 'failed', problem: `the feed is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB` }
    const fetched: FetchOutcome = { kind: 'fetched', text: decode(bytes, response.headers.get('content-type')) }
    const etag = response.headers.get('etag')
    const lastModified = response.headers.get('last-modified')
    if (etag) fetched.etag = etag
    if (lastModified) fetched.lastModified = lastModified
    return fetched
  } catch (error) {
    return { kind: 'failed', problem: describeFailure(error, seconds) }
  }
}

function statusText(response: Response): string {
  return response.statusText ? ` ${response.statusText}` : ''
}

/** The body, or undefined as soon as it passes `maxBytes` (the rest is not read). */
async function readLimited(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel()
    return undefined
  }
  if (!response.body) return new Uint8Array()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  const charset = contentType
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.toLowerCase().startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '')
  try {
    return new TextDecoder(charset || 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes) // a charset TextDecoder does not know
  }
}

/** A fetch failure in words: a timeout, the network's error code (ECONNREFUSED, ENOTFOUND), or its message. */
function describeFailure(error: unknown, seconds: string): string {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `no answer within ${seconds}`
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined
  if (cause && typeof cause.code === 'string') return `the connection failed (${cause.code})`
  if (cause && typeof cause.message === 'string') return `the connection failed (${cause.message})`
  return `the request failed (${error instanceof Error ? error.message : String(error)})`
}
