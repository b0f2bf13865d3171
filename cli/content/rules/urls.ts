import type { DiagnosticCode } from '../../diagnostics/codes.ts'

export interface UrlProblem {
  code: DiagnosticCode
  message: string
  hint?: string
}

const ENTITY = /&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')', amp: '&' }

/** Decodes HTML character references, as a browser would inside an href attribute. */
export function decodeEntities(value: string): string {
  return value.replace(ENTITY, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1]?.toLowerCase() === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return NAMED[body.toLowerCase()] ?? whole
  })
}

/** The scheme a browser would see: entities decoded, ASCII whitespace/controls removed (WHATWG URL parser behaviour). */
export function effectiveScheme(raw: string): string | undefined {
  const normalized = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]/g, '')
  return /^([a-z][a-z0-9+.-]*):/i.exec(normalized)?.[1]?.toLowerCase()
}

/** Hosts visitors cannot reach: loopback, private and link-local ranges (IPv4 and IPv6), .local names. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) return true
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return a === 127 || a === 10 || a === 0 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)
  }
  if (host.startsWith('[')) {
    const v6 = host.slice(1, -1)
    if (v6 === '::' || v6 === '::1') return true
    if (/^f[cd][0-9a-f]{0,2}:/.test(v6) || /^fe[89ab][0-9a-f]?:/.test(v6)) return true // unique local fc00::/7, link-local fe80::/10
    const mapped = /^::ffff:(.+)$/.exec(v6)?.[1]
    if (mapped) return isLocalHost(/^[0-9a-f]+:[0-9a-f]+$/.test(mapped) ? hexToV4(mapped) : mapped)
  }
  return false
}

function hexToV4(hex: string): string {
  const [high = 0, low = 0] = hex.split(':').map((h) => parseInt(h, 16))
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

/** Checks an absolute URL field. `mailto` says whether the field is the contact address (mailto only). */
export function checkAbsoluteUrl(raw: string, field: string, mailto = false): UrlProblem | undefined {
  const scheme = effectiveScheme(raw)
  if (scheme && !['https', 'http', 'mailto'].includes(scheme)) {
    return { code: 'URL_SCHEME', message: `${field} uses scheme "${scheme}:", which is not allowed`, hint: mailto ? 'Write mailto:you@example.com.' : 'Use an https:// address.' }
  }
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} contains spaces or control characters` }
  if (raw.startsWith('//')) return { code: 'URL_RELATIVE', message: `${field} ${JSON.stringify(raw)} is protocol-relative; it must be an absolute https URL` }
  if (!scheme) {
    const hint = mailto ? `Write mailto:${raw.includes('@') ? raw : 'you@example.com'}.` : `Write the full address, e.g. https://${raw.replace(/^\/+/, '') || 'example.com'}.`
    return { code: 'URL_RELATIVE', message: `${field} ${JSON.stringify(raw)} must be an absolute ${mailto ? 'mailto:' : 'https'} URL`, hint }
  }
  if (mailto) {
    if (scheme !== 'mailto') return { code: 'URL_SCHEME', message: `${field} must be a mailto: link; got "${scheme}:"`, hint: 'Write mailto:you@example.com.' }
    return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(raw) ? undefined : { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} is not a valid mailto: address`, hint: 'Write mailto:you@example.com.' }
  }
  if (scheme === 'mailto') return { code: 'URL_SCHEME', message: `${field} uses "mailto:", which is only allowed in contact.email`, hint: 'Use an https:// address here; put your e-mail in contact.email.' }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} is not a valid URL` }
  }
  if (url.protocol === 'http:') return { code: 'URL_INSECURE', message: `${field} ${JSON.stringify(raw)} uses http; use https://`, hint: `Write ${raw.replace(/^http:/i, 'https:')}.` }
  if (!url.hostname) return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} has no host name` }
  if (isLocalHost(url.hostname)) return { code: 'URL_LOCAL', message: `${field} points at "${url.hostname}", which visitors cannot reach` }
  return undefined
}

export type LinkKind = 'link' | 'image'

/** Checks a link inside markdown: https, mailto (links only), in-site paths and #anchors. */
export function checkMarkdownHref(raw: string, kind: LinkKind): UrlProblem | undefined {
  const scheme = effectiveScheme(raw)
  const allowed = kind === 'link' ? ['https', 'mailto'] : ['https']
  if (scheme) {
    if (allowed.includes(scheme)) return undefined
    const hint = scheme === 'http' ? `Use https:// instead of http://.` : undefined
    return { code: 'MD_URL_SCHEME', message: `${kind} URL scheme "${scheme}:" is not allowed (found ${JSON.stringify(raw.length > 60 ? raw.slice(0, 60) + '…' : raw)})`, ...(hint ? { hint } : {}) }
  }
  if (raw.startsWith('//')) return { code: 'MD_URL_SCHEME', message: `protocol-relative ${kind} ${JSON.stringify(raw)} is not allowed`, hint: 'Write the full https:// address.' }
  return undefined
}
