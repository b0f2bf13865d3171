import type { ErrorObject } from 'ajv'
import { createDiagnostic, type Diagnostic } from './diagnostic.ts'
import { decodePointer, displayPath, encodePointer, isRecord, valueAt } from './json-pointer.ts'
import { locateMappingOwner, locatePointer, rawValueText, type Locatable } from './locate.ts'
import { didYouMean, nearest } from './suggest.ts'

const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype']
const YAML11_BOOLEANS = /^(y|yes|n|no|on|off|true|false)$/i
const SINGLE_LINE = '^[^\\n]*\\S[^\\n]*$'
const SLUG = '^[a-z0-9]+(-[a-z0-9]+)*$'

/** Turns ajv's errors (options allErrors + verbose) into located diagnostics, one per real problem. */
export function fromAjvErrors(errors: readonly ErrorObject[], source: Locatable, data: unknown): Diagnostic[] {
  const anyOfPaths = errors.filter((e) => e.keyword === 'anyOf').map((e) => `${e.instancePath}\0${e.schemaPath}/`)
  const out: Diagnostic[] = []
  for (const error of errors) {
    // Branch failures of an anyOf are summarised by the anyOf error itself.
    if (anyOfPaths.some((p) => `${error.instancePath}\0${error.schemaPath}`.startsWith(p))) continue
    // Failures inside propertyNames are summarised by the propertyNames error.
    if (error.propertyName !== undefined && error.keyword !== 'propertyNames') continue
    const diagnostic = convert(error, errors, source, data)
    if (diagnostic) out.push(diagnostic)
  }
  return out
}

function convert(
  error: ErrorObject,
  all: readonly ErrorObject[],
  source: Locatable,
  data: unknown,
): Diagnostic | undefined {
  const segments = decodePointer(error.instancePath)
  const where = displayPath(segments)
  const value = valueAt(data, segments)
  const params = error.params as Record<string, unknown>
  const parentSchema = (error.parentSchema ?? {}) as Record<string, unknown>
  const last = segments[segments.length - 1]
  const inMetrics = segments.length === 2 && segments[0] === 'metrics'

  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty)
      const present = isRecord(value) ? Object.keys(value) : []
      const misspelt = nearest(missing, present)
      const hint = misspelt
        ? `"${misspelt}" is present: is it a misspelling of "${missing}"?`
        : `Add "${missing}:" with a value; see its description in the schema.`
      const message =
        segments.length === 0
          ? `missing required field "${missing}"`
          : `${where} is missing required field "${missing}"`
      return createDiagnostic('SCHEMA_REQUIRED', locateMappingOwner(source, error.instancePath), message, hint)
    }
    case 'additionalProperties': {
      const key = String(params.additionalProperty)
      const at = locatePointer(source, encodePointer([...segments, key]), 'key')
      if (RESERVED_KEYS.includes(key))
        return createDiagnostic('SCHEMA_RESERVED_KEY', at, `"${key}" cannot be used as a key`)
      if (key === '<<')
        return createDiagnostic(
          'SCHEMA_UNKNOWN_KEY',
          at,
          '"<<" is not a field (YAML merge keys are not supported)',
          'Write the fields out in full instead of merging them from an anchor.',
        )
      const allowed = Object.keys((parentSchema.properties ?? {}) as object)
      const near = didYouMean(key, allowed)
      const owner = segments.length === 0 ? 'the top level' : where
      return createDiagnostic(
        'SCHEMA_UNKNOWN_KEY',
        at,
        `"${key}" is not a field of ${owner}${near ? ` — d${near.slice(1)}` : ''}`,
        near ?? `Allowed fields: ${allowed.join(', ')}.`,
      )
    }
    case 'propertyNames': {
      const key = String(params.propertyName)
      const at = locatePointer(source, encodePointer([...segments, key]), 'key')
      if (RESERVED_KEYS.includes(key))
        return createDiagnostic('SCHEMA_RESERVED_KEY', at, `"${key}" cannot be used as a key`)
      const inner = all.find(
        (e) => e.propertyName === key && e.instancePath === error.instancePath && e.keyword === 'maxLength',
      )
      if (segments[0] === 'metrics') {
        return createDiagnostic(
          'METRIC_LABEL',
          at,
          inner
            ? `metric label "${key}" is longer than ${String((inner.params as { limit: number }).limit)} characters`
            : 'metric label must not be empty',
        )
      }
      return createDiagnostic('SCHEMA_FORMAT', at, `"${key}" is not a valid key of ${where}`)
    }
    case 'discriminator': {
      const tag = String(params.tag)
      if (params.error === 'tag' && !(isRecord(value) && tag in value)) {
        return createDiagnostic(
          'SCHEMA_REQUIRED',
          locateMappingOwner(source, error.instancePath),
          `${where} is missing required field "${tag}"`,
          `Add "${tag}:" with one of: ${kindsOf(parentSchema).join(', ')}.`,
        )
      }
      const tagValue = isRecord(value) ? value[tag] : undefined
      const kinds = kindsOf(parentSchema)
      const near = typeof tagValue === 'string' ? didYouMean(tagValue, kinds) : undefined
      return createDiagnostic(
        'SCHEMA_ENUM',
        locatePointer(source, encodePointer([...segments, tag])),
        `${where}.${tag} ${JSON.stringify(tagValue)} is not a section kind (allowed: ${kinds.join(', ')})`,
        near ?? `Use one of: ${kinds.join(', ')}.`,
      )
    }
    case 'type': {
      const expected = String(params.type)
      if (segments.length === 0)
        return createDiagnostic(
          'SCHEMA_ROOT',
          { file: source.path, pointer: '', start: { line: 1, column: 1 } },
          `expected a mapping of fields at the top level; got ${describe(value)}`,
        )
      if (value === null || value === undefined) {
        const raw = rawValueText(source, error.instancePath)
        if (raw !== undefined) {
          // `NULL`, `null`, `~` are YAML's way of writing "no value", a classic trap in database tables.
          return createDiagnostic(
            'SCHEMA_TYPE',
            locatePointer(source, error.instancePath),
            `${where} is ${raw}, which YAML reads as "no value"; it must be ${expectedName(expected)}`,
            `Quote it to write the word: "${raw}".`,
          )
        }
        return createDiagnostic(
          'SCHEMA_EMPTY',
          locatePointer(source, error.instancePath, 'key'),
          `${JSON.stringify(String(last))} has an empty value but must be ${expectedName(expected)}`,
        )
      }
      const at = locatePointer(source, error.instancePath)
      if (typeof value === 'number' && !Number.isFinite(value))
        return createDiagnostic(
          'SCHEMA_TYPE',
          at,
          `${where} must be a finite number; got ${String(value)}`,
          'Write an ordinary number such as 500 or 99.9.',
        )
      if (expected === 'boolean' && typeof value === 'string' && YAML11_BOOLEANS.test(value)) {
        return createDiagnostic(
          'SCHEMA_TYPE',
          at,
          `${where} must be true or false; got the string "${value}"`,
          `"${value}" is a string; YAML 1.2 booleans are true/false — use ${/^(y|yes|on|true)$/i.test(value) ? 'true' : 'false'}.`,
        )
      }
      if (expected === 'string' && typeof value === 'number') {
        // A version (1.10), an id (007, 2024) or a code (0x1F) YAML read as a number: show what was typed.
        const typed = rawValueText(source, error.instancePath)
        if (typed !== undefined)
          return createDiagnostic(
            'SCHEMA_TYPE',
            at,
            `${where} must be text; got ${typed === String(value) ? `the number ${typed}` : `${typed}, which YAML reads as the number ${String(value)}`}`,
            `Quote it to keep it as typed: "${typed}".`,
          )
      }
      const hint =
        expected === 'array'
          ? 'Write one item per line starting with "- ".'
          : expected === 'object'
            ? 'Write the fields as indented "key: value" lines.'
            : expected === 'string'
              ? 'Quote the value to make it text, e.g. "1.0".'
              : undefined
      return createDiagnostic(
        'SCHEMA_TYPE',
        at,
        `${where} must be ${expectedName(expected)}; got ${describe(value)}`,
        hint,
      )
    }
    case 'enum':
    case 'const': {
      const allowed = (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]).map(
        String,
      )
      const at = locatePointer(source, error.instancePath)
      if (last === 'method' && segments.includes('endpoints')) {
        const upper = typeof value === 'string' ? value.toUpperCase() : ''
        const hint = allowed.includes(upper)
          ? `Use uppercase "${upper}"; methods are case-sensitive.`
          : `Use one of: ${allowed.join(', ')}.`
        return createDiagnostic(
          'ENDPOINT_METHOD',
          at,
          `${where} ${JSON.stringify(value)} is not an HTTP method (allowed: ${allowed.join(', ')})`,
          hint,
        )
      }
      const near = typeof value === 'string' ? didYouMean(value, allowed) : undefined
      return createDiagnostic(
        'SCHEMA_ENUM',
        at,
        `${where} ${JSON.stringify(value)} is not one of: ${allowed.join(', ')}`,
        near ?? `Use one of: ${allowed.join(', ')}.`,
      )
    }
    case 'anyOf': {
      if (inMetrics) {
        const at = locatePointer(source, error.instancePath, value === null ? 'key' : 'value')
        const got = value === null ? 'nothing' : describe(value)
        if (typeof value === 'number' && !Number.isFinite(value)) {
          return createDiagnostic(
            'METRIC_VALUE',
            at,
            `metrics[${JSON.stringify(String(last))}] must be a finite number; got ${String(value)}`,
            'Write an ordinary number such as 500, or a string such as "99.9%".',
          )
        }
        return createDiagnostic(
          'METRIC_VALUE',
          at,
          `metrics[${JSON.stringify(String(last))}] must be a number or a short string containing one (e.g. "<200ms", "99.9%", "10K+"); got ${got}`,
        )
      }
      return createDiagnostic(
        'SCHEMA_TYPE',
        locatePointer(source, error.instancePath),
        `${where} does not match any allowed form; got ${describe(value)}`,
      )
    }
    case 'pattern': {
      const pattern = String(params.pattern)
      const at = locatePointer(source, error.instancePath)
      if ((pattern === '\\S' || pattern === SINGLE_LINE) && typeof value === 'string') {
        if (/\S/.test(value))
          return createDiagnostic(
            'SCHEMA_FORMAT',
            at,
            `${where} must be a single line`,
            'Join the lines, or use a field that takes markdown for longer text.',
          )
        return createDiagnostic('SCHEMA_EMPTY', at, `${where} must contain non-space text`)
      }
      if (pattern === SLUG)
        return createDiagnostic(
          'SCHEMA_FORMAT',
          at,
          `${where} ${JSON.stringify(value)} must be lowercase kebab-case (a-z, 0-9 and single dashes)`,
          typeof value === 'string' ? `For example "${slugify(value)}".` : undefined,
        )
      if (pattern === '[0-9]')
        return createDiagnostic(
          'SCHEMA_FORMAT',
          at,
          `${where} ${JSON.stringify(value)} must contain a number`,
          'Write the figure itself, e.g. "99.9%" or "10K+".',
        )
      const description = typeof parentSchema.description === 'string' ? parentSchema.description : undefined
      return createDiagnostic(
        'SCHEMA_FORMAT',
        at,
        `${where} ${JSON.stringify(value)} does not have the expected format`,
        description,
      )
    }
    case 'minLength':
      return createDiagnostic(
        'SCHEMA_EMPTY',
        locatePointer(source, error.instancePath),
        `${where} must contain non-space text`,
      )
    case 'maxLength':
      return createDiagnostic(
        'LIMIT',
        locatePointer(source, error.instancePath),
        `${where} is ${typeof value === 'string' ? value.length : '?'} characters > ${String(params.limit)}`,
      )
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties': {
      const count = Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : 0
      const min = Number(parentSchema.minItems ?? parentSchema.minProperties ?? 0)
      const max = Number(parentSchema.maxItems ?? parentSchema.maxProperties ?? Infinity)
      const at = locatePointer(source, error.instancePath, 'key')
      const noun = error.keyword.endsWith('Items') ? 'items' : 'entries'
      if (min === max)
        return createDiagnostic('SCHEMA_COUNT', at, `${where} must have exactly ${min} ${noun} (found ${count})`)
      if (error.keyword.startsWith('max'))
        return createDiagnostic('LIMIT', at, `${where} has ${count} ${noun} > ${max}`)
      const unit = noun === 'items' ? (min === 1 ? 'item' : 'items') : min === 1 ? 'entry' : 'entries'
      return createDiagnostic('SCHEMA_COUNT', at, `${where} must have at least ${min} ${unit} (found ${count})`)
    }
    case 'uniqueItems': {
      const i = Number(params.i)
      const j = Number(params.j)
      const later = Math.max(i, j)
      const earlier = locatePointer(source, encodePointer([...segments, Math.min(i, j)])).start
      return createDiagnostic(
        'SCHEMA_UNIQUE',
        locatePointer(source, encodePointer([...segments, later])),
        `${where}[${later}] repeats the item at ${earlier.line}:${earlier.column}`,
      )
    }
    case 'not':
      return createDiagnostic(
        'SCHEMA_RESERVED_KEY',
        locatePointer(source, error.instancePath),
        `${JSON.stringify(value)} cannot be used here`,
      )
    case 'oneOf':
    case 'if':
      return undefined
    default:
      return createDiagnostic(
        'SCHEMA_FORMAT',
        locatePointer(source, error.instancePath),
        `${where} ${error.message ?? 'is invalid'}`,
      )
  }
}

function kindsOf(parentSchema: Record<string, unknown>): string[] {
  const branches = (parentSchema.oneOf ?? []) as { $ref?: string }[]
  // Section kinds are named after their $defs: "#/$defs/proseSection" → "prose"; read them from the schema
  // the error came from rather than keeping a second list here.
  const names = branches.map((b) => (b.$ref ?? '').replace(/^#\/\$defs\//, '').replace(/Section$/, ''))
  return names.map((n) => n.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).filter(Boolean)
}

function expectedName(type: string): string {
  return (
    (
      {
        string: 'text',
        array: 'a list',
        object: 'a mapping',
        number: 'a number',
        integer: 'a whole number',
        boolean: 'true or false',
      } as Record<string, string>
    )[type] ?? type
  )
}

export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  if (typeof value === 'string')
    return `a string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`
  if (typeof value === 'boolean') return `${value}`
  return `the number ${String(value)}`
}

function slugify(value: string): string {
  return (
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'my-project'
  )
}
