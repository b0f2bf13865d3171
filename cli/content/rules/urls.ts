import { domainToUnicode } from 'node:url'
import { decodeHTMLAttribute } from 'entities'
import type { DiagnosticCode } from '../../diagnostics/codes.ts'

export interface UrlProblem {
  code: DiagnosticCode
  message: string
  hint?: string
  severity?: 'warning'
}

/** Decodes HTML character references, as a browser does inside an href attribute. */
export function decodeEntities(value: string): string {
  return decodeHTMLAttribute(value)
}

/** The scheme a browser would see: entities decoded, ASCII whitespace/controls removed (WHATWG URL parser behaviour). */
function effectiveScheme(raw: string): string | undefined {
  const normalized = decodeEntities(raw).replace(/[\u0000-\u0020\u007f]/g, '')
  return /^([a-z][a-z0-9+.-]*):/i.exec(normalized)?.[1]?.toLowerCase()
}

/** Hosts visitors cannot reach: loopback, private and link-local ranges (IPv4 and IPv6), .local names. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return true
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 192 && b === 168) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    )
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
    return {
      code: 'URL_SCHEME',
      message: `${field} uses scheme "${scheme}:", which is not allowed`,
      hint: mailto ? 'Write mailto:you@example.com.' : 'Use an https:// address.',
    }
  }
  if (/[\s\u0000-\u001f\u007f]/.test(raw))
    return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} contains spaces or control characters` }
  if (raw.startsWith('//'))
    return {
      code: 'URL_RELATIVE',
      message: `${field} ${JSON.stringify(raw)} is protocol-relative; it must be an absolute https URL`,
    }
  if (!scheme) {
    const hint = mailto
      ? `Write mailto:${raw.includes('@') ? raw : 'you@example.com'}.`
      : `Write the full address, e.g. https://${raw.replace(/^\/+/, '') || 'example.com'}.`
    return {
      code: 'URL_RELATIVE',
      message: `${field} ${JSON.stringify(raw)} must be an absolute ${mailto ? 'mailto:' : 'https'} URL`,
      hint,
    }
  }
  if (mailto) {
    if (scheme !== 'mailto')
      return {
        code: 'URL_SCHEME',
        message: `${field} must be a mailto: link; got "${scheme}:"`,
        hint: 'Write mailto:you@example.com.',
      }
    return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(raw)
      ? checkMailto(raw, field)
      : {
          code: 'URL_FORMAT',
          message: `${field} ${JSON.stringify(raw)} is not a valid mailto: address`,
          hint: 'Write mailto:you@example.com.',
        }
  }
  if (scheme === 'mailto')
    return {
      code: 'URL_SCHEME',
      message: `${field} uses "mailto:", which is only allowed in contact.email`,
      hint: 'Use an https:// address here; put your e-mail in contact.email.',
    }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} is not a valid URL` }
  }
  if (url.protocol === 'http:')
    return {
      code: 'URL_INSECURE',
      message: `${field} ${JSON.stringify(raw)} uses http; use https://`,
      hint: `Write ${raw.replace(/^http:/i, 'https:')}.`,
    }
  if (!url.hostname) return { code: 'URL_FORMAT', message: `${field} ${JSON.stringify(raw)} has no host name` }
  if (isLocalHost(url.hostname))
    return { code: 'URL_LOCAL', message: `${field} points at "${url.hostname}", which visitors cannot reach` }
  return checkUrlParts(url, raw, field)
}

export type LinkKind = 'link' | 'image'

/** Checks a link inside markdown: https, mailto (links only), in-site paths and #anchors. */
export function checkMarkdownHref(raw: string, kind: LinkKind): UrlProblem | undefined {
  const scheme = effectiveScheme(raw)
  const allowed = kind === 'link' ? ['https', 'mailto'] : ['https']
  if (scheme) {
    if (scheme === 'mailto' && kind === 'link') return checkMailto(raw, 'link')
    if (scheme !== 'https') return allowed.includes(scheme) ? undefined : schemeProblem(raw, kind, scheme)
    const url = URL.canParse(raw) ? new URL(raw) : undefined
    return url && checkUrlParts(url, raw, kind === 'link' ? 'link' : 'image')
  }
  if (raw.startsWith('//'))
    return {
      code: 'MD_URL_SCHEME',
      message: `protocol-relative ${kind} ${JSON.stringify(raw)} is not allowed`,
      hint: 'Write the full https:// address.',
    }
  return undefined
}

function schemeProblem(raw: string, kind: LinkKind, scheme: string): UrlProblem {
  const hint = scheme === 'http' ? `Use https:// instead of http://.` : undefined
  return {
    code: 'MD_URL_SCHEME',
    message: `${kind} URL scheme "${scheme}:" is not allowed (found ${JSON.stringify(raw.length > 60 ? raw.slice(0, 60) + '…' : raw)})`,
    ...(hint ? { hint } : {}),
  }
}

/**
 * What a parsed https URL carries besides scheme, host and path (WHATWG URL components) and hosts
 * that do not read as what they are (UTS #39). Errors where a portfolio link has no legitimate use
 * for the part, warnings where one exists.
 */
function checkUrlParts(url: URL, raw: string, field: string): UrlProblem | undefined {
  return (
    checkUserinfo(url, raw, field) ??
    checkSecrets(url, field) ??
    checkHost(url, field, 'error') ??
    checkPort(url, field) ??
    checkHost(url, field, 'warning') ??
    checkTracking(url, field)
  )
}

/** "https://github.com@evil.example" goes to evil.example: a user name in a link only ever misleads or leaks. */
function checkUserinfo(url: URL, raw: string, field: string): UrlProblem | undefined {
  const authority = /^[a-z][a-z0-9+.-]*:[\\/]*([^/?#\\]*)/i.exec(raw.trim())?.[1] ?? ''
  if (!url.username && !url.password && !authority.includes('@')) return undefined
  const typed = authority.slice(0, authority.lastIndexOf('@'))
  const kind = url.password
    ? `a user name and password ("${typed}@")`
    : typed
      ? `a user name ("${typed}@")`
      : 'an "@" before its host'
  return {
    code: 'URL_USERINFO',
    message: `${field} ${JSON.stringify(raw)} carries ${kind}; it goes to "${url.host}"`,
    hint: `Delete "${typed}@": write https://${url.host}${url.pathname === '/' ? '' : url.pathname}.`,
  }
}

/** Query or fragment parameters that hold credentials (OAuth puts tokens in the fragment). */
const SECRET_PARAM =
  /^(?:access[_-]?token|id[_-]?token|refresh[_-]?token|token|auth|authorization|api[_-]?key|key|secret|client[_-]?secret|password|passwd|pwd|session(?:[_-]?id)?|sid|sig|signature|x-amz-(?:signature|credential|security-token)|x-goog-(?:signature|credential))$/i

function checkSecrets(url: URL, field: string): UrlProblem | undefined {
  for (const [part, params] of [
    ['query', url.searchParams],
    ['fragment', new URLSearchParams(url.hash.slice(1))],
  ] as const) {
    for (const [name, value] of params) {
      if (value !== '' && SECRET_PARAM.test(name)) {
        return {
          code: 'URL_SECRET',
          message: `${field} carries "${name}=" in its ${part}, which looks like a credential: anyone reading the page gets it`,
          hint: `Delete "${name}=…" from the link and revoke the ${name} if it was real.`,
        }
      }
    }
  }
  return undefined
}

/** RFC 6068: a mailto: URL may name several recipients and add cc/bcc headers the visitor never reads before sending. */
function checkMailto(raw: string, field: string): UrlProblem | undefined {
  const url = URL.canParse(raw) ? new URL(raw) : undefined
  if (!url) return undefined
  const recipients = safeDecode(url.pathname)
  const headers = [...url.searchParams.keys()].filter((name) => !['subject', 'body'].includes(name.toLowerCase()))
  if (!/[,;]/.test(recipients) && headers.length === 0) return undefined
  const what =
    headers.length > 0 ? `the header "${headers[0]}="` : `more than one recipient (${JSON.stringify(recipients)})`
  const first = recipients.split(/[,;]/)[0]?.trim() ?? ''
  return {
    code: 'URL_MAILTO_RECIPIENTS',
    message: `${field} ${JSON.stringify(raw)} adds ${what}: visitors would write to addresses they did not choose`,
    hint: `Write one address and nothing else: mailto:${first}.`,
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** WHATWG drops the scheme's default port, so any port left is one visitors' networks may block. */
function checkPort(url: URL, field: string): UrlProblem | undefined {
  if (url.port === '') return undefined
  return {
    code: 'URL_PORT',
    severity: 'warning',
    message: `${field} uses port ${url.port}; firewalls and company networks often block ports other than 443`,
    hint: `Serve it on the default port: https://${url.hostname}${url.pathname === '/' ? '' : url.pathname}.`,
  }
}

const TRACKING_PARAM = /^(?:utm_[a-z]+|fbclid|gclid|dclid|msclkid|mc_eid|igshid|yclid|_hsenc|_hsmi)$/i

function checkTracking(url: URL, field: string): UrlProblem | undefined {
  const name = [...url.searchParams.keys()].find((key) => TRACKING_PARAM.test(key))
  if (name === undefined) return undefined
  return {
    code: 'URL_TRACKING',
    severity: 'warning',
    message: `${field} carries the tracking parameter "${name}"`,
    hint: 'Delete the tracking parameters; they were added by the page you copied the link from.',
  }
}

/** Scripts UTS #39 names; a letter of none of them counts as its own "other" script. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
].map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const)
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u
/** UTS #39 "Highly Restrictive": one script, or Latin with one of the East Asian sets. */
const ALLOWED_MIXES = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
]
/** Punctuation and math symbols that read as a separator in an address bar ("⁄", "∕", "．", "／"); emoji stay a warning. */
const LOOKALIKE_PUNCTUATION = /[\p{P}\p{Sm}\p{Zs}]/u

function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>()
  for (const char of label) {
    if (NEUTRAL.test(char)) continue
    scripts.add(
      SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ??
        `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()}`,
    )
  }
  return scripts
}

/** Errors: a label mixing scripts no language mixes, or non-ASCII punctuation. Warnings: any other international name. */
function checkHost(url: URL, field: string, severity: 'error' | 'warning'): UrlProblem | undefined {
  if (!url.hostname.split('.').some((label) => label.toLowerCase().startsWith('xn--'))) return undefined
  const unicode = domainToUnicode(url.hostname)
  const shown = `host "${url.hostname}" reads as "${unicode}"`
  for (const label of unicode.split('.')) {
    if (!/[^\x00-\x7f]/.test(label)) continue
    const scripts = [...scriptsOf(label)]
    if (severity === 'error') {
      const punctuation = [...label].find(
        (char) => char !== '-' && !/[\x00-\x7f]/.test(char) && LOOKALIKE_PUNCTUATION.test(char),
      )
      if (punctuation)
        return {
          code: 'URL_CONFUSABLE_HOST',
          message: `${field}: ${shown}, whose "${punctuation}" (U+${(punctuation.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}) looks like punctuation of an address`,
          hint: 'Link to the real address, typed in plain ASCII.',
        }
      if (scripts.length > 1 && !ALLOWED_MIXES.some((mix) => scripts.every((s) => mix.includes(s)))) {
        return {
          code: 'URL_CONFUSABLE_HOST',
          message: `${field}: ${shown}, whose label "${label}" mixes ${scripts.join(' and ')} letters`,
          hint: 'Type the address again on an ASCII keyboard; look-alike letters from another script lead somewhere else.',
        }
      }
    } else {
      return {
        code: 'URL_IDN_HOST',
        severity: 'warning',
        message: `${field}: ${shown}${scripts.length ? ` (${scripts.join(', ')} letters)` : ''}; visitors cannot tell it from a look-alike`,
        hint: 'Keep it only if this internationalised name is really the site; otherwise type the address in ASCII.',
      }
    }
  }
  return undefined
}
