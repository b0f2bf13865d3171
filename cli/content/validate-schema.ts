import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cacheDirectory as cacheRoot, schemaUrl } from '../paths.ts'
import type { ValidateFunction } from 'ajv'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { fromAjvErrors } from '../diagnostics/from-ajv.ts'
import { removeOtherVersions, writeFileAtomically } from '../cache/cache-entries.ts'
import type { ParsedDocument } from './parse-yaml.ts'

export type SchemaName = 'portfolio' | 'project'

export const schemaDirectory = schemaUrl
/** Compiled validators, keyed by a hash of the schemas: compiling costs more than validating. */
const cacheDirectory = cacheRoot

export function readSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readSchemaText(name)) as Record<string, unknown>
}

export function readSchemaText(name: SchemaName): string {
  return readFileSync(new URL(`${name}.schema.json`, schemaDirectory), 'utf8')
}

const AJV_OPTIONS = { allErrors: true, verbose: true, strict: true, strictRequired: false, strictNumbers: true, discriminator: true } as const

let validators: Record<SchemaName, ValidateFunction> | undefined

/**
 * A string's length in code points, as ajv's ucs2length counts it (a high surrogate followed by a low
 * one is one), with the pairs found by a regular expression: ajv's helper walks every character in
 * JavaScript, and every section of a project is measured against its minLength and maxLength (at 1000
 * projects ~75 ms of CPU, against ~5 ms). The standalone code gets it in place of its require.
 */
const CODE_POINT_COUNT = 'function ucs2length(text) { const pairs = text.match(/[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]/g); return text.length - (pairs ? pairs.length : 0) }'
const AJV_CODE_POINT_COUNT = 'require("ajv/dist/runtime/ucs2length").default'

/** The validators' standalone code counting lengths with CODE_POINT_COUNT (unchanged if ajv's code no longer requires its helper so). */
export function withQuickLengths(code: string): string {
  return code.replace(AJV_CODE_POINT_COUNT, () => `(${CODE_POINT_COUNT})`)
}

/**
 * The validators, compiled once per schema version: loaded from ajv's standalone code in the cache
 * when the schemas are unchanged, otherwise compiled (and the code cached for the next run).
 * A missing, stale or corrupt cache is never trusted, only rebuilt.
 */
function getValidators(): Record<SchemaName, ValidateFunction> {
  if (validators) return validators
  const texts = { portfolio: readSchemaText('portfolio'), project: readSchemaText('project') }
  const hash = createHash('sha256').update(texts.portfolio).update('\0').update(texts.project).update(JSON.stringify(AJV_OPTIONS)).update(CODE_POINT_COUNT).digest('hex').slice(0, 16)
  const cached = `${cacheDirectory}validators-${hash}.cjs`
  try {
    const loaded = createRequire(import.meta.url)(cached) as Partial<Record<SchemaName, ValidateFunction>>
    if (typeof loaded.portfolio === 'function' && typeof loaded.project === 'function') return (validators = { portfolio: loaded.portfolio, project: loaded.project })
  } catch {
    // not cached yet, or unreadable: compile below
  }
  // ajv itself is loaded only on a cache miss: importing it costs as much as validating.
  const require = createRequire(import.meta.url)
  const Ajv2020 = (require('ajv/dist/2020.js') as { default: typeof import('ajv/dist/2020.js').default }).default
  const standaloneCode = (require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default }).default
  // strictNumbers rejects NaN and Infinity (`.nan`, `.inf`) where a number is expected.
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true } })
  const schemas = { portfolio: JSON.parse(texts.portfolio) as { $id: string }, project: JSON.parse(texts.project) as { $id: string } }
  const compiled = { portfolio: ajv.compile(schemas.portfolio), project: ajv.compile(schemas.project) }
  // Kept for the next run; a read-only install still validates, it just compiles every run.
  writeFileAtomically(cached, withQuickLengths(standaloneCode(ajv, { portfolio: schemas.portfolio.$id, project: schemas.project.$id })))
  removeOtherVersions(cacheDirectory, /^validators-[0-9a-f]{16}\.cjs$/, (name) => name === `validators-${hash}.cjs`)
  return (validators = compiled)
}

export function validateSchema(parsed: ParsedDocument, name: SchemaName): Diagnostic[] {
  const validate = getValidators()[name]
  if (validate(parsed.data)) return []
  return fromAjvErrors(validate.errors ?? [], parsed, parsed.data)
}
