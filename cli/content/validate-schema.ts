import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cacheDirectory as cacheRoot, schemaUrl } from '../paths.ts'
import type { ValidateFunction } from 'ajv'
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import { fromAjvErrors, WORDING_KEYWORD } from '../diagnostics/from-ajv.ts'
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

// strictNumbers rejects NaN and Infinity (`.nan`, `.inf`) where a number is expected.
const AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: true,
  strictRequired: false,
  strictNumbers: true,
  discriminator: true,
  // The schemas' wording for one field's failures (read by from-ajv.ts); nothing to validate, so
  // standalone code needs nothing for it.
  keywords: [WORDING_KEYWORD] as string[],
} as const

let validators: Record<SchemaName, ValidateFunction> | undefined

/**
 * The validators, compiled by ajv once per version of the schemas, the options and ajv itself:
 * compiling takes about a second, loading ajv's standalone code of them a few tens of milliseconds.
 * A missing, stale or corrupt file is never trusted, only compiled again.
 */
function getValidators(): Record<SchemaName, ValidateFunction> {
  if (validators) return validators
  const require = createRequire(import.meta.url)
  const texts = { portfolio: readSchemaText('portfolio'), project: readSchemaText('project') }
  const ajvVersion = (require('ajv/package.json') as { version: string }).version
  const hash = createHash('sha256')
    .update(`${ajvVersion}\0${JSON.stringify(AJV_OPTIONS)}\0${texts.portfolio}\0${texts.project}`)
    .digest('hex')
    .slice(0, 16)
  const cached = `${cacheDirectory}validators-${hash}.cjs`
  try {
    const loaded = require(cached) as Partial<Record<SchemaName, ValidateFunction>>
    if (typeof loaded.portfolio === 'function' && typeof loaded.project === 'function')
      return (validators = { portfolio: loaded.portfolio, project: loaded.project })
  } catch {
    // not compiled yet, or unreadable: compiled below
  }
  // Loaded only when compiling: importing ajv costs more than validating the content.
  const Ajv2020 = (require('ajv/dist/2020.js') as { default: typeof import('ajv/dist/2020.js').default }).default
  const standaloneCode = (
    require('ajv/dist/standalone/index.js') as { default: typeof import('ajv/dist/standalone/index.js').default }
  ).default
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true } })
  const schemas = {
    portfolio: JSON.parse(texts.portfolio) as { $id: string },
    project: JSON.parse(texts.project) as { $id: string },
  }
  const compiled = { portfolio: ajv.compile(schemas.portfolio), project: ajv.compile(schemas.project) }
  // A read-only install still validates; it compiles on every run.
  writeFileAtomically(cached, standaloneCode(ajv, { portfolio: schemas.portfolio.$id, project: schemas.project.$id }))
  removeOtherVersions(cacheDirectory, /^validators-[0-9a-f]{16}\.cjs$/, (name) => name === `validators-${hash}.cjs`)
  return (validators = compiled)
}

export function validateSchema(parsed: ParsedDocument, name: SchemaName): Diagnostic[] {
  const validate = getValidators()[name]
  if (validate(parsed.data)) return []
  return fromAjvErrors(validate.errors ?? [], parsed, parsed.data)
}
