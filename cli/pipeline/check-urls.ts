import type { DiagnosticCode } from '../diagnostics/codes.ts'

export interface UrlProblem {
  code: DiagnosticCode
  message: string
  hint?: string
}

const ENTITY = /&(#x?[0-9a-f]+|[a-z]+);?/gi
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

const LOCAL_HOST = /^(localhost|.*\.local|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|0\.0\.0\.0|\[::1?\])$/i

/** Checks an absolute URL field. `mailto` says whether the field is the contact address (mailto only). */
export function checkAbsoluteUrl(raw: string, field: string, mailto = false): UrlProblem | undefined {
  const scheme = effectiveScheme(raw)
  if (scheme && !['https', 'http', 'mailto'].includes(scheme)) {
    return { code: 'URL_SCHEME', message: `${field} uses scheme "${scheme}:", which is not allowed`, hint: mailto ? 'Write mailto:you@example.com.' : 'Use an https:// address.' }
  }
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} contains spaces or control characters` }
  if (raw.startsWith('//')) return { code: 'URL_RELATIVE', message: `${field} ${JSON.stringify(raw)} is protocol-relative; it must be an absolute https URL` }
  if (!scheme) return { code: 'URL_RELATIVE', message: `${field} ${JSON.stringify(raw)} must be an absolute ${mailto ? 'mailto:' : 'https'} URL` }
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
  if (LOCAL_HOST.test(url.hostname)) return { code: 'URL_LOCAL', message: `${field} points at "${url.hostname}", which visitors cannot reach` }
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
