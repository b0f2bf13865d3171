import { createDiagnostic, type Diagnostic } from '../../diagnostics/diagnostic.ts'
import { valueAt } from '../../diagnostics/json-pointer.ts'
import { locatePointer } from '../../diagnostics/locate.ts'
import type { ParsedDocument } from '../parse-yaml.ts'
import { checkAbsoluteUrl } from './urls.ts'

const HOST = '/analytics/host'

/**
 * `analytics.host`, which the schema takes as any URL: an absolute https address (the page's policy
 * allows its origin for scripts and requests, and http would be mixed content), with no query or
 * fragment (the build appends the tracker's paths to it), and only for a provider that can be
 * self-hosted or proxied. The provider and the site id are the schema's (enum, required).
 */
export function checkAnalytics(parsed: ParsedDocument): Diagnostic[] {
  const host = valueAt(parsed.data, ['analytics', 'host'])
  if (typeof host !== 'string') return []
  const provider = valueAt(parsed.data, ['analytics', 'provider'])
  if (provider === 'cloudflare')
    return [
      createDiagnostic(
        'ANALYTICS_HOST',
        locatePointer(parsed, HOST, 'key'),
        'analytics.host cannot be used with cloudflare: Cloudflare Web Analytics has no self-hosted instance, and its script sends only to Cloudflare',
        'Remove host, or choose a provider you can host yourself (plausible, umami or goatcounter).',
      ),
    ]
  const problem = checkAbsoluteUrl(host, 'analytics.host')
  if (problem) {
    // A tracker on this machine counts only this machine's visits; a build for a local check (or a
    // test) is allowed to use one, as a warning.
    const severity = problem.code === 'URL_LOCAL' ? 'warning' : problem.severity
    return [createDiagnostic(problem.code, locatePointer(parsed, HOST), problem.message, problem.hint, severity)]
  }
  const url = new URL(host)
  if (url.search || url.hash)
    return [
      createDiagnostic(
        'ANALYTICS_HOST',
        locatePointer(parsed, HOST),
        `analytics.host ${JSON.stringify(host)} has a ${url.search ? 'query' : 'fragment'}; the build appends the tracker's paths (such as /script.js) to the address`,
        `Write ${url.origin}${url.pathname.replace(/\/$/, '')}.`,
      ),
    ]
  return []
}
