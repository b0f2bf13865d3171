/** RFC 6901 JSON Pointer → path segments; array indices become numbers. */
export function decodePointer(pointer: string): (string | number)[] {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~')
      return /^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment
    })
}

export function encodePointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => '/' + String(s).replaceAll('~', '~0').replaceAll('/', '~1')).join('')
}

/** A readable path for messages: sections[3].endpoints[2].method, metrics["Response time"]. */
export function displayPath(segments: readonly (string | number)[]): string {
  let out = ''
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`
    else if (/^[A-Za-z_$][\w$]*$/.test(s)) out += out ? `.${s}` : s
    else out += `[${JSON.stringify(s)}]`
  }
  return out || '(top level)'
}

/** The value at `segments` in plain data, or undefined when the path does not exist. */
export function valueAt(data: unknown, segments: readonly (string | number)[]): unknown {
  let node = data
  for (const s of segments) {
    if (Array.isArray(node) && typeof s === 'number') node = node[s]
    else if (isRecord(node) && Object.hasOwn(node, String(s))) node = node[String(s)]
    else return undefined
  }
  return node
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
