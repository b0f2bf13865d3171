import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ANALYTICS_PROVIDERS, analyticsTags, type AnalyticsConfig } from '../analytics/providers.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import { parsePositioned } from './locate-text.ts'

/** A policy the site is served under: where it is written and its text's offset there. */
interface Policy {
  file: string
  text: string
  /** The policy's text. */
  value: string
  /** Offset of `value` in `text`. */
  offset: number
}

/** The home page of the built site (`portfolio build`'s default --out): every page has its policy. */
const BUILT_PAGE = 'dist/index.html'
/** Response headers Netlify and Cloudflare Pages send for the files of public/: a policy there applies too. */
const HEADERS_FILE = 'public/_headers'
const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i
const HEADER_POLICY = /^[ \t]*Content-Security-Policy[ \t]*:[ \t]*(.*)$/gim

/**
 * The policies a visitor's browser applies allow the tracker `analytics:` chose: the meta policy of
 * a built site in dist/ (one built before analytics was added, or changed, still blocks it) and any
 * Content-Security-Policy header in public/_headers (a browser enforces every policy it is given, so
 * the header's blocks the tracker even when the page's allows it). Each origin the tracker loads
 * from must be allowed by script-src and each it sends to by connect-src (default-src when the
 * directive is absent). Content that validate rejects is left to validate; with nothing built and
 * no headers file, there is no policy to check.
 */
export async function checkAnalyticsPolicy(root: string): Promise<Diagnostic[]> {
  const config = await readAnalytics(root)
  if (!config) return []
  let tags: ReturnType<typeof analyticsTags>
  try {
    tags = analyticsTags(config)
  } catch {
    return [] // a host that is not a URL: validate reports it
  }
  const needs: [directive: string, origins: string[], what: string][] = [
    ['script-src', tags.scriptSrc, `the ${config.provider} script cannot load`],
    ['connect-src', tags.connectSrc, 'page views cannot be sent'],
  ]
  const found: Diagnostic[] = []
  for (const policy of await readPolicies(root)) {
    const directives = parsePolicy(policy.value)
    for (const [directive, origins, what] of needs) {
      const sources = directives.get(directive) ?? directives.get('default-src')
      if (!sources) continue
      for (const origin of origins.filter((o) => !sources.some((source) => allows(source, o)))) {
        const at = spanOf(policy.file, policy.text, policy.offset, policy.value.length)
        found.push(
          createDiagnostic(
            'DOCTOR_ANALYTICS_CSP',
            at,
            `the Content-Security-Policy in ${policy.file} does not allow ${origin} in ${directive}, so ${what}`,
            policy.file === HEADERS_FILE
              ? `Add ${origin} to ${directive} of this header.`
              : 'Run "portfolio build" again: the build allows the tracker in the policy it writes.',
          ),
        )
      }
    }
  }
  return found
}

/** `analytics:` of portfolio.yaml when validate would take it, else undefined. */
async function readAnalytics(root: string): Promise<AnalyticsConfig | undefined> {
  const text = await readFile(path.join(root, 'portfolio.yaml'), 'utf8').catch(() => undefined)
  if (text === undefined) return undefined
  const data: unknown = parsePositioned('portfolio.yaml', text).document.toJS()
  const analytics = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).analytics : undefined
  if (typeof analytics !== 'object' || analytics === null) return undefined
  const { provider, siteId, host } = analytics as Record<string, unknown>
  if (!ANALYTICS_PROVIDERS.includes(provider as AnalyticsConfig['provider']) || typeof siteId !== 'string')
    return undefined
  if (host !== undefined && (typeof host !== 'string' || !/^https:\/\//i.test(host))) return undefined
  return { provider: provider as AnalyticsConfig['provider'], siteId, ...(typeof host === 'string' ? { host } : {}) }
}

async function readPolicies(root: string): Promise<Policy[]> {
  const policies: Policy[] = []
  const page = await readFile(path.join(root, BUILT_PAGE), 'utf8').catch(() => undefined)
  const meta = page === undefined ? null : META_POLICY.exec(page)
  if (page !== undefined && meta?.[1] !== undefined)
    policies.push({ file: BUILT_PAGE, text: page, value: meta[1], offset: meta.index + meta[0].indexOf(meta[1]) })
  const headers = (await readFile(path.join(root, HEADERS_FILE), 'utf8').catch(() => undefined)) ?? ''
  for (const match of headers.matchAll(HEADER_POLICY)) {
    const value = match[1] ?? ''
    policies.push({ file: HEADERS_FILE, text: headers, value, offset: match.index + match[0].indexOf(value) })
  }
  return policies
}

/** Directive name (lowercase) -> its sources; the first of a repeated directive counts, as in browsers. */
function parsePolicy(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

/**
 * Whether a source expression lets a page load from or send to `origin` (CSP Level 3, "Does url
 * match expression"): `*`, a scheme (`https:`), or a host with an optional scheme, `*.` wildcard and
 * port. A source's path narrows it to paths the doctor does not know, and is read as its origin.
 */
function allows(source: string, origin: string): boolean {
  const url = new URL(origin)
  if (source === '*') return true
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return source.toLowerCase() === url.protocol
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|\*\.[^:/]+|[^:/*]+)(?::(\d+|\*))?(?:\/.*)?$/i.exec(source)
  if (!match) return false // 'self', 'none', hashes, nonces: none names a third-party origin
  const [, scheme, host = '', port] = match
  if (scheme && `${scheme.toLowerCase()}:` !== url.protocol) return false
  const hostname = url.hostname.toLowerCase()
  const wanted = host.toLowerCase()
  const hostMatches = wanted.startsWith('*.') ? hostname.endsWith(wanted.slice(1)) : hostname === wanted
  if (!hostMatches) return false
  return port === '*' || (port ?? '') === url.port
}

/** A span of a text file as a location (1-based line and column). */
function spanOf(file: string, text: string, offset: number, length: number) {
  const position = (at: number) => {
    const before = text.slice(0, at)
    const line = before.split('\n').length
    return { line, column: at - before.lastIndexOf('\n') }
  }
  return { file, start: position(offset), end: position(offset + length) }
}
