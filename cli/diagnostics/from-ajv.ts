import type { ErrorObject } from 'ajv'
import { diagnosticCodes, type DiagnosticCode } from './codes.ts'
import { createDiagnostic, type Diagnostic, type Located } from './diagnostic.ts'
import { decodePointer, displayPath, encodePointer, isRecord, valueAt } from './json-pointer.ts'
import { locateMappingOwner, locatePointer, rawValueText, type Locatable } from './locate.ts'
import { didYouMean, nearest } from './suggest.ts'

const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype']
const YAML11_BOOLEANS = /^(y|yes|n|no|on|off|true|false)$/i

/** The schemas' own keyword for wording that belongs to one field (registered with ajv in validate-schema.ts). */
export const WORDING_KEYWORD = 'x-diagnostics'

/**
 * A field's wording for one ajv keyword, in the schema: `"x-diagnostics": { "<keyword>": Wording }`.
 * It replaces the code, message and hint the keyword's handler drafts (the position stays the
 * handler's). `{name}` in a message or hint is filled from what the handler knows: at, value, raw,
 * got, last, key, limit, allowed, match, slug. A variant applies when the handler finds its case:
 * `blank` a value or key of only spaces, `nonFinite` an infinite number or NaN, `caseOnly` an
 * enum value that differs from an allowed one only in case.
 */
interface Wording {
  code?: string
  message?: string
  hint?: string
  blank?: Wording
  nonFinite?: Wording
  caseOnly?: Wording
}

type Variant = 'blank' | 'nonFinite' | 'caseOnly'

/** What every handler knows of one ajv error. */
interface Failure {
  error: ErrorObject
  all: readonly ErrorObject[]
  source: Locatable
  segments: (string | number)[]
  where: string
  value: unknown
  params: Record<string, unknown>
  parentSchema: Record<string, unknown>
}

/** A handler's diagnostic before the field's wording, if the schema has one, is applied. */
interface Draft {
  code: DiagnosticCode
  at: Located
  message: string
  hint?: string | undefined
  /** Values for the wording's `{name}` placeholders, besides the common ones. */
  vars?: Record<string, string>
  variant?: Variant | undefined
  /** A problem of its own (a reserved key), which no field's wording is about. */
  final?: true
}

type Handler = (failure: Failure) => Draft | undefined

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
  const failure: Failure = {
    error,
    all,
    source,
    segments,
    where: displayPath(segments),
    value: valueAt(data, segments),
    params: error.params as Record<string, unknown>,
    parentSchema: (error.parentSchema ?? {}) as Record<string, unknown>,
  }
  const draft = (handlers[error.keyword] ?? otherKeyword)(failure)
  return draft && createDiagnostic(...worded(draft, failure))
}

/** The draft with the field's wording from the schema applied, as createDiagnostic's arguments. */
function worded(draft: Draft, failure: Failure): [DiagnosticCode, Located, string, string | undefined] {
  const wordings = failure.parentSchema[WORDING_KEYWORD] as Record<string, Wording> | undefined
  const base = wordings?.[failure.error.keyword]
  if (!base || draft.final) return [draft.code, draft.at, draft.message, draft.hint]
  const variant = draft.variant ? base[draft.variant] : undefined
  // A variant with a message of its own does not take the general case's hint.
  const wording = variant
    ? { ...base, ...variant, hint: variant.hint ?? (variant.message ? undefined : base.hint) }
    : base
  const { value, segments } = failure
  const vars: Record<string, string> = {
    at: failure.where,
    value: JSON.stringify(value),
    raw: String(value),
    got: describe(value),
    last: JSON.stringify(String(segments[segments.length - 1])),
    ...draft.vars,
  }
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole)
  const code =
    wording.code !== undefined && wording.code in diagnosticCodes ? (wording.code as DiagnosticCode) : draft.code
  // A message of the field's own comes with its own hint, or none (the code's general hint then).
  const hint = wording.hint !== undefined ? fill(wording.hint) : wording.message !== undefined ? undefined : draft.hint
  return [code, draft.at, wording.message !== undefined ? fill(wording.message) : draft.message, hint]
}

const isBlank = (text: unknown): boolean => typeof text === 'string' && !/\S/.test(text)

const required: Handler = ({ error, params, segments, where, value, source }) => {
  const missing = String(params.missingProperty)
  const misspelt = nearest(missing, isRecord(value) ? Object.keys(value) : [])
  return {
    code: 'SCHEMA_REQUIRED',
    at: locateMappingOwner(source, error.instancePath),
    message:
      segments.length === 0 ? `missing required field "${missing}"` : `${where} is missing required field "${missing}"`,
    hint: misspelt
      ? `"${misspelt}" is present: is it a misspelling of "${missing}"?`
      : `Add "${missing}:" with a value; see its description in the schema.`,
  }
}

const additionalProperties: Handler = ({ params, segments, where, source, parentSchema }) => {
  const key = String(params.additionalProperty)
  const at = locatePointer(source, encodePointer([...segments, key]), 'key')
  if (RESERVED_KEYS.includes(key)) return reservedKey(key, at)
  if (key === '<<')
    return {
      code: 'SCHEMA_UNKNOWN_KEY',
      at,
      message: '"<<" is not a field (YAML merge keys are not supported)',
      hint: 'Write the fields out in full instead of merging them from an anchor.',
    }
  const allowed = Object.keys((parentSchema.properties ?? {}) as object)
  const near = didYouMean(key, allowed)
  return {
    code: 'SCHEMA_UNKNOWN_KEY',
    at,
    message: `"${key}" is not a field of ${segments.length === 0 ? 'the top level' : where}${near ? ` — d${near.slice(1)}` : ''}`,
    hint: near ?? `Allowed fields: ${allowed.join(', ')}.`,
  }
}

const reservedKey = (key: string, at: Located): Draft => ({
  code: 'SCHEMA_RESERVED_KEY',
  at,
  message: `"${key}" cannot be used as a key`,
  final: true,
})

const propertyNames: Handler = ({ error, all, params, segments, where, source }) => {
  const key = String(params.propertyName)
  const at = locatePointer(source, encodePointer([...segments, key]), 'key')
  if (RESERVED_KEYS.includes(key)) return reservedKey(key, at)
  const tooLong = all.find(
    (e) => e.propertyName === key && e.instancePath === error.instancePath && e.keyword === 'maxLength',
  )
  return {
    code: 'SCHEMA_FORMAT',
    at,
    message: `"${key}" is not a valid key of ${where}`,
    vars: { key: `"${key}"`, ...(tooLong ? { limit: String((tooLong.params as { limit: number }).limit) } : {}) },
    variant: isBlank(key) ? 'blank' : undefined,
  }
}

const discriminator: Handler = ({ error, params, segments, where, value, source, parentSchema }) => {
  const tag = String(params.tag)
  const kinds = kindsOf(parentSchema)
  if (params.error === 'tag' && !(isRecord(value) && tag in value))
    return {
      code: 'SCHEMA_REQUIRED',
      at: locateMappingOwner(source, error.instancePath),
      message: `${where} is missing required field "${tag}"`,
      hint: `Add "${tag}:" with one of: ${kinds.join(', ')}.`,
    }
  const tagValue = isRecord(value) ? value[tag] : undefined
  const near = typeof tagValue === 'string' ? didYouMean(tagValue, kinds) : undefined
  return {
    code: 'SCHEMA_ENUM',
    at: locatePointer(source, encodePointer([...segments, tag])),
    message: `${where}.${tag} ${JSON.stringify(tagValue)} is not a section kind (allowed: ${kinds.join(', ')})`,
    hint: near ?? `Use one of: ${kinds.join(', ')}.`,
  }
}

const type: Handler = (failure) => {
  const { error, params, segments, where, value, source } = failure
  const expected = String(params.type)
  if (segments.length === 0)
    return {
      code: 'SCHEMA_ROOT',
      at: { file: source.path, pointer: '', start: { line: 1, column: 1 } },
      message: `expected a mapping of fields at the top level; got ${describe(value)}`,
    }
  if (value === null || value === undefined) return missingValue(failure, expected)
  const at = locatePointer(source, error.instancePath)
  if (typeof value === 'number' && !Number.isFinite(value))
    return {
      code: 'SCHEMA_TYPE',
      at,
      message: `${where} must be a finite number; got ${String(value)}`,
      hint: 'Write an ordinary number such as 500 or 99.9.',
    }
  if (expected === 'boolean' && typeof value === 'string' && YAML11_BOOLEANS.test(value))
    return {
      code: 'SCHEMA_TYPE',
      at,
      message: `${where} must be true or false; got the string "${value}"`,
      hint: `"${value}" is a string; YAML 1.2 booleans are true/false — use ${/^(y|yes|on|true)$/i.test(value) ? 'true' : 'false'}.`,
    }
  // A version (1.10), an id (007, 2024) or a code (0x1F) YAML read as a number: show what was typed.
  const typed =
    expected === 'string' && typeof value === 'number' ? rawValueText(source, error.instancePath) : undefined
  if (typed !== undefined)
    return {
      code: 'SCHEMA_TYPE',
      at,
      message: `${where} must be text; got ${typed === String(value) ? `the number ${typed}` : `${typed}, which YAML reads as the number ${String(value)}`}`,
      hint: `Quote it to keep it as typed: "${typed}".`,
    }
  return {
    code: 'SCHEMA_TYPE',
    at,
    message: `${where} must be ${expectedName(expected)}; got ${describe(value)}`,
    hint: TYPE_HINTS[expected],
  }
}

const TYPE_HINTS: Record<string, string | undefined> = {
  array: 'Write one item per line starting with "- ".',
  object: 'Write the fields as indented "key: value" lines.',
  string: 'Quote the value to make it text, e.g. "1.0".',
}

/** A field with no value: an empty one, or one YAML reads as null (`NULL`, `null`, `~`, a classic trap in database tables). */
function missingValue({ error, segments, where, source }: Failure, expected: string): Draft {
  const raw = rawValueText(source, error.instancePath)
  if (raw !== undefined)
    return {
      code: 'SCHEMA_TYPE',
      at: locatePointer(source, error.instancePath),
      message: `${where} is ${raw}, which YAML reads as "no value"; it must be ${expectedName(expected)}`,
      hint: `Quote it to write the word: "${raw}".`,
    }
  return {
    code: 'SCHEMA_EMPTY',
    at: locatePointer(source, error.instancePath, 'key'),
    message: `${JSON.stringify(String(segments[segments.length - 1]))} has an empty value but must be ${expectedName(expected)}`,
  }
}

const allowedValues: Handler = ({ error, params, where, value, source }) => {
  const allowed = (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]).map(String)
  const text = typeof value === 'string' ? value : undefined
  const match =
    text === undefined ? undefined : allowed.find((a) => a !== text && a.toLowerCase() === text.toLowerCase())
  const near = text === undefined ? undefined : didYouMean(text, allowed)
  return {
    code: 'SCHEMA_ENUM',
    at: locatePointer(source, error.instancePath),
    message: `${where} ${JSON.stringify(value)} is not one of: ${allowed.join(', ')}`,
    hint: near ?? `Use one of: ${allowed.join(', ')}.`,
    vars: { allowed: allowed.join(', '), ...(match ? { match } : {}) },
    variant: match ? 'caseOnly' : undefined,
  }
}

/** The field sets of an anyOf whose every branch only requires fields (a translated entry's keys), or undefined. */
function requiredAlternatives(parentSchema: Record<string, unknown>): string[][] | undefined {
  const branches = parentSchema.anyOf
  if (!Array.isArray(branches) || branches.length === 0) return undefined
  const sets = branches.map((branch: unknown) =>
    isRecord(branch) && Object.keys(branch).length === 1 && Array.isArray(branch.required)
      ? branch.required.map(String)
      : undefined,
  )
  return sets.every((set) => set !== undefined) ? (sets as string[][]) : undefined
}

const anyOf: Handler = (failure) => {
  const { error, where, value, source, parentSchema } = failure
  const keys = isRecord(value) ? requiredAlternatives(parentSchema) : undefined
  if (keys) {
    const named = keys.map((set) => set.map((field) => `"${field}"`).join(' and ')).join(' or ')
    return {
      code: 'SCHEMA_REQUIRED',
      at: locateMappingOwner(source, error.instancePath),
      message: `${where} is missing the field it is matched by: ${named}`,
      hint: `Add ${named} with the value of the entry it translates.`,
    }
  }
  return otherForm(failure)
}

const otherForm: Handler = ({ error, where, value, source }) => ({
  code: 'SCHEMA_TYPE',
  // An empty value has no place of its own: its key is where it is missing.
  at: locatePointer(source, error.instancePath, value === null ? 'key' : 'value'),
  message: `${where} does not match any allowed form; got ${describe(value)}`,
  variant: typeof value === 'number' && !Number.isFinite(value) ? 'nonFinite' : undefined,
})

const pattern: Handler = ({ error, where, value, source, parentSchema }) => ({
  code: 'SCHEMA_FORMAT',
  at: locatePointer(source, error.instancePath),
  message: `${where} ${JSON.stringify(value)} does not have the expected format`,
  hint: typeof parentSchema.description === 'string' ? parentSchema.description : undefined,
  vars: typeof value === 'string' ? { slug: slugify(value) } : undefined,
  variant: isBlank(value) ? 'blank' : undefined,
})

const minLength: Handler = ({ error, where, source }) => ({
  code: 'SCHEMA_EMPTY',
  at: locatePointer(source, error.instancePath),
  message: `${where} must contain non-space text`,
})

const maxLength: Handler = ({ error, params, where, value, source }) => ({
  code: 'LIMIT',
  at: locatePointer(source, error.instancePath),
  message: `${where} is ${typeof value === 'string' ? value.length : '?'} characters > ${String(params.limit)}`,
})

/** minItems, maxItems, minProperties, maxProperties. */
const count: Handler = ({ error, where, value, source, parentSchema }) => {
  const found = Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : 0
  const min = Number(parentSchema.minItems ?? parentSchema.minProperties ?? 0)
  const max = Number(parentSchema.maxItems ?? parentSchema.maxProperties ?? Infinity)
  const at = locatePointer(source, error.instancePath, 'key')
  const noun = error.keyword.endsWith('Items') ? 'items' : 'entries'
  if (min === max)
    return { code: 'SCHEMA_COUNT', at, message: `${where} must have exactly ${min} ${noun} (found ${found})` }
  if (error.keyword.startsWith('max')) return { code: 'LIMIT', at, message: `${where} has ${found} ${noun} > ${max}` }
  const unit = noun === 'items' ? (min === 1 ? 'item' : 'items') : min === 1 ? 'entry' : 'entries'
  return { code: 'SCHEMA_COUNT', at, message: `${where} must have at least ${min} ${unit} (found ${found})` }
}

const uniqueItems: Handler = ({ params, segments, where, source }) => {
  const [i, j] = [Number(params.i), Number(params.j)]
  const later = Math.max(i, j)
  const earlier = locatePointer(source, encodePointer([...segments, Math.min(i, j)])).start
  return {
    code: 'SCHEMA_UNIQUE',
    at: locatePointer(source, encodePointer([...segments, later])),
    message: `${where}[${later}] repeats the item at ${earlier.line}:${earlier.column}`,
  }
}

const not: Handler = ({ error, value, source }) => ({
  code: 'SCHEMA_RESERVED_KEY',
  at: locatePointer(source, error.instancePath),
  message: `${JSON.stringify(value)} cannot be used here`,
})

/** A keyword without a handler of its own: ajv's message, located. */
const otherKeyword: Handler = ({ error, where, source }) => ({
  code: 'SCHEMA_FORMAT',
  at: locatePointer(source, error.instancePath),
  message: `${where} ${error.message ?? 'is invalid'}`,
})

/** One handler per ajv keyword. oneOf and if are reported by what failed inside them. */
const handlers: Partial<Record<string, Handler>> = {
  required,
  additionalProperties,
  propertyNames,
  discriminator,
  type,
  enum: allowedValues,
  const: allowedValues,
  anyOf,
  pattern,
  minLength,
  maxLength,
  minItems: count,
  maxItems: count,
  minProperties: count,
  maxProperties: count,
  uniqueItems,
  not,
  oneOf: () => undefined,
  if: () => undefined,
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

function describe(value: unknown): string {
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
